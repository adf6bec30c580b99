import { sql, type ExpressionBuilder, type RawBuilder } from 'kysely';
import type { AppContext } from '../context.ts';
import { isPostgres } from '../db/database.ts';
import type { Database } from '../db/schema.ts';
import { blockedEitherWay } from './access.ts';

export interface FoundPerson {
  id: string;
  username: string;
  full_name: string;
  is_verified: 0 | 1;
  profile_pic_key: string | null;
}

/** "Contains" needs a trigram: shorter queries match the start of a name only. */
export const CONTAINS_MIN_CHARACTERS = 3;

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);
const like = (pattern: string) => sql<string>`${pattern} escape '\\'`;

/** The first string after every string that starts with `prefix` (code point order). */
function pastPrefix(prefix: string): string {
  const chars = [...prefix];
  const last = chars.pop()!.codePointAt(0)!;
  return chars.join('') + String.fromCodePoint(Math.min(last + 1, 0x10ffff));
}

/**
 * Active members whose username or name starts with `lower` (a lowercase query), at most `limit`
 * of each in index order (the username index, users_full_name_idx; migration 018): two short
 * index ranges, never a scan of every member. Members on either side of a block with the viewer
 * are left out.
 */
export async function peopleByPrefix(
  ctx: AppContext,
  viewerId: string | null,
  lower: string,
  limit: number,
): Promise<FoundPerson[]> {
  const pattern = like(`${escapeLike(lower)}%`);
  // SQLite compares text by code point, so a prefix is the range [q, q with its last character
  // bumped), which the index answers. PostgreSQL's collation may order text by language rules,
  // where that range misses names; there its text_pattern_ops indexes answer LIKE 'q%' itself.
  const range = isPostgres(ctx.db) ? null : ([lower, pastPrefix(lower)] as const);
  const startsWith = (column: 'username' | RawBuilder<string>) => {
    let q = people(ctx, viewerId).where(column, 'like', pattern);
    if (range) q = q.where(column, '>=', range[0]).where(column, '<', range[1]);
    return q.orderBy(column).limit(limit).execute();
  };
  const byUsername = startsWith('username');
  const byName = startsWith(sql<string>`lower(full_name)`);
  const [a, b] = await Promise.all([byUsername, byName]);
  const seen = new Set(a.map((p) => p.id));
  return [...a, ...b.filter((p) => !seen.has(p.id))].sort((x, y) =>
    x.username < y.username ? -1 : x.username > y.username ? 1 : 0,
  );
}

/**
 * Active members whose username or name contains `lower` anywhere, at most `limit` by username,
 * through the trigram index (SQLite FTS5, PostgreSQL pg_trgm; migration 018): O(the matches).
 * Queries shorter than CONTAINS_MIN_CHARACTERS find nothing here.
 */
export async function peopleContaining(
  ctx: AppContext,
  viewerId: string | null,
  lower: string,
  limit: number,
): Promise<FoundPerson[]> {
  if ([...lower].length < CONTAINS_MIN_CHARACTERS) return [];
  // A NUL ends an FTS5 query string early (SQLite answers "unterminated string"): no name holds
  // control characters, so a query with one matches nobody.
  if ([...lower].some((c) => c.charCodeAt(0) < 0x20)) return [];
  const pattern = like(`%${escapeLike(lower)}%`);
  const query = isPostgres(ctx.db)
    ? people(ctx, viewerId).where((eb) =>
        eb.or([
          eb('username', 'like', pattern),
          eb(sql<string>`lower(full_name)`, 'like', pattern),
        ]),
      )
    : // A trigram phrase matches the substring in either column, ignoring case.
      people(ctx, viewerId).where(
        sql<boolean>`users.rowid IN (SELECT rowid FROM users_search
                                      WHERE users_search MATCH ${trigramPhrase(lower)})`,
      );
  return query.orderBy('username').limit(limit).execute();
}

/** An FTS5 phrase: the query's characters as one string, quotes doubled. */
const trigramPhrase = (text: string) => `"${text.replace(/"/g, '""')}"`;

function people(ctx: AppContext, viewerId: string | null) {
  return ctx.db
    .selectFrom('users')
    .select(['id', 'username', 'full_name', 'is_verified', 'profile_pic_key'])
    .where('is_active', '=', 1)
    .$if(viewerId !== null, (qb) =>
      qb.where((eb: ExpressionBuilder<Database, 'users'>) =>
        eb.not(blockedEitherWay(eb, 'users.id', viewerId ?? '')),
      ),
    );
}
