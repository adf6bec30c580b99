import fs from 'node:fs/promises';
import type { ServerConfig } from '../config.ts';
import { DiskStorage, type MediaStorage } from './storage.ts';
import { loadS3Uploads } from './uploadStore.ts';

/**
 * The media store the configuration names: the S3 bucket (created when missing, so a fresh
 * gateway needs no setup) or DATA_DIR/media on the local disk. The AWS SDK is loaded only for a
 * bucket (half a second of startup the disk default does not pay), the staged-upload store's
 * S3 code with it.
 */
export async function openMediaStorage(config: ServerConfig): Promise<MediaStorage> {
  if (config.s3) {
    const [{ ensureBucket, openS3Client }, { S3Storage }] = await Promise.all([
      import('./s3.ts'),
      import('./s3Storage.ts'),
      loadS3Uploads(),
    ]);
    const client = openS3Client(config.s3);
    await ensureBucket(client, config.s3.bucket);
    return new S3Storage(client, config.s3.bucket);
  }
  await fs.mkdir(config.mediaDir, { recursive: true });
  return new DiskStorage(config.mediaDir);
}
