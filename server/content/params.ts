import { Type } from '@sinclair/typebox';
import { badRequest } from '../http/errors.ts';
import type { PageInfo } from '../../common/types.ts';

// Ids are text (numeric strings from newId, or seed ids); anything outside this shape is refused
// before it reaches a query, so a hostile path segment answers 400, never 500.
export const ID_PATTERN = '^[A-Za-z0-9_-]{1,64}$';
const ID_RE = new RegExp(ID_PATTERN);
const SHORTCODE_RE = /^[A-Za-z0-9_-]{1,64}$/;
const TAG_RE = /^[\p{L}\p{N}_\p{Extended_Pictographic}]{1,100}$/u;

export const IdString = Type.String({ pattern: ID_PATTERN, maxLength: 64 });
export const IdParams = Type.Object({ id: IdString });

/** Page sizes from content spec §9. */
export const PAGE_SIZE = {
  feed: 12,
  feedComments: 4,
  feedLikers: 10,
  comments: 20,
  embed: 12,
  likers: 10,
  followers: 10,
  following: 10,
  profile: 12,
  saved: 12,
  tag: 12,
  location: 12,
  collections: 12,
  collectionPosts: 12,
  discover: 24,
  suggestedUsers: 20,
  topPosts: 9,
} as const;

/** Largest page a caller may ask for with `first`; keeps one request cheap. */
const MAX_FIRST = 50;

type Vars = Record<string, unknown>;

/** A required id from graph variables (numbers are accepted: JSON clients send ids either way). */
export function readId(vars: Vars, name: string): string {
  const raw = vars[name];
  const value = typeof raw === 'number' && Number.isSafeInteger(raw) ? String(raw) : raw;
  if (typeof value !== 'string' || !ID_RE.test(value)) throw badRequest(`Invalid ${name}.`);
  return value;
}

export function readOptionalId(vars: Vars, name: string): string | null {
  const raw = vars[name];
  if (raw === undefined || raw === null || raw === '') return null;
  return readId(vars, name);
}

export function readShortcode(vars: Vars, name = 'shortcode'): string {
  const value = vars[name];
  if (typeof value !== 'string' || !SHORTCODE_RE.test(value)) throw badRequest(`Invalid ${name}.`);
  return value;
}

export const isShortcode = (s: string) => SHORTCODE_RE.test(s);
export const isId = (s: string) => ID_RE.test(s);

/** A hashtag name without '#', lowercased (hashtag links use the lowercased tag). */
export function readTagName(vars: Vars): string {
  const value = vars.tag_name;
  if (typeof value !== 'string') throw badRequest('Invalid tag_name.');
  const tag = value.replace(/^#/, '').toLowerCase();
  if (!TAG_RE.test(tag)) throw badRequest('Invalid tag_name.');
  return tag;
}

/** A page size: the spec's size by default, clamped to 1..MAX_FIRST. */
export function readFirst(vars: Vars, name: string, fallback: number): number {
  const raw = vars[name];
  if (raw === undefined || raw === null) return fallback;
  const n = typeof raw === 'string' ? Number(raw) : raw;
  if (typeof n !== 'number' || !Number.isInteger(n) || n < 0) throw badRequest(`Invalid ${name}.`);
  return Math.min(n, MAX_FIRST);
}

/** The raw `after` cursor; null, '' and "0" all mean "from the start" (spec §4). */
export function readAfter(vars: Vars, name = 'after'): string | null {
  const raw = vars[name];
  if (raw === undefined || raw === null || raw === '' || raw === '0' || raw === 0) return null;
  if (typeof raw !== 'string' || raw.length > 200) throw badRequest(`Invalid ${name}.`);
  return raw;
}

// Keyset cursors: "<time>_<id>" of the last row of a page. Stable under inserts, so paging never
// repeats or skips a row that existed when the first page was read.
export interface KeyCursor {
  t: number;
  id: string;
}

export const encodeKeyCursor = (t: number, id: string) => `${t}_${id}`;

/** Times are unix seconds in `integer` columns: PostgreSQL refuses a larger bound value (500). */
const MAX_CURSOR_TIME = 2_147_483_647;

export function decodeKeyCursor(raw: string | null): KeyCursor | null {
  if (raw === null) return null;
  const m = /^(\d{1,10})_([A-Za-z0-9_-]{1,64})$/.exec(raw);
  if (!m || Number(m[1]) > MAX_CURSOR_TIME) throw badRequest('Invalid cursor.');
  return { t: Number(m[1]), id: m[2] };
}

/** Ranked lists (most liked first): a cursor of (like count, time, id). */
export const encodeRankCursor = (n: number, t: number, id: string) => `${n}_${t}_${id}`;

export function decodeRankCursor(raw: string | null): { n: number; t: number; id: string } | null {
  if (raw === null) return null;
  const m = /^(\d{1,10})_(\d{1,10})_([A-Za-z0-9_-]{1,64})$/.exec(raw);
  if (!m || Number(m[1]) > MAX_CURSOR_TIME || Number(m[2]) > MAX_CURSOR_TIME) {
    throw badRequest('Invalid cursor.');
  }
  return { n: Number(m[1]), t: Number(m[2]), id: m[3] };
}

/** Splits the extra row fetched to learn whether another page exists. */
export function takePage<T>(
  rows: T[],
  first: number,
  cursorOf: (row: T) => string,
): { rows: T[]; page_info: PageInfo } {
  const page = rows.slice(0, first);
  const hasNext = rows.length > first;
  const last = page[page.length - 1];
  return {
    rows: page,
    page_info: { has_next_page: hasNext, end_cursor: hasNext && last ? cursorOf(last) : null },
  };
}

export const emptyPageInfo: PageInfo = { has_next_page: false, end_cursor: null };

// PostgreSQL returns count(*) as a bigint string, SQLite as a number.
export const toCount = (n: string | number | bigint | null | undefined) => Number(n ?? 0);

/**
 * Post ids arrive either as the pk or as the media id "<pk>_<ownerId>" that /create/configure/
 * returns; both name the same post.
 */
export function mediaPk(id: string): string {
  const m = /^(\d+)_\d+$/.exec(id);
  return m ? m[1] : id;
}
