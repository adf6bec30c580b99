import crypto from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { HttpClient } from './client.ts';
import { closeDatabase, database, loginAt, member, serverUrl } from './fixtures.ts';

afterAll(closeDatabase);

// State the servers keep outside the database (Redis) is the same on every server.

describe('state kept in Redis', () => {
  it('a promotion dismissed on A stays dismissed on B', async () => {
    const surface = `SCALE_${crypto.randomBytes(3).toString('hex')}`;
    const now = Math.floor(Date.now() / 1000);
    const id = `promo-${crypto.randomBytes(4).toString('hex')}`;
    await (
      await database()
    )
      .insertInto('promotions')
      .values({
        id,
        surface,
        priority: 1,
        start_time: now - 60,
        end_time: now + 3600,
        max_impressions: 5,
        template: JSON.stringify({ promotion_id: id, creatives: { title: { text: 'Hi' } } }),
      })
      .execute();
    const onA = await loginAt(serverUrl('A'), await member('promoted'));
    const onB = onA.at(serverUrl('B'));
    type Reply = {
      qp_data: { viewer: { eligible_promotions: { edges: { node: { id: string } }[] } } };
    };
    const eligible = async (client: HttpClient) => {
      const res = await client.post('/qp/fetch_web/', { surface_param: surface, version: '1' });
      expect(res.status).toBe(200);
      return ((await res.json()) as Reply).qp_data.viewer.eligible_promotions.edges.map(
        (e) => e.node.id,
      );
    };
    expect(await eligible(onB)).toEqual([id]);
    expect((await onA.post('/qp/dismiss/', { promotion_id: id })).status).toBe(200);
    expect(await eligible(onB)).toEqual([]);
  });

  it('a CSP report posted to A is listed by B (development)', async () => {
    const marker = `https://scale-out.test/${crypto.randomBytes(4).toString('hex')}`;
    const listed = async (server: 'A' | 'B') => {
      const res = await new HttpClient(serverUrl(server)).get('/dev/csp-reports/');
      const body = (await res.json()) as { reports: { blockedUri: string }[] };
      return body.reports.map((r) => r.blockedUri);
    };
    const posted = await fetch(`${serverUrl('A')}/csp-report/`, {
      method: 'POST',
      headers: { 'content-type': 'application/csp-report' },
      body: JSON.stringify({
        'csp-report': {
          'document-uri': `${serverUrl('A')}/`,
          'violated-directive': 'script-src',
          'blocked-uri': marker,
        },
      }),
    });
    expect(posted.status).toBe(204);
    expect(await listed('B')).toContain(marker);
  });
});
