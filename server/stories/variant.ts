import sharp from 'sharp';
import type { AppContext } from '../context.ts';
import { mediaUrl, type MediaStorage } from '../media/storage.ts';
import type { WireDisplayResource } from '../../common/storyTypes.ts';
import { eachLimited } from './eachLimited.ts';

/*
 * The smaller copy of a story picture (issue 18, migration 019): 540 px wide beside the 1080 px
 * original, in the same folder (`s/<id>/540.jpg`), so the media gate treats both alike. A
 * desktop viewer draws a story about 450×800 CSS pixels at 1×: the original is 5× the pixels it
 * needs, fetched, decoded, uploaded and (drawn at less than half its size) mipmapped. A phone at
 * 2–3× still needs the original; the client picks the smallest size that covers what it draws.
 */
export const STORY_SMALL_WIDTH = 540;
const SMALL_QUALITY = 85;

/** Where the smaller copy of the picture at `mediaKey` is stored. */
export const smallStoryKey = (mediaKey: string) =>
  mediaKey.replace(/[^/]*$/, `${STORY_SMALL_WIDTH}.jpg`);

/** The smaller copy of a story picture (any format sharp reads), as a JPEG. */
export async function storySmallPicture(
  image: Buffer,
): Promise<{ bytes: Buffer; width: number; height: number }> {
  const { data, info } = await sharp(image)
    .rotate()
    .resize({ width: STORY_SMALL_WIDTH, withoutEnlargement: true })
    .toColourspace('srgb')
    .jpeg({ quality: SMALL_QUALITY })
    .toBuffer({ resolveWithObject: true });
  return { bytes: data, width: info.width, height: info.height };
}

/** Makes and stores the smaller copy of `image`; its width, or null when it is no smaller. */
export async function saveSmallPicture(
  storage: MediaStorage,
  mediaKey: string,
  image: Buffer,
): Promise<number | null> {
  const small = await storySmallPicture(image);
  if (small.width >= (await sharp(image).metadata()).width!) return null;
  await storage.put(smallStoryKey(mediaKey), small.bytes);
  return small.width;
}

/** From the stored picture; null when it is missing, unreadable or no wider than the copy. */
async function smallOfKey(storage: MediaStorage, key: string): Promise<number | null> {
  // A storage error (S3 answering 500) counts as no copy: the payload lists the original alone.
  try {
    const bytes = await storage.get(key);
    return bytes ? await saveSmallPicture(storage, key, bytes) : null;
  } catch {
    return null;
  }
}

interface VariantRow {
  id: string;
  media_key: string;
  width: number;
  height: number;
  small_width?: number | null;
}

/** Most older items one payload fills (each a read, a resize and a write). */
const FILLS_PER_REQUEST = 3;

/** Items this process already tried to fill (a missing file is not read again per request). */
const attempted = new Set<string>();

/**
 * Stories stored before migration 019 have no smaller copy: it is made from the stored picture
 * the first time a payload carries the item, saved, and written into `rows` in place.
 */
export async function fillMissingSmallPictures(
  ctx: Pick<AppContext, 'db' | 'storage'>,
  rows: VariantRow[],
): Promise<void> {
  // A few per request: the first tray after a deploy would otherwise resize every older picture
  // before answering; the rest are served with the original alone and made by later requests.
  const missing = rows
    .filter((r) => !r.small_width && !attempted.has(r.id))
    .slice(0, FILLS_PER_REQUEST);
  for (const row of missing) {
    attempted.add(row.id);
    const smallWidth = await smallOfKey(ctx.storage, row.media_key);
    if (!smallWidth) continue;
    row.small_width = smallWidth;
    await ctx.db
      .updateTable('story_items')
      .set({ small_width: smallWidth })
      .where('id', '=', row.id)
      .where('small_width', 'is', null)
      .execute();
  }
}

/** Makes the smaller copies for rows about to be inserted (the seed), a few at a time. */
export async function smallPicturesForRows(
  storage: MediaStorage,
  rows: { media_key: string; small_width?: number | null }[],
): Promise<void> {
  await eachLimited(rows, 4, async (row) => {
    row.small_width = await smallOfKey(storage, row.media_key);
  });
}

/** The wire's sizes of a picture, smallest first; the original last. */
export function displayResources(row: VariantRow): WireDisplayResource[] {
  const original = {
    src: mediaUrl(row.media_key),
    config_width: row.width,
    config_height: row.height,
  };
  if (!row.small_width || row.small_width >= row.width) return [original];
  return [
    {
      src: mediaUrl(smallStoryKey(row.media_key)),
      config_width: row.small_width,
      config_height: Math.round((row.height * row.small_width) / row.width),
    },
    original,
  ];
}
