/**
 * The @mention or #hashtag being typed at the caret of a caption, for suggestions. Same
 * characters as src/lib/linkify.ts (content §5): a mention is word characters with dots between;
 * a hashtag is word characters. Neither may follow a word character (e-mail addresses).
 */
export interface CaptionToken {
  trigger: '@' | '#';
  /** What follows the trigger so far (never empty). */
  query: string;
  /** Where the trigger starts and the token ends in the caption; a choice replaces [start, end). */
  start: number;
  end: number;
}

const WORD = '\\p{L}\\p{M}\\p{N}_';
const BEFORE_CARET = new RegExp(`(?<![${WORD}])([@#])([${WORD}.]*)$`, 'u');
const AFTER_CARET = new RegExp(`^[${WORD}.]*`, 'u');

export function captionToken(text: string, caret: number): CaptionToken | null {
  const before = BEFORE_CARET.exec(text.slice(0, caret));
  if (!before) return null;
  const trigger = before[1] as '@' | '#';
  const start = before.index;
  const end = caret + (AFTER_CARET.exec(text.slice(caret))?.[0].length ?? 0);
  let query = text.slice(start + 1, end);
  // Hashtags take no dots; a mention's trailing dot is not part of it yet.
  if (trigger === '#') query = query.split('.')[0];
  query = query.replace(/\.+$/, '');
  if (query === '' || query.startsWith('.') || query.includes('..')) return null;
  return { trigger, query, start, end: start + 1 + query.length };
}

/** The caption with the token replaced by the chosen name and a space, and the caret after it. */
export function replaceToken(
  text: string,
  token: CaptionToken,
  name: string,
): { text: string; caret: number } {
  const inserted = `${token.trigger}${name} `;
  const rest = text.slice(token.end).replace(/^ /, '');
  return {
    text: text.slice(0, token.start) + inserted + rest,
    caret: token.start + inserted.length,
  };
}
