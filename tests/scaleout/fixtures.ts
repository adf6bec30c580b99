import crypto from 'node:crypto';
import { inject } from 'vitest';
import sharp from 'sharp';
import * as tus from 'tus-js-client';
import type { AppContext } from '../../server/context.ts';
import { openDatabase, type DB } from '../../server/db/database.ts';
import type { UsersTable } from '../../server/db/schema.ts';
import { createUser } from '../server/helpers.ts';
import { HttpClient, login } from './client.ts';

export const TUS_PATH = '/create/upload/resumable/';
export const PASSWORD = 'scale-out-42';

declare module 'vitest' {
  export interface ProvidedContext {
    cluster: {
      url: string;
      servers: { name: string; url: string; pid: number }[];
      env: Record<string, string>;
      dir: string;
    };
  }
}

export const cluster = () => inject('cluster');
/** Server A and server B, each on its own port (not through the balancer). */
export const serverUrl = (name: 'A' | 'B') => cluster().servers.find((s) => s.name === name)!.url;

let db: DB | null = null;
/** The cluster's PostgreSQL database, to set up members (everything else goes through HTTP). */
export async function database(): Promise<DB> {
  db ??= await openDatabase({ databaseUrl: cluster().env.DATABASE_URL, dataDir: cluster().dir });
  return db;
}
export async function closeDatabase() {
  await db?.destroy();
  db = null;
}

/** A new member with a unique name (the suite may run again on the same cluster). */
export async function member(prefix: string, fields: Partial<UsersTable> = {}) {
  const ctx = { db: await database(), now: () => Math.floor(Date.now() / 1000) };
  const username = `${prefix}_${crypto.randomBytes(4).toString('hex')}`;
  // createUser reads only the database and the clock of the context.
  return createUser(ctx as AppContext, { username, password: PASSWORD, ...fields });
}

export const loginAt = (base: string, user: UsersTable) => login(base, user.username, PASSWORD);

/** A photo post-sized JPEG: a smooth picture, so a lost or doubled byte range shows in pixels. */
export async function photo(seed: number, side = 1080): Promise<Buffer> {
  const pixels = Buffer.alloc(side * side * 3);
  for (let y = 0; y < side; y++) {
    for (let x = 0; x < side; x++) {
      const i = (y * side + x) * 3;
      pixels[i] = (x * 255) / side;
      pixels[i + 1] = (y * 255) / side;
      pixels[i + 2] = (seed * 37 + ((x + y) % 64)) % 256;
    }
  }
  return sharp(pixels, { raw: { width: side, height: side, channels: 3 } })
    .jpeg({ quality: 95 })
    .toBuffer();
}

/** Peak signal-to-noise ratio (dB) between two JPEGs of the same size, over RGB. */
export async function psnr(a: Buffer, b: Buffer): Promise<number> {
  const [pa, pb] = await Promise.all(
    [a, b].map((img) => sharp(img).removeAlpha().raw().toBuffer({ resolveWithObject: true })),
  );
  if (pa.info.width !== pb.info.width || pa.info.height !== pb.info.height) return 0;
  let sum = 0;
  for (let i = 0; i < pa.data.length; i++) sum += (pa.data[i] - pb.data[i]) ** 2;
  const mse = sum / pa.data.length;
  return mse === 0 ? Infinity : 10 * Math.log10((255 * 255) / mse);
}

export const newUploadId = () => String(Date.now()) + String(crypto.randomInt(1000, 9999));

/** tus-js-client uploading `data` through `client`'s base URL, resuming `uploadUrl` if given. */
export function tusUpload(
  client: HttpClient,
  data: Buffer,
  uploadId: string,
  opts: { chunkSize?: number; uploadUrl?: string } = {},
): Promise<string> {
  return new Promise((resolve, reject) => {
    const upload = new tus.Upload(data, {
      endpoint: `${client.base}${TUS_PATH}`,
      uploadUrl: opts.uploadUrl,
      chunkSize: opts.chunkSize ?? 64 * 1024,
      retryDelays: [0, 200, 500, 1000, 2000, 3000],
      headers: client.headers(),
      metadata: { upload_id: uploadId, filetype: 'image/jpeg' },
      onError: reject,
      onSuccess: () => resolve(upload.url ?? ''),
    });
    upload.start();
  });
}

/** A raw tus request (the steps a client takes, sent where the test says). */
export function tusRequest(
  client: HttpClient,
  method: 'POST' | 'PATCH' | 'HEAD',
  path: string,
  headers: Record<string, string>,
  body?: Buffer,
) {
  return client.request(method, path, {
    headers: { 'tus-resumable': '1.0.0', ...headers },
    body: body ? new Uint8Array(body) : undefined,
  });
}

export const b64 = (s: string) => Buffer.from(s).toString('base64');

/** Shares a finished upload as a post; returns its shortcode. */
export async function configure(client: HttpClient, uploadId: string, caption: string) {
  const res = await client.post('/create/configure/', { upload_id: uploadId, caption });
  const body = (await res.json()) as { status: string; media?: { code: string }; message?: string };
  if (res.status !== 200 || !body.media) {
    throw new Error(`configure: ${res.status} ${body.message ?? ''}`);
  }
  return body.media.code;
}

export interface MediaInfo {
  media: {
    id: string;
    display_url: string;
    edge_media_preview_like: { count: number };
    viewer_has_liked: boolean;
  };
}

export async function mediaInfo(client: HttpClient, shortcode: string) {
  const res = await client.get(`/api/v1/media/${shortcode}/info/`);
  if (!res.ok) throw new Error(`media info: ${res.status}`);
  return (await res.json()) as MediaInfo;
}
