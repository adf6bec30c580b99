import path from 'node:path';
import { Server, type Locker, type ServerOptions } from '@tus/server';
import type { ServerConfig } from '../config.ts';
import type { AppContext } from '../context.ts';
import type { UploadsTable, UsersTable } from '../db/schema.ts';
import { HttpError, badRequest } from '../http/errors.ts';
import { randomToken } from '../ids.ts';
import { DiskUploads, UPLOAD_NOT_FOUND, s3UploadsFor, type StagedUploads } from './uploadStore.ts';

export { UPLOAD_NOT_FOUND, type StagedUploads } from './uploadStore.ts';

// Temporary uploads (DESIGN "Chunked upload"): tus 1.0 resumable uploads and the single-shot form
// upload both land in one tus data store: a FileStore in DATA_DIR/uploads, which keeps `<id>.json`
// (size, offset, metadata) beside each file, or with S3_* set @tus/s3-store in the bucket (see
// server/media/uploadStore.ts), so an upload survives a server restart and resumes from the
// last acknowledged offset, through any server when the bucket is shared. The `uploads` table
// maps (owner, the client's upload_id) to the file; /create/configure/ reads it from there.
// upload_ids are the client's Date.now(), unique only per member, so every lookup names the
// owner too: another member's id never collides with yours.
// tus locks each upload while a request works on it: in memory, or with REDIS_URL in Redis
// (server/media/redisLocker.ts), so two servers never write the same upload at once.
// Abandoned uploads do not stay: an upload unfinished or unshared for UPLOAD_EXPIRY_HOURS is
// deleted by sweepUploads (tus also answers Upload-Expires, and 410 once it has passed), and one
// member's unfinished plus unshared uploads may hold at most UPLOAD_QUOTA_MB.

export const TUS_PATH = '/create/upload/resumable';
/** A 1080 px JPEG is far smaller; 20 MB leaves headroom without inviting abuse. */
export const MAX_UPLOAD_BYTES = 20 * 1024 * 1024;
export const TOO_MANY_UPLOADS =
  'You have too many uploads in progress. Share or cancel some of them, or try again later.';
export const ALREADY_SHARED = 'This upload has already been shared.';
/** The client's upload_id: a decimal timestamp string such as Date.now(). */
export const UPLOAD_ID_PATTERN = /^[0-9]{1,20}$/;

export const uploadsDir = (config: ServerConfig) => path.join(config.dataDir, 'uploads');

export const uploadExpirySeconds = (config: ServerConfig) =>
  Math.round(config.uploadExpiryHours * 3600);

const openStores = new WeakMap<ServerConfig, StagedUploads>();

/** The staged-upload store of a configuration (one per app: the route modules share it). */
export function openUploadStore(config: ServerConfig): StagedUploads {
  let store = openStores.get(config);
  if (!store) {
    const expiryMs = uploadExpirySeconds(config) * 1000;
    store = config.s3
      ? s3UploadsFor(config, expiryMs)
      : new DiskUploads(uploadsDir(config), expiryMs);
    openStores.set(config, store);
  }
  return store;
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
 * Bytes held by the member's staged uploads (unfinished or unshared, not yet expired), apart from
 * `exceptUploadId`, which is about to be replaced.
 */
async function stagedBytes(ctx: AppContext, userId: string, exceptUploadId: string) {
  const row = await ctx.db
    .selectFrom('uploads')
    .select((eb) => eb.fn.sum<number | string | null>('size').as('bytes'))
    .where('user_id', '=', userId)
    .where('width', '=', 0)
    .where('created_at', '>=', ctx.now() - uploadExpirySeconds(ctx.config))
    .where('upload_id', '!=', exceptUploadId)
    .executeTakeFirst();
  return Number(row?.bytes ?? 0);
}

/**
 * Records (or re-points) the upload_id → file mapping. The same user may restart an upload under
 * the same upload_id (the old file is dropped); one already shared is refused, and so is one that
 * would take the member's staged uploads past the quota (413). `size` is the bytes the file holds
 * or will hold. Two uploads started at the same instant may both pass the quota check: the quota
 * bounds what one member can stage, it is not an exact meter.
 */
export async function registerUpload(
  ctx: AppContext,
  store: StagedUploads,
  userId: string,
  uploadId: string,
  fileId: string,
  size: number,
): Promise<void> {
  if (!UPLOAD_ID_PATTERN.test(uploadId)) throw badRequest('A valid upload_id is required.');
  const existing = await ctx.db
    .selectFrom('uploads')
    .selectAll()
    .where('user_id', '=', userId)
    .where('upload_id', '=', uploadId)
    .executeTakeFirst();
  if (existing && existing.width > 0) throw badRequest(ALREADY_SHARED);
  if ((await stagedBytes(ctx, userId, uploadId)) + size > ctx.config.uploadQuotaBytes) {
    throw new HttpError(413, TOO_MANY_UPLOADS);
  }
  if (existing) {
    if (existing.storage_key !== fileId) await discardUploadFile(store, existing.storage_key);
    await ctx.db
      .updateTable('uploads')
      .set({ storage_key: fileId, created_at: ctx.now(), size })
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
        size,
      })
      .execute();
  } catch {
    // A concurrent request of the same user inserted the same upload_id first.
    throw new HttpError(409, 'This upload_id is already in use. Please try again.');
  }
}

