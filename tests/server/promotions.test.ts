import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createUser, login, TestClient, type TestApp } from './helpers.ts';

interface FetchReply {
  qp_data: {
    viewer: {
      eligible_promotions: {
        edges: {
          node: { id: string; promotion_id: string; max_impressions: number; creatives: unknown };
          priority: number;
          time_range: { start: number; end: number };
        }[];
      };
    };
  };
  status: string;
}

const NOW = 1_700_000_000;
const template = (title: string) =>
  JSON.stringify({
    promotion_id: `promo-${title}`,
    template: { name: 'feed_banner', parameters: [] },
    creatives: { title: { text: title }, content: { text: 'Body' } },
    actions: { primary_action: { title: { text: 'Go' }, url: 'glint://explore' } },
    image: { uri: '/media/promo/1.jpg' },
    triggers: ['SESSION_START'],
  });

describe('promotions', () => {
  let t: TestApp;
  let member: TestClient;

  const fetchWeb = async (client: TestClient, surface = 'WEB_FEED') => {
    const res = await client.post('/qp/fetch_web/', { surface_param: surface, version: '1' });
    expect(res.statusCode).toBe(200);
    return (res.json() as FetchReply).qp_data.viewer.eligible_promotions.edges;
  };

  beforeAll(async () => {
    t = await createTestApp({ now: () => NOW });
    await createUser(t.ctx, { username: 'member' });
    const row = (
      id: string,
      priority: number,
      start: number,
      end: number,
      surface = 'WEB_FEED',
    ) => ({
      id,
      surface,
      priority,
      start_time: start,
      end_time: end,
      max_impressions: 5,
      template: template(id),
    });
    await t.ctx.db
      .insertInto('promotions')
      .values([
        row('second', 2, NOW - 10, NOW + 10),
        row('first', 1, NOW - 10, NOW + 10),
        row('expired', 0, NOW - 100, NOW - 1),
        row('future', 0, NOW + 1, NOW + 100),
        row('other', 0, NOW - 10, NOW + 10, 'WEB_PROFILE'),
      ])
      .execute();
    member = await login(t.app, 'member');
  });
  afterAll(() => t.close());

  it('lists active promotions of the surface, by priority', async () => {
    const edges = await fetchWeb(member);
    expect(edges.map((e) => e.node.id)).toEqual(['first', 'second']);
    expect(edges[0]).toMatchObject({
      priority: 1,
      time_range: { start: NOW - 10, end: NOW + 10 },
      node: {
        promotion_id: 'promo-first',
        max_impressions: 5,
        creatives: { title: { text: 'first' } },
      },
    });
    expect((await fetchWeb(member, 'WEB_PROFILE')).map((e) => e.node.id)).toEqual(['other']);
  });

  it('gives visitors no promotions', async () => {
    expect(await fetchWeb(new TestClient(t.app))).toEqual([]);
  });

  it('hides a dismissed promotion from that viewer', async () => {
    const res = await member.post('/qp/dismiss/', { promotion_id: 'second' });
    expect(res.statusCode).toBe(200);
    expect((await fetchWeb(member)).map((e) => e.node.id)).toEqual(['first']);
  });

  it('refuses bad input and visitors dismissing', async () => {
    expect((await member.post('/qp/fetch_web/', { version: '1' })).statusCode).toBe(400);
    const bad = await member.post('/qp/dismiss/', { promotion_id: '../x' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ status: 'fail' });
    const anon = await new TestClient(t.app).post('/qp/dismiss/', { promotion_id: 'first' });
    expect(anon.statusCode).toBe(403);
  });
});
