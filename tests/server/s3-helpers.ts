import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import {
  DeleteBucketCommand,
  DeleteObjectsCommand,
  ListMultipartUploadsCommand,
  AbortMultipartUploadCommand,
  ListObjectsV2Command,
  type S3Client,
} from '@aws-sdk/client-s3';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { buildApp } from '../../server/app.ts';
import { openS3Client } from '../../server/media/s3.ts';
import { createTestApp, TestClient, type TestApp } from './helpers.ts';

/**
 * The S3 tests (tests/server/s3-*.test.ts) run against a real bucket when S3_ENDPOINT,
 * S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY are set (e.g. from `node --import tsx
 * scripts/cluster/ceph.ts`), and are skipped otherwise. Each app gets a bucket of its own.
 */
export const S3_AVAILABLE = Boolean(
  process.env.S3_ENDPOINT && process.env.S3_ACCESS_KEY_ID && process.env.S3_SECRET_ACCESS_KEY,
);

export interface S3TestApp extends TestApp {
  bucket: string;
  s3: S3Client;
}

export function s3Env(bucket: string): Record<string, string> {
  return {
    S3_ENDPOINT: process.env.S3_ENDPOINT ?? '',
    S3_ACCESS_KEY_ID: process.env.S3_ACCESS_KEY_ID ?? '',
    S3_SECRET_ACCESS_KEY: process.env.S3_SECRET_ACCESS_KEY ?? '',
    S3_REGION: process.env.S3_REGION ?? '',
    S3_FORCE_PATH_STYLE: process.env.S3_FORCE_PATH_STYLE ?? '',
    S3_BUCKET: bucket,
  };
}

export async function createS3TestApp(
  opts: { env?: Record<string, string>; now?: () => number } = {},
): Promise<S3TestApp> {
  const bucket = `glint-test-${crypto.randomBytes(6).toString('hex')}`;
  const t = await createTestApp({
    seedUsers: true,
    now: opts.now,
    env: { ...s3Env(bucket), ...opts.env },
  });
  const s3 = openS3Client(t.ctx.config.s3!);
  return {
    ...t,
    bucket,
    s3,
    async close() {
      await t.close();
      await deleteBucket(s3, bucket);
      s3.destroy();
    },
  };
}

/** Every key in the bucket (under `prefix`). */
export async function listKeys(s3: S3Client, bucket: string, prefix = ''): Promise<string[]> {
  const keys: string[] = [];
  let token: string | undefined;
  do {
    const page = await s3.send(
      new ListObjectsV2Command({ Bucket: bucket, Prefix: prefix, ContinuationToken: token }),
    );
    keys.push(...(page.Contents ?? []).map((o) => o.Key!));
    token = page.IsTruncated ? page.NextContinuationToken : undefined;
  } while (token);
  return keys.sort();
}

/** Multipart uploads still open in the bucket (tus uploads not finished nor aborted). */
export async function openMultipartUploads(s3: S3Client, bucket: string) {
  const out = await s3.send(new ListMultipartUploadsCommand({ Bucket: bucket }));
  return (out.Uploads ?? []).map((u) => ({ key: u.Key!, uploadId: u.UploadId! }));
}

async function deleteBucket(s3: S3Client, bucket: string) {
  for (const upload of await openMultipartUploads(s3, bucket)) {
    await s3.send(
      new AbortMultipartUploadCommand({
        Bucket: bucket,
        Key: upload.key,
        UploadId: upload.uploadId,
      }),
    );
  }
  const keys = await listKeys(s3, bucket);
  for (let i = 0; i < keys.length; i += 1000) {
    await s3.send(
      new DeleteObjectsCommand({
        Bucket: bucket,
        Delete: { Objects: keys.slice(i, i + 1000).map((Key) => ({ Key })), Quiet: true },
      }),
    );
  }
  await s3.send(new DeleteBucketCommand({ Bucket: bucket }));
}

/** A noisy JPEG (large enough to split into real chunks). */
export async function photo(width = 640, height = 480, seed = 1): Promise<Buffer> {
  const pixels = Buffer.alloc(width * height * 3);
  for (let i = 0; i < pixels.length; i++) pixels[i] = ((i + seed) * 7919) % 251;
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 95 })
    .toBuffer();
}