export function createTusServer(ctx: AppContext, store: StagedUploads, locker?: Locker): Server {
  return new Server({
    path: TUS_PATH,
    datastore: store.datastore,
    ...(locker ? { locker } : {}),
    maxSize: MAX_UPLOAD_BYTES,
    relativeLocation: true,
    // Same-origin only: no Access-Control-Allow-Origin for other sites (the session is a cookie).
    allowedOrigins: [],
    namingFunction: (req) => newUploadFileId(viewerOf(req).id),
    onIncomingRequest: async (req, fileId) => {
      const viewer = viewerOf(req);
      // 404 rather than 403 for someone else's upload: its existence is not revealed.
      if (!ownsUploadFile(viewer.id, fileId)) throw new TusError(404, UPLOAD_NOT_FOUND);
      // Cancelling (tus termination) frees the member's quota at once; tus deletes the file next
      // (a file left behind by a failure there is swept later).
      if (req.method === 'DELETE') {
        await ctx.db
          .deleteFrom('uploads')
          .where('user_id', '=', viewer.id)
          .where('storage_key', '=', fileId)
          .where('width', '=', 0)
          .execute();
      }
    },
    onUploadCreate: async (req, upload) => {
      const uploadId = upload.metadata?.upload_id ?? '';
      try {
        // A deferred length (Upload-Defer-Length) may grow to the maximum: that much is reserved.
        const size = upload.size ?? MAX_UPLOAD_BYTES;
        await registerUpload(ctx, store, viewerOf(req).id, uploadId, upload.id, size);
      } catch (e) {
        throw toTusError(e);
      }
      return {};
    },
  });
}

/** Stores a complete, single-shot (form) upload as a finished tus upload. */
export async function storeFormUpload(store: StagedUploads, userId: string, data: Buffer) {
  const fileId = newUploadFileId(userId);
  await store.storeComplete(fileId, data);
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

/** The bytes of a finished upload; 404 when unknown, 400 while chunks are still missing. */
export const readCompleteUpload = (store: StagedUploads, fileId: string): Promise<Buffer> =>
  store.readComplete(fileId);

/** Deletes the temporary file and what the store keeps beside it; a file already gone is fine. */
export const discardUploadFile = (store: StagedUploads, fileId: string): Promise<void> =>
  store.discard(fileId);

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

export interface SweepResult {
  /** Upload rows deleted (unshared ones with their files). */
  uploads: number;
  /** Files no upload row pointed at, deleted. */
  orphans: number;
}

/**
 * Deletes what abandoned uploads leave behind, as of `now` (unix seconds, default ctx.now()):
 * - uploads created more than UPLOAD_EXPIRY_HOURS ago: unfinished or unshared ones with their
 *   files; shared ones are only the row (configure copied the photo into media storage and
 *   deleted the file; the row was kept to refuse a second share of the same upload);
 * - files in the upload store that no row points at and that were last written more than
 *   the expiry ago (a deleted member's uploads, a crash between storing and registering).
 * Posts and stories never read the upload files, so nothing they show is touched.
 */
export async function sweepUploads(
  ctx: AppContext,
  store: StagedUploads,
  now = ctx.now(),
): Promise<SweepResult> {
  const cutoff = now - uploadExpirySeconds(ctx.config);
  // One statement: a row re-pointed meanwhile has a fresh created_at and is not taken.
  const expired = await ctx.db
    .deleteFrom('uploads')
    .where('created_at', '<', cutoff)
    .returning(['storage_key', 'width'])
    .execute();
  for (const row of expired) {
    if (row.width === 0) await discardUploadFile(store, row.storage_key);
  }

  const old = await store.listWrittenBefore(cutoff);
  let orphans = 0;
  for (let i = 0; i < old.length; i += 500) {
    const batch = old.slice(i, i + 500);
    const used = new Set(
      (
        await ctx.db
          .selectFrom('uploads')
          .select('storage_key')
          .where('storage_key', 'in', batch)
          .execute()
      ).map((row) => row.storage_key),
    );
    for (const fileId of batch) {
      if (used.has(fileId)) continue;
      await discardUploadFile(store, fileId);
      orphans++;
    }
  }
  return { uploads: expired.length, orphans };
}

/**
 * Runs sweepUploads every hour (or every expiry period, if shorter) without keeping the process
 * alive. The returned stop() clears the timer and waits for a sweep in progress.
 */
export function scheduleUploadSweeps(
  ctx: AppContext,
  store: StagedUploads,
  onError: (err: unknown) => void,
): () => Promise<void> {
  let running: Promise<unknown> | null = null;
  const everyMs = Math.min(3600, Math.max(60, uploadExpirySeconds(ctx.config))) * 1000;
  const timer = setInterval(() => {
    if (running) return;
    running = sweepUploads(ctx, store)
      .catch(onError)
      .finally(() => {
        running = null;
      });
  }, everyMs);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await running;
  };
}
