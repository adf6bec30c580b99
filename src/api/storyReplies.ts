// Replies and quick reactions to someone else's story (issue 18 part 5).
import { apiPost } from './client';
import type { StoryReplyResult } from '../../common/storyReplies';

export {
  STORY_REACTIONS,
  STORY_REPLY_MAX_LENGTH,
  type StoryReaction,
  type StoryReplyResult,
  type WireRepliedStory,
} from '../../common/storyReplies';

const storyPath = (itemId: string, verb: 'reply' | 'react') =>
  `/stories/${encodeURIComponent(itemId)}/${verb}/`;

/** POST /stories/{id}/reply/ with the reply's text. */
export function sendStoryReply(itemId: string, text: string): Promise<StoryReplyResult> {
  return apiPost<StoryReplyResult>(storyPath(itemId, 'reply'), { text });
}

/** POST /stories/{id}/react/ with one of STORY_REACTIONS' emoji. */
export function sendStoryReaction(itemId: string, reaction: string): Promise<StoryReplyResult> {
  return apiPost<StoryReplyResult>(storyPath(itemId, 'react'), { reaction });
}
