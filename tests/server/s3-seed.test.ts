import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { POOL_PREFIX, seedDemo } from '../../server/seed/index.ts';
import { THUMBNAIL_SIZES, thumbnailKey } from '../../server/media/storage.ts';
import { login } from './helpers.ts';
import { S3_AVAILABLE, createS3TestApp, listKeys, type S3TestApp } from './s3-helpers.ts';

// The demo seed into a bucket: pictures rendered once, copied server-side under every row's keys,
// the pool removed. Skipped without S3_ENDPOINT.
describe.skipIf(!S3_AVAILABLE)('the demo seed with S3 storage', () => {
  let t: S3TestApp;
  beforeAll(async () => {
    t = await createS3TestApp();
    // A fresh database: the seed wants it empty (createS3TestApp made two members).
    await t.ctx.db.deleteFrom('users').execute();
    await seedDemo(t.ctx, { members: 16, posts: 20 });
  }, 180_000);
  afterAll(async () => {
    await t?.close();
  });

  it('writes every post image, its thumbnails and the avatars to the bucket, and no pool', async () => {
    const posts = await t.ctx.db.selectFrom('posts').select('media_key').execute();
    const users = await t.ctx.db.selectFrom('users').select('profile_pic_key').execute();
    const keys = [
      ...posts.flatMap((p) => [
        p.media_key,
        ...THUMBNAIL_SIZES.map((s) => thumbnailKey(p.media_key, s)),
      ]),
      ...users.flatMap((u) => (u.profile_pic_key ? [u.profile_pic_key] : [])),
    ].map((key) => `media/${key}`);
    const stored = new Set(await listKeys(t.s3, t.bucket, 'media/'));
    expect(keys.filter((key) => !stored.has(key))).toEqual([]);
    expect([...stored].filter((key) => key.startsWith(`media/${POOL_PREFIX}`))).toEqual([]);
  });

  it('serves the seeded pictures from the bucket', async () => {
    const demo = await login(t.app, 'demo', 'glint-demo');
    const post = await t.ctx.db
      .selectFrom('posts')
      .innerJoin('users', 'users.id', 'posts.owner_id')
      .select('posts.media_key')
      .where('users.is_private', '=', 0)
      .executeTakeFirstOrThrow();
    const res = await demo.get(`/media/${post.media_key}`);
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.subarray(0, 2)).toEqual(Buffer.from([0xff, 0xd8]));
  });
});
