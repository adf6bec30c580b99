// Story replies and quick reactions (issue 18 part 5), shared by the client, which offers them,
// and the reference server, which checks them. No imports: the server (NodeNext) includes this
// file too.

/** Longest reply, in characters (Instagram's direct messages stop at 1000 too). */
export const STORY_REPLY_MAX_LENGTH = 1000;

/** The six quick reactions under someone else's story, with the names assistive tech reads. */
export const STORY_REACTIONS = [
  { emoji: '😂', name: 'Laughing' },
  { emoji: '😮', name: 'Surprised' },
  { emoji: '😍', name: 'Heart eyes' },
  { emoji: '😢', name: 'Crying' },
  { emoji: '👏', name: 'Clapping' },
  { emoji: '🔥', name: 'Fire' },
] as const;

export type StoryReaction = (typeof STORY_REACTIONS)[number]['emoji'];

export const isStoryReaction = (value: string): value is StoryReaction =>
  STORY_REACTIONS.some((r) => r.emoji === value);

/** What POST /stories/{id}/reply/ and /react/ answer. */
export interface StoryReplyResult {
  status: 'ok';
  reply: { id: string; kind: 'text' | 'reaction'; text: string; created_at: number };
}

/** The story an Activity row answers (issue 18 part 5). */
export interface WireRepliedStory {
  id: string;
  /** Expired stories' files are no longer served, even to their owner. */
  expired: boolean;
  /** The picture while the story lives; after, its 9×16 placeholder as a data URL, or null. */
  thumbnail_src: string | null;
}
