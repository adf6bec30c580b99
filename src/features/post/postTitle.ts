import type { WirePost } from '../../api/types';

/** Longest caption excerpt in a post's tab title. */
const TITLE_CAPTION_CHARS = 60;

/** A post's tab title: its author and the first line of its caption ("@ava: “Lisbon at dusk”"). */
export function postTitle(
  post: Pick<WirePost, 'caption'> & { owner: { username: string } },
): string {
  const firstLine = (post.caption ?? '').split('\n')[0].trim();
  if (!firstLine) return `Photo by @${post.owner.username}`;
  const excerpt =
    [...firstLine].length > TITLE_CAPTION_CHARS
      ? `${[...firstLine]
          .slice(0, TITLE_CAPTION_CHARS - 1)
          .join('')
          .trimEnd()}…`
      : firstLine;
  return `@${post.owner.username}: “${excerpt}”`;
}
