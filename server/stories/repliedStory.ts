import sharp from 'sharp';
import { mediaUrl } from '../media/storage.ts';
import type { WireRepliedStory } from '../../common/storyReplies.ts';
import { PLACEHOLDER_HEIGHT, PLACEHOLDER_WIDTH } from './placeholder.ts';

interface RepliedStoryColumns {
  story_id: string | null;
  story_media_key: string | null;
  story_expiring_at: number | null;
  story_placeholder: string | null | undefined;
}

/** The stored 9×16 placeholder pixels as a PNG data URL (≈ 200 bytes), or null. */
async function placeholderDataUrl(rgb: string | null | undefined): Promise<string | null> {
  if (!rgb) return null;
  const pixels = Buffer.from(rgb, 'base64');
  if (pixels.length !== PLACEHOLDER_WIDTH * PLACEHOLDER_HEIGHT * 3) return null;
  const png = await sharp(pixels, {
    raw: { width: PLACEHOLDER_WIDTH, height: PLACEHOLDER_HEIGHT, channels: 3 },
  })
    .png()
    .toBuffer();
  return `data:image/png;base64,${png.toString('base64')}`;
}

/**
 * The story an Activity row answers. Its picture is linked only while the story lives: expired
 * story files are refused to everyone, the owner too (server/media/access.ts), so afterwards the
 * row shows the story's 9×16 placeholder (a data URL the page's img-src allows) instead of a
 * broken image, and the client needs no code of its own to draw it.
 */
export async function repliedStory(
  row: RepliedStoryColumns,
  now: number,
): Promise<WireRepliedStory | null> {
  if (!row.story_id || !row.story_media_key) return null;
  const expired = Number(row.story_expiring_at) <= now;
  return {
    id: row.story_id,
    expired,
    thumbnail_src: expired
      ? await placeholderDataUrl(row.story_placeholder)
      : mediaUrl(row.story_media_key),
  };
}
