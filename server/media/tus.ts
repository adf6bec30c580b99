import fs from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { FileStore } from '@tus/file-store';
import { Server, Upload, type ServerOptions } from '@tus/server';
import type { ServerConfig } from '../config.ts';
import type { AppContext } from '../context.ts';
import type { UploadsTable, UsersTable } from '../db/schema.ts';
import { HttpError, badRequest } from '../http/errors.ts';
import { randomToken } from '../ids.ts';

// Temporary uploads (DESIGN "Chunked upload"): tus 1.0 resumable uploads and the single-shot form
// upload both land in DATA_DIR/uploads through one FileStore, which keeps `<id>.json` (size,
// offset, metadata) beside each file, so an upload survives a server restart and resumes from the
// last acknowledged offset. The `uploads` table maps (owner, the client's upload_id) to the file;
// /create/configure/ reads it from there. upload_ids are the client's Date.now(), unique only per
// member, so every lookup names the owner too: another member's id never collides with yours. Locks are in memory (one process per upload;
// behind a load balancer, route a given upload to one process or swap in a shared locker).

export const TUS_PATH = '/create/upload/resumable';
/** A 1080 px JPEG is far smaller; 20 MB leaves headroom without inviting abuse. */
export const MAX_UPLOAD_BYTES = 20 * 1024 * 1024;
export const UPLOAD_NOT_FOUND = 'Upload not found.';
export const ALREADY_SHARED = 'This upload has already been shared.';
/** The client's upload_id: a decimal timestamp string such as Date.now(). */
export const UPLOAD_ID_PATTERN = /^[0-9]{1,20}$/;

export const uploadsDir = (config: ServerConfig) => path.join(config.dataDir, 'uploads');

export function openUploadStore(config: ServerConfig): FileStore {
  return new FileStore({ directory: uploadsDir(config) });
}

/** File ids start with the owner's id, so ownership is visible from the URL alone. */
export const newUploadFileId = (userId: string) =>
  `${userId}-${Buffer.from(randomToken(16), 'base64url').toString('hex')}`;
export const ownsUploadFile = (userId: string, fileId: string) => fileId.startsWith(`${userId}-`);

/** tus answers errors as `{status_code, body}`; the body is our usual JSON failure. */
class TusError extends Error {
  readonly body: string;
  constructor(
    readonly status_code: number,
    message: string,
  ) {
    super(message);
    this.body = JSON.stringify({ status: 'fail', message });
  }
}
const toTusError = (e: unknown) =>
  e instanceof HttpError ? new TusError(e.statusCode, e.message) : e;

type TusRequest = Parameters<NonNullable<ServerOptions['onIncomingRequest']>>[0];

// The Fastify route checks the session, then hands the raw request to tus; tus hooks only see
// that raw request (wrapped), so the viewer travels alongside it here.
const viewers = new WeakMap<object, UsersTable>();
export const bindViewer = (raw: object, viewer: UsersTable) => viewers.set(raw, viewer);

function viewerOf(req: TusRequest): UsersTable {
  const raw = req.runtime?.node?.req;
  const viewer = raw ? viewers.get(raw) : undefined;
  if (!viewer) throw new TusError(403, 'Please log in.');
  return viewer;
}

/** The key of one member's upload: upload_ids are unique per member only. */
export type UploadKey = Pick<UploadsTable, 'user_id' | 'upload_id'>;

/**
 * Records (or re-points) the upload_id → file mapping. The same user may restart an upload under
 * the same upload_id (the old file is dropped); one already shared is refused.
 */
export async function registerUpload(
  ctx: AppContext,
  store: FileStore,
  userId: string,
  uploadId: string,
  fileId: string,
): Promise<void> {
  if (!UPLOAD_ID_PATTERN.test(uploadId)) throw badRequest('A valid upload_id is required.');
  const existing = await ctx.db
    .selectFrom('uploads')
    .selectAll()
    .where('user_id', '=', userId)
    .where('upload_id', '=', uploadId)
    .executeTakeFirst();
  if (existing && existing.width > 0) throw badRequest(ALREADY_SHARED);
  if (existing) {
    if (existing.storage_key !== fileId) await discardUploadFile(store, existing.storage_key);
    await ctx.db
      .updateTable('uploads')
      .set({ storage_key: fileId, created_at: ctx.now() })
      .where('user_id', '=', userId)
      .where('upload_id', '=', uploadId)
      .execute();
    return;
  }
  try {
    await ctx.db
      .insertInto('uploads')
      .values({
        upload_id: uploadId,
        user_id: userId,
        storage_key: fileId,
        width: 0,
        height: 0,
        created_at: ctx.now(),
      })
      .execute();
  } catch {
    // A concurrent request of the same user inserted the same upload_id first.
    throw new HttpError(409, 'This upload_id is already in use. Please try again.');
  }
}

