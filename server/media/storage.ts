import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';

/**
 * Where media bytes live. Keys are relative paths such as `p/<postId>/1080.jpg`; the public URL of
 * a key is `/media/<key>`. Two stores: DiskStorage (DATA_DIR/media, the default) and S3Storage
 * (a bucket, with S3_ENDPOINT…: server/media/s3Storage.ts); openMediaStorage picks one.
 */
export interface MediaStorage {
  put(key: string, data: Buffer): Promise<void>;
  /** The bytes, or null when there is no such key. */
  get(key: string): Promise<Buffer | null>;
  /** Removing a missing key is not an error. */
  remove(key: string): Promise<void>;
  /** Stores `from`'s bytes under `to` too, without passing them through this process if it can. */
  copy(from: string, to: string): Promise<void>;
}

/** What the browser sent that a bucket can answer for us. */
export interface ReadConditions {
  range?: string;
  ifNoneMatch?: string;
  ifModifiedSince?: string;
  /** HEAD: headers only. */
  headOnly?: boolean;
}

export type StoredObject =
  | { status: 304; headers: Record<string, string> }
  | { status: 416 }
  | { status: 200 | 206; headers: Record<string, string>; body: Readable | null };

/** A store that answers /media/ reads itself (a bucket), ranges and revalidation included. */
export interface ObjectStorage extends MediaStorage {
  /** The object as /media/ answers it; null when there is no such key. */
  open(key: string, when?: ReadConditions): Promise<StoredObject | null>;
}

export const isObjectStorage = (storage: MediaStorage): storage is ObjectStorage =>
  'open' in storage;

/** Sizes of the square thumbnails made for every post (thumbnail_resources). */
export const THUMBNAIL_SIZES = [150, 240, 320, 480, 640] as const;
/** The display image's long side: photo export resolution 1080 (content spec §9). */
export const DISPLAY_SIZE = 1080;

export const mediaUrl = (key: string) => `/media/${key}`;
/** `p/abc/1080.jpg` → `p/abc/t320.jpg` (square crop, see server/media/images.ts). */
export const thumbnailKey = (mediaKey: string, size: number) =>
  mediaKey.replace(/[^/]+$/, `t${size}.jpg`);

const SAFE_KEY = /^[a-zA-Z0-9_-]+(\/[a-zA-Z0-9_.-]+)*$/;

export function isSafeKey(key: string): boolean {
  return SAFE_KEY.test(key) && !key.split('/').some((part) => part === '..' || part === '.');
}

export class DiskStorage implements MediaStorage {
  constructor(readonly root: string) {}

  filePath(key: string): string {
    if (!isSafeKey(key)) throw new Error(`unsafe media key: ${key}`);
    return path.join(this.root, key);
  }

  async put(key: string, data: Buffer): Promise<void> {
    const file = this.filePath(key);
    await fs.mkdir(path.dirname(file), { recursive: true });
    // Written beside it and renamed over it: a reader (another process serving the same key)
    // sees the old file or the whole new one, never a part.
    const partial = `${file}.${process.pid}-${crypto.randomBytes(4).toString('hex')}.partial`;
    try {
      await fs.writeFile(partial, data);
      await fs.rename(partial, file);
    } catch (error) {
      await fs.rm(partial, { force: true });
      throw error;
    }
  }

  async get(key: string): Promise<Buffer | null> {
    try {
      return await fs.readFile(this.filePath(key));
    } catch {
      return null;
    }
  }

  async remove(key: string): Promise<void> {
    await fs.rm(this.filePath(key), { force: true });
  }

  /** A hard link (no bytes copied; removing one key leaves the other), a copy where none is possible. */
  async copy(from: string, to: string): Promise<void> {
    const source = this.filePath(from);
    const target = this.filePath(to);
    await fs.mkdir(path.dirname(target), { recursive: true });
    await fs.rm(target, { force: true });
    await fs.link(source, target).catch(() => fs.copyFile(source, target));
  }
}
