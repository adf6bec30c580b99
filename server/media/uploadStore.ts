import fs from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { FileStore } from '@tus/file-store';
import { Upload, type DataStore } from '@tus/server';
import type { ServerConfig } from '../config.ts';
import { HttpError, badRequest } from '../http/errors.ts';

export const UPLOAD_NOT_FOUND = 'Upload not found.';

/** A file id in the upload store (`<user id>-<32 hex>`), with or without a store's suffix. */
export const UPLOAD_FILE_NAME = /^([0-9]+-[0-9a-f]{32})(\.json|\.info|\.part)?$/;

/**
 * Where staged uploads (tus and the single-shot form) live until a post or story is made from
 * them: a FileStore under DATA_DIR/uploads, or @tus/s3-store in the S3 bucket
 * (server/media/s3UploadStore.ts). tus talks to `datastore`; everything else goes through here.
 */
export interface StagedUploads {
  readonly datastore: DataStore;
  /** Stores a complete upload under `fileId` in one go (the form upload). */
  storeComplete(fileId: string, data: Buffer): Promise<void>;
  /** The bytes of a finished upload: 404 when there is none, 400 while chunks are missing. */
  readComplete(fileId: string): Promise<Buffer>;
  /** Deletes everything the store keeps for `fileId`; an id already gone is fine. */
  discard(fileId: string): Promise<void>;
  /** Ids of uploads whose files were all last written before `cutoff` (unix seconds). */
  listWrittenBefore(cutoff: number): Promise<string[]>;
}

let openS3Uploads: ((config: ServerConfig, expiryMs: number) => StagedUploads) | null = null;

/** Loads the bucket's upload store (and the AWS SDK); openMediaStorage does it for a bucket. */
export async function loadS3Uploads(): Promise<void> {
  if (openS3Uploads) return;
  const [{ openS3Client }, { S3Uploads }] = await Promise.all([
    import('./s3.ts'),
    import('./s3UploadStore.ts'),
  ]);
  openS3Uploads = (config, expiryMs) =>
    new S3Uploads(openS3Client(config.s3!), config.s3!, expiryMs);
}

/** The upload store in the configuration's bucket; its code must be loaded (loadS3Uploads). */
export function s3UploadsFor(config: ServerConfig, expiryMs: number): StagedUploads {
  if (!openS3Uploads) throw new Error('S3 uploads used before loadS3Uploads()');
  return openS3Uploads(config, expiryMs);
}

/** The FileStore answer when the upload is unknown, or its bytes are not all there yet. */
export async function checkComplete(datastore: DataStore, fileId: string): Promise<void> {
  let upload: Upload;
  try {
    upload = await datastore.getUpload(fileId);
  } catch {
    throw new HttpError(404, UPLOAD_NOT_FOUND);
  }
  if (upload.size === undefined || upload.offset !== upload.size) {
    throw badRequest('The upload is not complete yet.');
  }
}

/** Writes a whole upload through the tus data store, as a client's single PATCH would. */
export async function writeWholeUpload(datastore: DataStore, fileId: string, data: Buffer) {
  await datastore.create(new Upload({ id: fileId, size: data.length, offset: 0, metadata: {} }));
  await datastore.write(Readable.from([data]), fileId, 0);
}

/** Staged uploads on the local disk: `<id>` and tus's `<id>.json` beside it. */
export class DiskUploads implements StagedUploads {
  readonly datastore: FileStore;

  constructor(
    readonly directory: string,
    expirationPeriodInMilliseconds: number,
  ) {
    this.datastore = new FileStore({ directory, expirationPeriodInMilliseconds });
  }

  storeComplete(fileId: string, data: Buffer) {
    return writeWholeUpload(this.datastore, fileId, data);
  }

  async readComplete(fileId: string): Promise<Buffer> {
    await checkComplete(this.datastore, fileId);
    return fs.readFile(path.join(this.directory, fileId));
  }

  async discard(fileId: string): Promise<void> {
    await this.datastore.remove(fileId).catch(() => undefined);
    await this.datastore.configstore.delete(fileId).catch(() => undefined);
  }

  async listWrittenBefore(cutoff: number): Promise<string[]> {
    let names: string[];
    try {
      names = await fs.readdir(this.directory);
    } catch {
      return [];
    }
    const old: string[] = [];
    for (const fileId of new Set(names.map((n) => UPLOAD_FILE_NAME.exec(n)?.[1] ?? ''))) {
      if (!fileId) continue;
      const written = await Promise.all(
        [fileId, `${fileId}.json`].map((name) =>
          fs.stat(path.join(this.directory, name)).then(
            (stat) => stat.mtimeMs / 1000,
            () => -Infinity,
          ),
        ),
      );
      if (Math.max(...written) < cutoff) old.push(fileId);
    }
    return old;
  }
}
