// Mentions and hashtags in user text (content §5). Tokens are rendered as React text and links,
// never as HTML, so user text cannot inject markup.

export type RichTextToken =
  | { type: 'text'; value: string }
  | { type: 'mention'; value: string }
  | { type: 'hashtag'; value: string };

const WORD = '\\p{L}\\p{M}\\p{N}_';
/**
 * Emoji plus the joiner, variation selector and skin-tone modifiers that keep a composite emoji
 * (👍🏽, 👩‍💻) in one tag; alternatives rather than a class, which would split those sequences.
 */
const TAG_CHAR = `[${WORD}]|\\p{Extended_Pictographic}|\\p{Emoji_Modifier}|\\u200d|\\ufe0f`;

/**
 * Alternatives, in order: a URL (kept as plain text so '#frag' or '@user' inside it is not
 * linked); a mention — '@' not preceded by a word character (so e-mail addresses are skipped),
 * word characters with single dots allowed between (a trailing dot is not part of it); a hashtag
 * — '#' not preceded by a word character, then word characters and emoji.
 */
const TOKEN_PATTERN = new RegExp(
  `(https?:\\/\\/[^\\s]+)` +
    `|(?<![${WORD}])@([${WORD}]+(?:\\.[${WORD}]+)*)` +
    `|(?<![${WORD}])#((?:${TAG_CHAR})+)`,
  'gu',
);

export function tokenize(text: string): RichTextToken[] {
  const tokens: RichTextToken[] = [];
  const pushText = (value: string) => {
    if (value === '') return;
    const last = tokens[tokens.length - 1];
    if (last?.type === 'text') last.value += value;
    else tokens.push({ type: 'text', value });
  };
  let cursor = 0;
  for (const match of text.matchAll(TOKEN_PATTERN)) {
    const start = match.index;
    pushText(text.slice(cursor, start));
    const [whole, url, mention, hashtag] = match;
    if (url !== undefined) pushText(whole);
    else if (mention !== undefined) tokens.push({ type: 'mention', value: mention });
    else if (hashtag !== undefined) tokens.push({ type: 'hashtag', value: hashtag });
    cursor = start + whole.length;
  }
  pushText(text.slice(cursor));
  return tokens;
}

/** Hashtag links always use the lowercased tag. */
export function hashtagPath(tag: string): string {
  return `/explore/tags/${encodeURIComponent(tag.toLowerCase())}/`;
}

export function mentionPath(username: string): string {
  return `/${username}/`;
}

/** Usernames mentioned in `text`, in order, without duplicates. */
export function extractMentions(text: string): string[] {
  const names = tokenize(text).flatMap((t) => (t.type === 'mention' ? [t.value] : []));
  return [...new Set(names)];
}

/** Hashtags in `text`, lowercased, in order, without duplicates. */
export function extractHashtags(text: string): string[] {
  const tags = tokenize(text).flatMap((t) => (t.type === 'hashtag' ? [t.value.toLowerCase()] : []));
  return [...new Set(tags)];
}
