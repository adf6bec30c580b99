import {
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  type S3Client,
} from '@aws-sdk/client-s3';
import type { KvStore } from '@tus/server';
import { S3Store, type MetadataValue } from '@tus/s3-store';
import type { S3Settings } from '../config.ts';
import { isS3NotFound, s3ClientConfig } from './s3.ts';
import {
  UPLOAD_FILE_NAME,
  checkComplete,
  writeWholeUpload,
  type StagedUploads,
} from './uploadStore.ts';

/**
 * @tus/s3-store caches each upload's `.info` in process memory by default. With several servers
 * that copy goes stale (an upload cancelled or given its length through another server), so
 * nothing is cached: each tus request reads the small `.info` object again.
 */
class NoCache implements KvStore<MetadataValue> {
  async get(): Promise<MetadataValue | undefined> {
    return undefined;
  }
  async set(): Promise<void> {}
  async delete(): Promise<void> {}
  async list(): Promise<string[]> {
    return [];
  }
}

/**
 * @tus/s3-store, except that removing an upload removes all of it: the store aborts the multipart
 * upload and deletes `<id>` and `<id>.info`, but leaves `<id>.part` behind, and for a finished
 * upload (no multipart upload left to abort) it answers "not found" and deletes nothing.
 */
class CompleteRemovalS3Store extends S3Store {
  async remove(id: string): Promise<void> {
    try {
      await super.remove(id);
    } catch (error) {
      if ((error as { status_code?: number }).status_code !== 404) throw error;
      try {
        await this.client.send(
          new HeadObjectCommand({ Bucket: this.bucket, Key: this.infoKey(id) }),
        );
      } catch (missing) {
        if (isS3NotFound(missing)) throw error;
        throw missing;
      }
    }
    await this.client.send(
      new DeleteObjectsCommand({
        Bucket: this.bucket,
        Delete: {
          Objects: [id, this.infoKey(id), this.partKey(id, true)].map((Key) => ({ Key })),
          Quiet: true,
        },
      }),
    );
  }
}

/**
 * Staged uploads in the bucket, laid out by @tus/s3-store at its top level: `<id>.info` (the
 * upload's metadata, written at creation), an S3 multipart upload for the parts, `<id>.part`
 * (bytes short of the 5 MiB minimum part, kept until the next chunk), and `<id>` once complete.
 * Media files are under `media/` (S3Storage), so the two never meet.
 */
export class S3Uploads implements StagedUploads {
  readonly datastore: CompleteRemovalS3Store;
  readonly bucket: string;

  constructor(
    readonly client: S3Client,
    settings: S3Settings,
    expirationPeriodInMilliseconds: number,
  ) {
    this.bucket = settings.bucket;
    this.datastore = new CompleteRemovalS3Store({
      s3ClientConfig: { ...s3ClientConfig(settings), bucket: settings.bucket },
      expirationPeriodInMilliseconds,
      // Expiry is our sweep (sweepUploads), not bucket lifecycle rules reading object tags.
      useTags: false,
      cache: new NoCache(),
    });
  }

  storeComplete(fileId: string, data: Buffer) {
    return writeWholeUpload(this.datastore, fileId, data);
  }

  async readComplete(fileId: string): Promise<Buffer> {
    // The object `<id>` exists only once the multipart upload is completed.
    try {
      const out = await this.client.send(
        new GetObjectCommand({ Bucket: this.bucket, Key: fileId }),
      );
      if (out.Body) return Buffer.from(await out.Body.transformToByteArray());
    } catch (error) {
      if (!isS3NotFound(error)) throw error;
    }
    await checkComplete(this.datastore, fileId);
    throw new Error(`upload ${fileId} is complete but its object is missing`);
  }

  async discard(fileId: string): Promise<void> {
    // As on disk, a failure here is not the caller's: whatever is left is swept after the expiry.
    await this.datastore.remove(fileId).catch(() => undefined);
  }

  async listWrittenBefore(cutoff: number): Promise<string[]> {
    const written = new Map<string, number>();
    let token: string | undefined;
    do {
      const page = await this.client.send(
        new ListObjectsV2Command({
          Bucket: this.bucket,
          // Only the top level: media/… is summarised as one common prefix.
          Delimiter: '/',
          ContinuationToken: token,
        }),
      );
      for (const object of page.Contents ?? []) {
        const fileId = UPLOAD_FILE_NAME.exec(object.Key ?? '')?.[1];
        if (!fileId) continue;
        const at = (object.LastModified?.getTime() ?? 0) / 1000;
        written.set(fileId, Math.max(written.get(fileId) ?? -Infinity, at));
      }
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
    return [...written].filter(([, at]) => at < cutoff).map(([fileId]) => fileId);
  }
}