const b64 = (s: string) => Buffer.from(s).toString('base64');
export const TUS = '/create/upload/resumable/';
export const tusHeaders = { 'tus-resumable': '1.0.0' };
let nextUploadId = 1700000002000;
export const newUploadId = () => String(nextUploadId++);

/** Creates a tus upload of `length` bytes; returns its location. */
export async function createTusUpload(client: TestClient, length: number, uploadId: string) {
  const created = await client.request({
    method: 'POST',
    url: TUS,
    headers: {
      ...tusHeaders,
      'upload-length': String(length),
      'upload-metadata': `upload_id ${b64(uploadId)}`,
    },
  });
  if (created.statusCode !== 201)
    throw new Error(`tus create: ${created.statusCode} ${created.body}`);
  return String(created.headers.location);
}

export function patchTus(client: TestClient, location: string, offset: number, chunk: Buffer) {
  return client.request({
    method: 'PATCH',
    url: location,
    payload: chunk,
    headers: {
      ...tusHeaders,
      'upload-offset': String(offset),
      'content-type': 'application/offset+octet-stream',
    },
  });
}

export async function tusOffset(client: TestClient, location: string): Promise<number> {
  const res = await client.request({ method: 'HEAD', url: location, headers: tusHeaders });
  if (res.statusCode !== 200) throw new Error(`tus HEAD: ${res.statusCode}`);
  return Number(res.headers['upload-offset']);
}

/** Stages a photo through tus in one PATCH and shares it as a post; returns the post id. */
export async function sharePost(client: TestClient, data: Buffer): Promise<string> {
  const uploadId = newUploadId();
  const location = await createTusUpload(client, data.length, uploadId);
  const patched = await patchTus(client, location, 0, data);
  if (patched.statusCode !== 204) throw new Error(`tus PATCH: ${patched.statusCode}`);
  const res = await client.post('/create/configure/', { upload_id: uploadId, caption: 'from s3' });
  if (res.statusCode !== 200) throw new Error(`configure: ${res.statusCode} ${res.body}`);
  return (res.json() as { media: { pk: string } }).media.pk;
}

/**
 * Sends a PATCH over a real socket and cuts the connection after `sent` of the chunk's bytes,
 * as a phone losing its network mid-chunk does.
 */
export async function cutPatch(
  port: number,
  client: TestClient,
  location: string,
  offset: number,
  chunk: Buffer,
  sent: number,
) {
  const req = http.request({
    host: '127.0.0.1',
    port,
    method: 'PATCH',
    path: location,
    headers: {
      ...tusHeaders,
      'upload-offset': String(offset),
      'content-type': 'application/offset+octet-stream',
      'content-length': String(chunk.length),
      cookie: [...client.cookies].map(([k, v]) => `${k}=${v}`).join('; '),
      'x-csrftoken': client.csrfToken,
      'x-requested-with': 'XMLHttpRequest',
    },
  });
  req.on('error', () => {});
  await new Promise<void>((resolve) => req.write(chunk.subarray(0, sent), () => resolve()));
  req.destroy();
}

/**
 * What tus-js-client does after a failure: HEAD for the offset, PATCH the rest from there, and on
 * 409 (the cut request stored its bytes meanwhile) ask again. Returns the final offset.
 */
export async function resumeLikeAClient(client: TestClient, location: string, data: Buffer) {
  for (let attempt = 0; attempt < 5; attempt++) {
    const offset = await tusOffset(client, location);
    if (offset === data.length) return offset;
    const res = await patchTus(client, location, offset, data.subarray(offset));
    if (res.statusCode === 204) return Number(res.headers['upload-offset']);
    if (res.statusCode !== 409) throw new Error(`tus PATCH: ${res.statusCode} ${res.body}`);
  }
  throw new Error('the upload did not resume in 5 attempts');
}

/** A second server process on the same database and bucket: its own tus server, store and locks. */
export async function secondServer(t: S3TestApp): Promise<FastifyInstance> {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'glint-test-b-'));
  const config = { ...t.ctx.config, dataDir, mediaDir: path.join(dataDir, 'media') };
  const { app } = await buildApp({ config, db: t.ctx.db });
  await app.ready();
  return app;
}

export const asClientOf = (app: FastifyInstance, client: TestClient) => {
  const other = new TestClient(app);
  for (const [k, v] of client.cookies) other.cookies.set(k, v);
  return other;
};