export function createTusServer(ctx: AppContext, store: FileStore): Server {
  return new Server({
    path: TUS_PATH,
    datastore: store,
    maxSize: MAX_UPLOAD_BYTES,
    relativeLocation: true,
    // Same-origin only: no Access-Control-Allow-Origin for other sites (the session is a cookie).
    allowedOrigins: [],
    namingFunction: (req) => newUploadFileId(viewerOf(req).id),
    onIncomingRequest: async (req, fileId) => {
      // 404 rather than 403 for someone else's upload: its existence is not revealed.
      if (!ownsUploadFile(viewerOf(req).id, fileId)) throw new TusError(404, UPLOAD_NOT_FOUND);
    },
    onUploadCreate: async (req, upload) => {
      const uploadId = upload.metadata?.upload_id ?? '';
      try {
        await registerUpload(ctx, store, viewerOf(req).id, uploadId, upload.id);
      } catch (e) {
        throw toTusError(e);
      }
      return {};
    },
  });
}

/** Stores a complete, single-shot (form) upload as a finished FileStore upload. */
export async function storeFormUpload(store: FileStore, userId: string, data: Buffer) {
  const fileId = newUploadFileId(userId);
  await store.create(new Upload({ id: fileId, size: data.length, offset: 0, metadata: {} }));
  await store.write(Readable.from([data]), fileId, 0);
  return fileId;
}

/** The caller's upload row; only the caller's own upload_ids are looked at. */
export async function findOwnUpload(
  ctx: AppContext,
  userId: string,
  uploadId: string,
): Promise<UploadsTable> {
  const row = await ctx.db
    .selectFrom('uploads')
    .selectAll()
    .where('user_id', '=', userId)
    .where('upload_id', '=', uploadId)
    .executeTakeFirst();
  if (!row) throw new HttpError(404, UPLOAD_NOT_FOUND);
  return row;
}

/** The bytes of a finished upload; 400 while chunks are still missing. */
export async function readCompleteUpload(store: FileStore, fileId: string): Promise<Buffer> {
  let upload: Upload;
  try {
    upload = await store.getUpload(fileId);
  } catch {
    throw new HttpError(404, UPLOAD_NOT_FOUND);
  }
  if (upload.size === undefined || upload.offset !== upload.size) {
    throw badRequest('The upload is not complete yet.');
  }
  return fs.readFile(path.join(store.directory, fileId));
}

/** Deletes the temporary file and its `.json`; a file already gone is fine. */
export async function discardUploadFile(store: FileStore, fileId: string): Promise<void> {
  await store.remove(fileId).catch(() => undefined);
  await store.configstore.delete(fileId).catch(() => undefined);
}

/**
 * Marks an upload as shared (width/height stop being 0) exactly once, so a double submit or a
 * concurrent second configure cannot make two posts from one upload.
 */
export async function claimUpload(
  ctx: AppContext,
  upload: UploadKey,
  size: { width: number; height: number },
): Promise<void> {
  const result = await ctx.db
    .updateTable('uploads')
    .set({ width: size.width, height: size.height })
    .where('user_id', '=', upload.user_id)
    .where('upload_id', '=', upload.upload_id)
    .where('width', '=', 0)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) !== 1) throw badRequest(ALREADY_SHARED);
}

/** Undoes claimUpload when the post could not be created, so the user can retry. */
export async function releaseUpload(ctx: AppContext, upload: UploadKey): Promise<void> {
  await ctx.db
    .updateTable('uploads')
    .set({ width: 0, height: 0 })
    .where('user_id', '=', upload.user_id)
    .where('upload_id', '=', upload.upload_id)
    .execute();
}
