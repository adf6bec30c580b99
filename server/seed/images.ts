// Renders the planned pictures: SVG → pixels once, then a JPEG per key and per square crop (or
// takes them from the picture cache, ./pictureCache.ts, when an earlier seed rendered them).
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { DiskStorage, type MediaStorage } from '../media/storage.ts';
import type { AssetJob, ImageJob, LinkJob } from './plan/index.ts';
import { PictureCache, pictureKey, type RenderedPicture } from './pictureCache.ts';

const JPEG = { quality: 85 } as const;

/** Rasterises the picture once and encodes the full JPEG and every square crop from its pixels. */
async function render(svg: string, sizes: number[]): Promise<RenderedPicture> {
  // Rasterise once and derive every output from the raw pixels; re-reading the SVG per output
  // would rasterise it again for each thumbnail.
  const { data, info } = await sharp(Buffer.from(svg))
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const raw = { raw: { width: info.width, height: info.height, channels: info.channels } };
  const full = await sharp(data, raw).jpeg(JPEG).toBuffer();
  // Square crops: cut the largest from the full picture, then shrink that one for the others
  // (resizing 640 px down is far cheaper than resizing 1080 px five times).
  const squares = new Map<number, Buffer>();
  let source = { data, raw };
  for (const size of [...sizes].sort((a, b) => b - a)) {
    const square = await sharp(source.data, source.raw)
      .resize(size, size, { fit: 'cover', position: 'centre' })
      .raw()
      .toBuffer({ resolveWithObject: true });
    source = {
      data: square.data,
      raw: { raw: { width: size, height: size, channels: square.info.channels } },
    };
    squares.set(size, await sharp(square.data, source.raw).jpeg(JPEG).toBuffer());
  }
  return { full, squares };
}

/** Stores one picture's files under its keys: from the cache when it has them, else rendered. */
async function storePicture(
  storage: MediaStorage,
  job: ImageJob,
  cache: PictureCache | null,
): Promise<{ files: number; rendered: boolean }> {
  const sizes = [...new Set(job.squares.map(([, size]) => size))];
  // Built once: a job's svg() draws from the plan's random numbers each time it is called.
  const svg = job.svg();
  const key = cache ? pictureKey(svg, sizes, JPEG.quality) : '';
  let picture = cache ? await cache.read(key, sizes) : null;
  const rendered = picture === null;
  if (!picture) {
    picture = await render(svg, sizes);
    if (cache) await cache.write(key, picture);
  }
  const { full, squares } = picture;
  await Promise.all([
    ...job.keys.map((k) => storage.put(k, full)),
    ...job.squares.map(([k, size]) => storage.put(k, squares.get(size) as Buffer)),
  ]);
  return { files: job.keys.length + job.squares.length, rendered };
}

/**
 * Stores every job's pictures (rendered, or from the cache in `cacheDir`), a few at a time, and
 * says how many it rendered. libvips is told to use one thread per image while we run
 * one image per core (plus one to overlap file writes), which is fastest on small machines.
 */
export async function renderImages(
  storage: MediaStorage,
  jobs: ImageJob[],
  onProgress: (done: number) => void = () => {},
  cacheDir: string | null = null,
): Promise<{ files: number; rendered: number }> {
  const cache = cacheDir ? new PictureCache(cacheDir) : null;
  let rendered = 0;
  const previous = sharp.concurrency();
  sharp.concurrency(1);
  const workers = Math.min(4, Math.max(2, os.availableParallelism() + 1));
  let next = 0;
  let done = 0;
  let files = 0;
  try {
    await Promise.all(
      Array.from({ length: workers }, async () => {
        while (next < jobs.length) {
          const job = jobs[next++];
          const one = await storePicture(storage, job, cache);
          files += one.files;
          if (one.rendered) rendered += 1;
          done += 1;
          if (done % 100 === 0) onProgress(done);
        }
      }),
    );
  } finally {
    sharp.concurrency(previous);
  }
  return { files, rendered };
}

/** Copies the planned asset files (server/seed/assets) into media storage. */
export async function copyAssets(storage: MediaStorage, jobs: AssetJob[]): Promise<number> {
  for (const job of jobs) {
    const data = await fs.readFile(new URL(`./assets/${job.asset}`, import.meta.url));
    await storage.put(job.key, data);
  }
  return jobs.length;
}

/** Links made at once: enough to keep the disk busy, few enough to leave file handles alone. */
const LINK_BATCH = 100;

/**
 * Stores each pooled file again under its row's own key: a hard link where the storage is a
 * disk (no bytes copied; removing one key leaves the others), the store's own copy otherwise (a
 * server-side copy in a bucket). Returns the number of files made.
 */
export async function linkFiles(
  storage: MediaStorage,
  links: LinkJob[],
  onProgress: (done: number) => void = () => {},
): Promise<number> {
  const folders = new Map<string, Promise<unknown>>();
  let hardLinks = storage instanceof DiskStorage;
  const link = async (job: LinkJob) => {
    if (!hardLinks || !(storage instanceof DiskStorage)) return storage.copy(job.from, job.to);
    try {
      const target = storage.filePath(job.to);
      const folder = path.dirname(target);
      let made = folders.get(folder);
      if (!made) {
        made = fs.mkdir(folder, { recursive: true });
        folders.set(folder, made);
      }
      await made;
      const source = storage.filePath(job.from);
      await fs.link(source, target).catch(async (err: NodeJS.ErrnoException) => {
        if (err.code !== 'EEXIST') throw err;
        // A file left by an earlier, interrupted seed is replaced, never written through.
        await fs.rm(target, { force: true });
        await fs.link(source, target);
      });
    } catch {
      // Another file system or no hard links there: the store copies from now on.
      hardLinks = false;
      await storage.copy(job.from, job.to);
    }
  };
  for (let i = 0; i < links.length; i += LINK_BATCH) {
    await Promise.all(links.slice(i, i + LINK_BATCH).map(link));
    const done = Math.min(i + LINK_BATCH, links.length);
    if (Math.floor(done / 20_000) > Math.floor(i / 20_000)) onProgress(done);
  }
  return links.length;
}

/**
 * Removes the files of `jobs` (the rendered pool, once linked: then no key outside a row's own
 * folder is left), and the emptied folders under `prefix` where the storage is a disk.
 */
export async function removeFiles(
  storage: MediaStorage,
  jobs: ImageJob[],
  prefix: string,
): Promise<void> {
  for (const job of jobs) {
    for (const key of [...job.keys, ...job.squares.map(([k]) => k)]) await storage.remove(key);
  }
  // A bucket has no folders to tidy.
  if (storage instanceof DiskStorage) {
    await fs.rm(storage.filePath(prefix), { recursive: true, force: true });
  }
}
