import { mediaUrl } from '../media/storage.ts';
import type { WireRepliedStory } from '../../shared/storyReplies.ts';
import { wirePlaceholder } from './placeholder.ts';

interface RepliedStoryColumns {
  story_id: string | null;
  story_media_key: string | null;
  story_expiring_at: number | null;
  story_placeholder: string | null | undefined;
}

/**
 * The story an Activity row answers. Its picture is linked only while the story lives: expired
 * story files are refused to everyone, the owner too (server/media/access.ts), so afterwards the
 * row shows the story's 9×16 placeholder instead of a broken image.
 */
export function repliedStory(row: RepliedStoryColumns, now: number): WireRepliedStory | null {
  if (!row.story_id || !row.story_media_key) return null;
  const live = Number(row.story_expiring_at) > now;
  return {
    id: row.story_id,
    thumbnail_src: live ? mediaUrl(row.story_media_key) : null,
    placeholder: wirePlaceholder(row.story_placeholder),
  };
}
