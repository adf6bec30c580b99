import crypto from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { ERRORS } from '@tus/server';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { RedisLocker } from '../../server/media/redisLocker.ts';
import { openUploadStore } from '../../server/media/tus.ts';
import { openRedis, type SharedRedis } from '../../server/crossServer/redis.ts';
import { login, type TestClient } from './helpers.ts';
import {
  S3_AVAILABLE,
  asClientOf,
  createS3TestApp,
  createTusUpload,
  cutPatch,
  newUploadId,
  patchTus,
  resumeLikeAClient,
  secondServer,
  type S3TestApp,
} from './s3-helpers.ts';

// The tus locks shared through Redis (REDIS_URL), so that two servers never write one upload at
// once. Skipped without REDIS_URL (and the two-server upload without S3_ENDPOINT too).
const REDIS_URL = process.env.REDIS_URL ?? '';

describe.skipIf(!REDIS_URL)('RedisLocker', () => {
  let redis: SharedRedis;
  const lockers: RedisLocker[] = [];
  const locker = (options: ConstructorParameters<typeof RedisLocker>[1] = {}) => {
    const made = new RedisLocker(redis, options);
    lockers.push(made);
    return made;
  };
  const uploadId = () => `test-${crypto.randomBytes(8).toString('hex')}`;
  beforeAll(async () => {
    redis = await openRedis(REDIS_URL);
  });
  afterAll(async () => {
    await Promise.all(lockers.map((l) => l.close()));
    await redis.quit();
  });

  it('asks the holder on another server to let go, then takes the lock', async () => {
    const id = uploadId();
    const serverA = locker();
    const serverB = locker();
    const heldByA = serverA.newLock(id);
    let asked = 0;
    await heldByA.lock(new AbortController().signal, async () => {
      asked += 1;
      await heldByA.unlock();
    });
    const wanted = serverB.newLock(id);
    await wanted.lock(new AbortController().signal, () => {});
    expect(asked).toBe(1);
    expect(await redis.get(`${serverB.prefix}${id}`)).not.toBeNull();
    await wanted.unlock();
    expect(await redis.get(`${serverB.prefix}${id}`)).toBeNull();
  });

  it('gives up after the acquire timeout while the holder keeps it', async () => {
    const id = uploadId();
    const holder = locker().newLock(id);
    await holder.lock(new AbortController().signal, () => {});
    const waiting = locker({ acquireTimeoutMs: 300 }).newLock(id);
    await expect(waiting.lock(new AbortController().signal, () => {})).rejects.toBe(
      ERRORS.ERR_LOCK_TIMEOUT,
    );
    await holder.unlock();
  });

  it('frees the lock of a server that died holding it, after the lock expiry', async () => {
    const id = uploadId();
    const dying = locker({ ttlMs: 300 });
    await dying.newLock(id).lock(new AbortController().signal, () => {});
    await dying.close(); // no more renewals, no answer to "let go": as if the process died
    const next = locker().newLock(id);
    await next.lock(new AbortController().signal, () => {});
    await next.unlock();
  });

  it('never releases a lock that another holder took over', async () => {
    const id = uploadId();
    const first = locker({ ttlMs: 200 });
    const stale = first.newLock(id);
    await stale.lock(new AbortController().signal, () => {});
    await first.close();
    const second = locker();
    const current = second.newLock(id);
    await current.lock(new AbortController().signal, () => {});
    await stale.unlock();
    expect(await redis.get(`${second.prefix}${id}`)).not.toBeNull();
    await current.unlock();
  });
});

describe.skipIf(!REDIS_URL || !S3_AVAILABLE)('a tus upload across two servers', () => {
  let t: S3TestApp;
  let alice: TestClient;
  beforeEach(async () => {
    t = await createS3TestApp({ env: { REDIS_URL } });
    alice = await login(t.app, 'alice');
  });
  afterEach(async () => {
    await t.close();
  });

  it('is cut mid-chunk on server A and resumed at once through server B, bytes intact', async () => {
    const data = crypto.randomBytes(7 * 1024 * 1024);
    const uploadId = newUploadId();
    const location = await createTusUpload(alice, data.length, uploadId);
    const first = 3 * 1024 * 1024;
    expect((await patchTus(alice, location, 0, data.subarray(0, first))).statusCode).toBe(204);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;
    await cutPatch(
      port,
      alice,
      location,
      first,
      data.subarray(first, first + 3_000_000),
      1_200_000,
    );

    // B's requests wait for A's lock (A is asked to let go) instead of writing beside it.
    const b = asClientOf(await secondServer(t), alice);
    expect(await resumeLikeAClient(b, location, data)).toBe(data.length);
    const row = await t.ctx.db
      .selectFrom('uploads')
      .select('storage_key')
      .where('upload_id', '=', uploadId)
      .executeTakeFirstOrThrow();
    const stored = await openUploadStore(t.ctx.config).readComplete(row.storage_key);
    expect(crypto.createHash('sha256').update(stored).digest('hex')).toBe(
      crypto.createHash('sha256').update(data).digest('hex'),
    );
  });
});
