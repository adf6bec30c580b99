import {
  CreateBucketCommand,
  HeadBucketCommand,
  S3Client,
  type S3ClientConfig,
} from '@aws-sdk/client-s3';
import type { S3Settings } from '../config.ts';

/**
 * The AWS SDK v3 client options for a bucket. Checksums only WHEN_REQUIRED: with the SDK's
 * defaults (a CRC32 trailer on every upload) a streamed body has no Content-Length, and the Ceph
 * RADOS Gateway answers 411 MissingContentLength to every such PUT and multipart part (DESIGN.md
 * "Running on more than one machine"); @tus/s3-store's parts are streams. AWS S3 accepts either.
 */
export function s3ClientConfig(settings: S3Settings): S3ClientConfig {
  return {
    endpoint: settings.endpoint,
    region: settings.region,
    forcePathStyle: settings.forcePathStyle,
    credentials: {
      accessKeyId: settings.accessKeyId,
      secretAccessKey: settings.secretAccessKey,
    },
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  };
}

export const openS3Client = (settings: S3Settings) => new S3Client(s3ClientConfig(settings));

/** The HTTP status an SDK error carries (404 for NoSuchKey, 304 for a met If-None-Match…). */
export function s3Status(error: unknown): number | undefined {
  const meta = (error as { $metadata?: { httpStatusCode?: number } } | null)?.$metadata;
  return meta?.httpStatusCode;
}

export function isS3NotFound(error: unknown): boolean {
  const name = (error as { name?: string } | null)?.name;
  return (
    s3Status(error) === 404 ||
    name === 'NoSuchKey' ||
    name === 'NotFound' ||
    name === 'NoSuchUpload'
  );
}

/** Creates the bucket when it does not exist yet (a second server starting meanwhile is fine). */
export async function ensureBucket(client: S3Client, bucket: string): Promise<void> {
  try {
    await client.send(new HeadBucketCommand({ Bucket: bucket }));
    return;
  } catch (error) {
    if (!isS3NotFound(error)) {
      throw new Error(`S3: cannot reach bucket "${bucket}": ${String(error)}`, { cause: error });
    }
  }
  try {
    await client.send(new CreateBucketCommand({ Bucket: bucket }));
  } catch (error) {
    const name = (error as { name?: string }).name;
    if (name !== 'BucketAlreadyOwnedByYou' && name !== 'BucketAlreadyExists') throw error;
  }
}
