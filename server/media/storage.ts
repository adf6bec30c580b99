import fs from 'node:fs/promises';
import path from 'node:path';

/**
 * Where media bytes live. Keys are relative paths such as `p/<postId>/1080.jpg`; the public URL of
 * a key is `/media/<key>`. A small interface so an S3-compatible store can replace the disk.
 */
export interface MediaStorage {
  put(key: string, data: Buffer): Promise<void>;
  get(key: string): Promise<Buffer | null>;
  remove(key: string): Promise<void>;
  /** Absolute file path, for stores that have one (the server streams it). */
  filePath(key: string): string;
}

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
    await fs.writeFile(file, data);
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
}
