import type { Readable } from 'node:stream';
import {
  CopyObjectCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  PutObjectCommand,
  type S3Client,
} from '@aws-sdk/client-s3';
import { isS3NotFound, s3Status } from './s3.ts';
import {
  isSafeKey,
  type ObjectStorage,
  type ReadConditions,
  type StoredObject,
} from './storage.ts';

/** Media keys live under this prefix; staged tus uploads sit at the bucket's top level. */
export const MEDIA_PREFIX = 'media/';

const CONTENT_TYPES: Record<string, string> = {
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
  gif: 'image/gif',
  svg: 'image/svg+xml',
  mp4: 'video/mp4',
  webm: 'video/webm',
};

/** The content type served for a key, from its extension (as the disk path's @fastify/send does). */
export function contentTypeOf(key: string): string {
  const ext = /\.([a-z0-9]+)$/i.exec(key)?.[1]?.toLowerCase() ?? '';
  return CONTENT_TYPES[ext] ?? 'application/octet-stream';
}

/** One byte range (`bytes=0-99`, `bytes=100-`, `bytes=-50`); several ranges are served whole. */
export function singleRange(header: string | undefined): string | undefined {
  if (!header) return undefined;
  return /^bytes=(\d+-\d*|-\d+)$/.test(header.trim()) ? header.trim() : undefined;
}

export class S3Storage implements ObjectStorage {
  constructor(
    readonly client: S3Client,
    readonly bucket: string,
  ) {}

  objectKey(key: string): string {
    if (!isSafeKey(key)) throw new Error(`unsafe media key: ${key}`);
    return MEDIA_PREFIX + key;
  }

  async put(key: string, data: Buffer): Promise<void> {
    await this.client.send(
      new PutObjectCommand({
        Bucket: this.bucket,
        Key: this.objectKey(key),
        Body: data,
        ContentType: contentTypeOf(key),
      }),
    );
  }

  async get(key: string): Promise<Buffer | null> {
    try {
      const out = await this.client.send(
        new GetObjectCommand({ Bucket: this.bucket, Key: this.objectKey(key) }),
      );
      return out.Body ? Buffer.from(await out.Body.transformToByteArray()) : Buffer.alloc(0);
    } catch (error) {
      if (isS3NotFound(error)) return null;
      throw error;
    }
  }

  async remove(key: string): Promise<void> {
    // Deleting a missing key succeeds in S3, as fs.rm({force}) does on disk.
    await this.client.send(
      new DeleteObjectCommand({ Bucket: this.bucket, Key: this.objectKey(key) }),
    );
  }

  /** A server-side copy: the bytes never pass through this process. */
  async copy(from: string, to: string): Promise<void> {
    const source = `${this.bucket}/${this.objectKey(from)}`;
    await this.client.send(
      new CopyObjectCommand({
        Bucket: this.bucket,
        Key: this.objectKey(to),
        CopySource: source.split('/').map(encodeURIComponent).join('/'),
      }),
    );
  }

  /**
   * The object as the media route answers it, ranges and conditional requests decided by the
   * bucket; null when there is no such key.
   */
  async open(key: string, when: ReadConditions = {}): Promise<StoredObject | null> {
    const params = {
      Bucket: this.bucket,
      Key: this.objectKey(key),
      IfNoneMatch: when.ifNoneMatch,
      IfModifiedSince: when.ifModifiedSince ? new Date(when.ifModifiedSince) : undefined,
    };
    if (params.IfModifiedSince && Number.isNaN(params.IfModifiedSince.getTime())) {
      params.IfModifiedSince = undefined;
    }
    try {
      const range = when.headOnly ? undefined : singleRange(when.range);
      const out = when.headOnly
        ? await this.client.send(new HeadObjectCommand(params))
        : await this.client.send(new GetObjectCommand({ ...params, Range: range }));
      const headers: Record<string, string> = {
        'content-type': contentTypeOf(key),
        'accept-ranges': 'bytes',
      };
      if (out.ContentLength !== undefined) headers['content-length'] = String(out.ContentLength);
      if (out.ETag) headers.etag = out.ETag;
      if (out.LastModified) headers['last-modified'] = out.LastModified.toUTCString();
      const partial = 'ContentRange' in out && out.ContentRange;
      if (partial) headers['content-range'] = out.ContentRange as string;
      const body = 'Body' in out && out.Body ? (out.Body as Readable) : null;
      return { status: partial && range ? 206 : 200, headers, body };
    } catch (error) {
      const status = s3Status(error);
      if (status === 304) {
        return { status: 304, headers: when.ifNoneMatch ? { etag: when.ifNoneMatch } : {} };
      }
      if (status === 416) return { status: 416 };
      if (isS3NotFound(error)) return null;
      throw error;
    }
  }
}
