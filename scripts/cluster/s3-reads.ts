/**
 * How should /media/ answer when the files are in S3: stream them through the server, or redirect
 * to a short-lived presigned URL? Measures, from a client on loopback, a private post's 1080 px
 * photo read by its owner (the access check runs every time) three ways, interleaved:
 *   disk      today's default (DATA_DIR/media, @fastify/send)
 *   stream    S3: the server checks access, reads the object and streams it on
 *   redirect  S3: the server checks access and answers 302 to a 60 s presigned URL, which the
 *             client then fetches from the gateway (what a browser would do)
 *   bucket    for scale: a presigned URL fetched straight from the gateway, no server at all
 * Sequential latency (p50/p95) and throughput at 8 requests in flight.
 *
 *   node --import tsx scripts/cluster/s3-reads.ts     (starts its own Ceph gateway, or uses S3_*)
 *
 * The figures measured here, and the choice they led to (stream), are in
 * server/routes/mediaFromBucket.ts.
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { GetObjectCommand } from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../server/app.ts';
import { loadConfig } from '../../server/config.ts';
import { loadViewer, SESSION_COOKIE } from '../../server/http/session.ts';
import { gateOpen, mediaGate } from '../../server/media/access.ts';
import { S3Storage } from '../../server/media/s3Storage.ts';
import { seedDemo } from '../../server/seed/index.ts';
import { freePort, startCeph } from './ceph.ts';

const SEQUENTIAL = 300;
const PARALLEL = 8;
const PARALLEL_TOTAL = 800;

async function startServer(name: string, env: Record<string, string>, redirect: boolean) {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), `glint-reads-${name}-`));
  const config = loadConfig({ NODE_ENV: 'test', SEED: 'none', DATA_DIR: dataDir, ...env });
  const { app, ctx } = await buildApp({ config });
  if (redirect) {
    const storage = ctx.storage as S3Storage;
    app.get<{ Params: { '*': string } }>('/media-redirect/*', async (req, reply) => {
      const key = req.params['*'];
      const gate = mediaGate(key);
      const viewer = await loadViewer(ctx, req.cookies[SESSION_COOKIE]);
      if (gate && !(await gateOpen(ctx, viewer?.id ?? null, gate))) {
        return reply.code(404).send({ status: 'fail', message: 'Media not found.' });
      }
      const signed = await getSignedUrl(
        storage.client,
        new GetObjectCommand({ Bucket: storage.bucket, Key: storage.objectKey(key) }),
        { expiresIn: 60 },
      );
      return reply.header('Cache-Control', 'private, no-store').redirect(signed, 302);
    });
  }
  await seedDemo(ctx, { members: 16, posts: 20 });
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  const prefix = redirect ? '/media-redirect/' : '/media/';
  return { name, app, ctx, url: (key: string) => `${address}${prefix}${key}` };
}

async function loginCookie(app: FastifyInstance, username: string): Promise<string> {
  const csrf = 'benchcsrftoken0123456789abcdef';
  const res = await app.inject({
    method: 'POST',
    url: '/accounts/login/ajax/',
    payload: `username=${username}&password=glint-demo`,
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      cookie: `csrftoken=${csrf}`,
      'x-csrftoken': csrf,
      'x-requested-with': 'XMLHttpRequest',
    },
  });
  const session = res.cookies.find((c) => c.name === SESSION_COOKIE);
  if (!session) throw new Error(`login ${username} failed: ${res.statusCode} ${res.body}`);
  return `${SESSION_COOKIE}=${session.value}`;
}

async function read(url: string, cookie: string): Promise<number> {
  const res = await fetch(url, { headers: { cookie }, redirect: 'follow' });
  const body = Buffer.from(await res.arrayBuffer());
  if (res.status !== 200) throw new Error(`${url}: ${res.status}`);
  return body.length;
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))];

async function main() {
  let env: Record<string, string>;
  let stopCeph: (() => Promise<void>) | null = null;
  if (process.env.S3_ENDPOINT) {
    env = Object.fromEntries(
      Object.entries(process.env).filter(([k]) => k.startsWith('S3_')),
    ) as Record<string, string>;
  } else {
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'glint-reads-ceph-'));
    const gateway = await startCeph({ dir, port: await freePort() });
    stopCeph = gateway.stop;
    env = {
      S3_ENDPOINT: gateway.endpoint,
      S3_ACCESS_KEY_ID: gateway.accessKeyId,
      S3_SECRET_ACCESS_KEY: gateway.secretAccessKey,
    };
  }
  const bucket = `glint-reads-${Date.now()}`;
  const servers = [
    await startServer('disk', {}, false),
    await startServer('stream', { ...env, S3_BUCKET: bucket }, false),
    await startServer('redirect', { ...env, S3_BUCKET: `${bucket}-r` }, true),
  ];
  // A private member's post, read by its owner: the access check runs in full.
  const ctx = servers[0].ctx;
  const post = await ctx.db
    .selectFrom('posts')
    .innerJoin('users', 'users.id', 'posts.owner_id')
    .select(['posts.media_key', 'users.username'])
    .where('users.is_private', '=', 1)
    .executeTakeFirstOrThrow();
  const targets = await Promise.all(
    servers.map(async (s) => {
      const row = await s.ctx.db
        .selectFrom('posts')
        .innerJoin('users', 'users.id', 'posts.owner_id')
        .select('posts.media_key')
        .where('users.username', '=', post.username)
        .executeTakeFirstOrThrow();
      return {
        server: s,
        url: s.url(row.media_key),
        cookie: await loginCookie(s.app, post.username),
      };
    }),
  );
  // The bucket alone: a presigned URL fetched straight from the gateway (no server, no check).
  const redirectServer = servers[2];
  const storage = redirectServer.ctx.storage as S3Storage;
  const directKey = (
    await redirectServer.ctx.db
      .selectFrom('posts')
      .innerJoin('users', 'users.id', 'posts.owner_id')
      .select('posts.media_key')
      .where('users.username', '=', post.username)
      .executeTakeFirstOrThrow()
  ).media_key;
  const direct = await getSignedUrl(
    storage.client,
    new GetObjectCommand({ Bucket: storage.bucket, Key: storage.objectKey(directKey) }),
    { expiresIn: 3600 },
  );
  targets.push({ server: { ...redirectServer, name: 'bucket' }, url: direct, cookie: '' });
  const bytes = await read(targets[0].url, targets[0].cookie);
  for (const t of targets) await read(t.url, t.cookie); // warm-up

  const latencies = new Map<string, number[]>(targets.map((t) => [t.server.name, []]));
  for (let i = 0; i < SEQUENTIAL; i++) {
    for (const t of targets) {
      const start = performance.now();
      await read(t.url, t.cookie);
      latencies.get(t.server.name)!.push(performance.now() - start);
    }
  }
  const throughput = new Map<string, number[]>(targets.map((t) => [t.server.name, []]));
  for (let round = 0; round < 3; round++) {
    for (const t of targets) {
      let next = 0;
      const start = performance.now();
      await Promise.all(
        Array.from({ length: PARALLEL }, async () => {
          while (next++ < PARALLEL_TOTAL / 3) await read(t.url, t.cookie);
        }),
      );
      throughput
        .get(t.server.name)!
        .push((PARALLEL_TOTAL / 3 / (performance.now() - start)) * 1000);
    }
  }

  console.log(
    `private post photo, ${bytes} bytes, owner's session; ${os.loadavg()[0].toFixed(2)} load`,
  );
  console.log('how      p50 ms  p95 ms  req/s at 8 in flight (median of 3)');
  for (const t of targets) {
    const sorted = latencies.get(t.server.name)!.sort((a, b) => a - b);
    const rates = throughput.get(t.server.name)!.sort((a, b) => a - b);
    console.log(
      `${t.server.name.padEnd(8)} ${percentile(sorted, 0.5).toFixed(2).padStart(6)}  ${percentile(sorted, 0.95).toFixed(2).padStart(6)}  ${rates[1].toFixed(0).padStart(6)}`,
    );
  }
  for (const s of servers) await s.app.close();
  await stopCeph?.();
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
