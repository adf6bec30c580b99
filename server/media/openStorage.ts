import fs from 'node:fs/promises';
import type { ServerConfig } from '../config.ts';
import { ensureBucket, openS3Client } from './s3.ts';
import { S3Storage } from './s3Storage.ts';
import { DiskStorage, type MediaStorage } from './storage.ts';

/**
 * The media store the configuration names: the S3 bucket (created when missing, so a fresh
 * gateway needs no setup) or DATA_DIR/media on the local disk.
 */
export async function openMediaStorage(config: ServerConfig): Promise<MediaStorage> {
  if (config.s3) {
    const client = openS3Client(config.s3);
    await ensureBucket(client, config.s3.bucket);
    return new S3Storage(client, config.s3.bucket);
  }
  await fs.mkdir(config.mediaDir, { recursive: true });
  return new DiskStorage(config.mediaDir);
}
