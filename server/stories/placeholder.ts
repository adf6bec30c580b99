import sharp from 'sharp';
import type { AppContext } from '../context.ts';
import type { MediaStorage } from '../media/storage.ts';
import type { WireStoryPlaceholder } from '../../common/storyTypes.ts';
import { eachLimited } from './eachLimited.ts';

/*
 * The story placeholder (issue 18): the picture shrunk to 9×16 RGB pixels, base64 in the item's
 * `placeholder` column (576 characters). The viewer uploads these pixels as a texture the moment
 * it has the payload — no image decode, so it can draw them in its very first frame, stretched
 * smooth over the frame, while the real picture is fetched and decoded. A data-URL JPEG would be
 * as small but needs an asynchronous decode, which is exactly the wait it has to cover.
 */
export const PLACEHOLDER_WIDTH = 9;
export const PLACEHOLDER_HEIGHT = 16;

/** The placeholder pixels of a story picture (any format sharp reads). */
export async function storyPlaceholder(image: Buffer): Promise<string> {
  const pixels = await sharp(image)
    .rotate()
    // A blur first, so the 9×16 pixels are averages of their area rather than point samples.
    .resize(PLACEHOLDER_WIDTH * 8, PLACEHOLDER_HEIGHT * 8, { fit: 'cover', position: 'centre' })
    .blur(6)
    .resize(PLACEHOLDER_WIDTH, PLACEHOLDER_HEIGHT, { fit: 'fill', kernel: 'cubic' })
    .removeAlpha()
    .toColourspace('srgb')
    .raw()
    .toBuffer();
  return pixels.toString('base64');
}

/** The wire form of a stored placeholder (null: none yet, or the picture could not be read). */
export function wirePlaceholder(stored: string | null | undefined): WireStoryPlaceholder | null {
  if (!stored) return null;
  return { width: PLACEHOLDER_WIDTH, height: PLACEHOLDER_HEIGHT, rgb: stored };
}

/** Placeholders computed for one key at a time, so many requests do not repeat the work. */
async function placeholderOfKey(storage: MediaStorage, key: string): Promise<string | null> {
  // A storage error (S3 answering 500) counts as no picture: the payload is served without it.
  try {
    const bytes = await storage.get(key);
    return bytes ? await storyPlaceholder(bytes) : null;
  } catch {
    return null;
  }
}

/** Items this process already tried to fill (a missing file is not read again per request). */
const attempted = new Set<string>();

interface PlaceholderRow {
  id: string;
  media_key: string;
  placeholder?: string | null;
}

/**
 * Stories stored before migration 012 have no placeholder: it is computed from the stored
 * picture the first time a payload carries the item, saved, and written into `rows` in place.
 */
export async function fillMissingPlaceholders(
  ctx: Pick<AppContext, 'db' | 'storage'>,
  rows: PlaceholderRow[],
): Promise<void> {
  const missing = rows.filter((r) => !r.placeholder && !attempted.has(r.id));
  for (const row of missing) {
    attempted.add(row.id);
    const placeholder = await placeholderOfKey(ctx.storage, row.media_key);
    if (!placeholder) continue;
    row.placeholder = placeholder;
    await ctx.db
      .updateTable('story_items')
      .set({ placeholder })
      .where('id', '=', row.id)
      .where('placeholder', 'is', null)
      .execute();
  }
}

/** Fills `placeholder` on rows about to be inserted (the seed), a few pictures at a time. */
export async function placeholdersForRows(
  storage: MediaStorage,
  rows: { media_key: string; placeholder?: string | null }[],
): Promise<void> {
  const byKey = new Map<string, Promise<string | null>>();
  await eachLimited(rows, 4, async (row) => {
    let pending = byKey.get(row.media_key);
    if (!pending) {
      pending = placeholderOfKey(storage, row.media_key);
      byKey.set(row.media_key, pending);
    }
    row.placeholder = await pending;
  });
}
