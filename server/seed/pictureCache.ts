// Rendered seed pictures kept between seeds, by content. Every server start on an empty database,
// every bench data dir and every test that seeds renders the same SVGs again (the seed is
// deterministic); with this cache only the first one rasterises and encodes them.
import crypto from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { DiskStorage } from '../media/storage.ts';

/** A picture's encoded files: the full JPEG and one square JPEG per size. */
export interface RenderedPicture {
  full: Buffer;
  squares: Map<number, Buffer>;
}

/** Bump when what a picture renders to changes without its SVG changing (the JPEG settings). */
const FORMAT = 'v1';

/**
 * The cache folder: SEED_PICTURE_CACHE, 'off' for none, else glint-seed-pictures in the system's
 * temporary folder (on a fresh machine it starts empty; entries are named by content, so an old
 * one is never wrong, only unused).
 */
export function pictureCacheDir(env: NodeJS.ProcessEnv = process.env): string | null {
  const setting = env.SEED_PICTURE_CACHE?.trim();
  if (setting === 'off') return null;
  return setting || path.join(os.tmpdir(), 'glint-seed-pictures');
}

/** The entry's name: the SVG, the square sizes, the JPEG settings and the libvips that encodes. */
export function pictureKey(svg: string, sizes: number[], jpegQuality: number): string {
  return crypto
    .createHash('sha256')
    .update(
      `${FORMAT}|${sharp.versions.vips}|q${jpegQuality}|${[...sizes].sort((a, b) => a - b).join(',')}|`,
    )
    .update(svg)
    .digest('hex');
}

/** A whole JPEG: starts with SOI and ends with EOI (a cut-off file is treated as missing). */
const isWholeJpeg = (data: Buffer) =>
  data.length > 4 &&
  data[0] === 0xff &&
  data[1] === 0xd8 &&
  data[data.length - 2] === 0xff &&
  data[data.length - 1] === 0xd9;

/** Cache entries in a DiskStorage, whose put writes beside the file and renames it into place. */
export class PictureCache {
  private readonly files: DiskStorage;

  constructor(dir: string) {
    this.files = new DiskStorage(dir);
  }

  private fileKey(key: string, name: string | number): string {
    return `${key.slice(0, 2)}/${key}/${name}.jpg`;
  }

  /** The picture's files, or null when any is missing, unreadable or cut off. */
  async read(key: string, sizes: number[]): Promise<RenderedPicture | null> {
    const [full, ...squares] = await Promise.all(
      ['full', ...sizes].map((name) => this.files.get(this.fileKey(key, name))),
    );
    if (!full || !isWholeJpeg(full) || !squares.every((data) => data && isWholeJpeg(data))) {
      return null;
    }
    return { full, squares: new Map(sizes.map((size, i) => [size, squares[i] as Buffer])) };
  }

  /**
   * Keeps the picture's files, each whole or not at all for a seed reading it from another
   * process. A cache that cannot be written is left alone: the seed has its pictures either way.
   */
  async write(key: string, picture: RenderedPicture): Promise<void> {
    await Promise.all([
      this.files.put(this.fileKey(key, 'full'), picture.full),
      ...[...picture.squares].map(([size, data]) => this.files.put(this.fileKey(key, size), data)),
    ]).catch(() => {
      // Read-only or full: rendering again next time is the only cost.
    });
  }
}
