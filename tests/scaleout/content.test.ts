import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UsersTable } from '../../server/db/schema.ts';
import type { HttpClient } from './client.ts';
import {
  closeDatabase,
  configure,
  loginAt,
  mediaInfo,
  member,
  newUploadId,
  photo,
  serverUrl,
  tusUpload,
} from './fixtures.ts';

afterAll(closeDatabase);

interface FeedNode {
  shortcode?: string;
  edge_media_preview_like?: { count: number };
}
interface FeedData {
  user: { edge_web_feed_timeline: { edges: { node: FeedNode }[] } };
}

const feedShortcodes = async (client: HttpClient) =>
  (await client.graph<FeedData>('feed', {})).user.edge_web_feed_timeline.edges.map(
    (e) => e.node.shortcode,
  );

/** A post by `client`'s member, uploaded and shared through the server `client` talks to. */
async function share(client: HttpClient, seed: number, caption: string) {
  const uploadId = newUploadId();
  await tusUpload(client, await photo(seed, 600), uploadId);
  return configure(client, uploadId, caption);
}

describe('content across servers', () => {
  let author: UsersTable;
  let reader: UsersTable;
  let authorOnA: HttpClient;
  let readerOnB: HttpClient;

  beforeAll(async () => {
    [author, reader] = await Promise.all([member('author'), member('reader')]);
    [authorOnA, readerOnB] = await Promise.all([
      loginAt(serverUrl('A'), author),
      loginAt(serverUrl('B'), reader),
    ]);
    const followed = await readerOnB.post(`/web/friendships/${author.id}/follow/`);
    expect(followed.status).toBe(200);
  });

  it("a post made on A is in B's feed", async () => {
    const shortcode = await share(authorOnA, 3, 'posted on A');
    expect(await feedShortcodes(readerOnB)).toContain(shortcode);
  });

  // No server keeps feed answers on PostgreSQL (ANSWER_CACHE): another machine's writes could
  // not be seen. Whatever B does, a like made on A is in B's next answer.
  it("B's feed never hides a like made on A a moment before", async () => {
    const shortcode = await share(authorOnA, 6, 'counted across servers');
    const likesOnB = async () => {
      const data = await readerOnB.graph<FeedData>('feed', {});
      const edges = data.user.edge_web_feed_timeline.edges;
      return edges.find((e) => e.node.shortcode === shortcode)?.node.edge_media_preview_like?.count;
    };
    expect([await likesOnB(), await likesOnB()]).toEqual([0, 0]);
    const { media } = await mediaInfo(authorOnA, shortcode);
    for (let i = 1; i <= 3; i++) {
      const likerOnA = await loginAt(serverUrl('A'), await member(`liker${i}`));
      expect((await likerOnA.post(`/web/likes/${media.id}/like/`)).status).toBe(200);
      expect([await likesOnB(), await likesOnB()]).toEqual([i, i]);
    }
  });

  it('a like on B is counted on A', async () => {
    const shortcode = await share(authorOnA, 4, 'liked on B');
    const { media } = await mediaInfo(readerOnB, shortcode);
    expect((await readerOnB.post(`/web/likes/${media.id}/like/`)).status).toBe(200);
    const onA = await mediaInfo(authorOnA, shortcode);
    expect(onA.media.edge_media_preview_like.count).toBe(1);
    const readerOnA = readerOnB.at(serverUrl('A'));
    expect((await mediaInfo(readerOnA, shortcode)).media.viewer_has_liked).toBe(true);
  });

  it("a private account's photo written via A is served by A and B to followers only", async () => {
    const owner = await member('private', { is_private: 1 });
    const [follower, stranger] = await Promise.all([member('follower'), member('stranger')]);
    const ownerOnA = await loginAt(serverUrl('A'), owner);
    const shortcode = await share(ownerOnA, 5, 'for my followers');
    const { media } = await mediaInfo(ownerOnA, shortcode);

    // The follower asks on B, the owner approves on A.
    const followerOnB = await loginAt(serverUrl('B'), follower);
    const asked = await followerOnB.post(`/web/friendships/${owner.id}/follow/`);
    expect(await asked.json()).toMatchObject({ result: 'requested' });
    expect((await ownerOnA.post(`/web/friendships/${follower.id}/approve/`)).status).toBe(200);

    const strangerOnA = await loginAt(serverUrl('A'), stranger);
    const bytes: Buffer[] = [];
    for (const server of ['A', 'B'] as const) {
      const refused = await strangerOnA.at(serverUrl(server)).get(media.display_url);
      expect(refused.status, `stranger on ${server}`).toBe(404);
      const served = await followerOnB.at(serverUrl(server)).get(media.display_url);
      expect(served.status, `follower on ${server}`).toBe(200);
      expect(served.headers.get('content-type')).toMatch(/^image\/jpeg/);
      bytes.push(Buffer.from(await served.arrayBuffer()));
    }
    expect(bytes[0].length).toBeGreaterThan(1000);
    expect(bytes[0].equals(bytes[1])).toBe(true);
  });
});
