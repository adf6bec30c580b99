/**
 * After the load run, with the server idle: does the database hold exactly what the server
 * acknowledged? Read through SQL (SELECTs only):
 *
 * - every acknowledged like/save/follow not undone later by an acknowledged unlike/unsave/
 *   unfollow is there exactly once; every acknowledged undo left no row. A pair whose last call
 *   was not acknowledged (an error), or with a call never answered (a timeout), may have gone
 *   either way and is not judged;
 * - every acknowledged comment is there, by the id in its answer, and its text (unique per run)
 *   exactly once;
 * - posts.like_count equals count(likes) for every post (when migration 010 made the column);
 * - feed_items holds exactly each member's own posts and its followees' posts (when the table
 *   exists), for every member of the run.
 *
 * lost + duplicated + mismatched must all be 0.
 */
import { sql } from 'kysely';
import { schemaHas, type DB } from './benchDb';
import type { WriteKind, WriteRecord } from './memberMix';

export interface CheckCounts {
  /** Writes answered 2xx. */
  acknowledged: number;
  /** Acknowledged writes whose effect is missing (or an acknowledged undo whose row remains). */
  lost: number;
  /** Rows present more than once for one acknowledged write. */
  duplicated: number;
  /** Writes judged: each pair's last call when acknowledged, and every acknowledged comment. */
  checked: number;
  /** Pairs not judged: their last call failed. */
  uncertain: number;
  /** Per kind: lost / duplicated, for the details column. */
  byKind: Record<string, { lost: number; duplicated: number; checked: number }>;
}

export interface CountCheck {
  /** null: the column or table does not exist in this checkout. */
  mismatches: number | null;
  detail: string;
}

export interface WriteCheckResult {
  writes: CheckCounts;
  likeCount: CountCheck;
  feedItems: CountCheck;
}

type Family = 'likes' | 'saves' | 'follows';
const FAMILY: Partial<Record<WriteKind, [Family, boolean]>> = {
  like: ['likes', true],
  unlike: ['likes', false],
  save: ['saves', true],
  unsave: ['saves', false],
  follow: ['follows', true],
  unfollow: ['follows', false],
};

interface Expectation {
  family: Family;
  member: string;
  target: string;
  /** The row should be there (the last acknowledged call was like/save/follow). */
  present: boolean;
  kind: WriteKind;
}

/**
 * The state each (member, target) pair should end in: its last call, if acknowledged. A pair
 * with a call that got no answer at all is not judged (that call may land after a later one).
 */
function expectations(writes: WriteRecord[]): { list: Expectation[]; uncertain: number } {
  const last = new Map<string, WriteRecord>();
  const unanswered = new Set<string>();
  for (const w of writes) {
    const family = FAMILY[w.kind];
    if (!family) continue;
    const key = `${family[0]}|${w.memberId}|${w.target}`;
    last.set(key, w);
    if (w.unanswered) unanswered.add(key);
  }
  const list: Expectation[] = [];
  let uncertain = 0;
  for (const [key, w] of last) {
    if (!w.acked || w.requested || unanswered.has(key)) {
      uncertain += 1;
      continue;
    }
    const [family, present] = FAMILY[w.kind]!;
    const [, member, target] = key.split('|');
    list.push({ family, member, target, present, kind: w.kind });
  }
  return { list, uncertain };
}

async function pairCounts(
  db: DB,
  family: Family,
  members: string[],
  targets: string[],
): Promise<Map<string, number>> {
  const counts = new Map<string, number>();
  if (!members.length || !targets.length) return counts;
  const rows =
    family === 'follows'
      ? await db
          .selectFrom('follows')
          .select(['follower_id as member', 'followee_id as target'])
          .select((eb) => eb.fn.countAll<string | number>().as('n'))
          .where('follower_id', 'in', members)
          .where('followee_id', 'in', targets)
          .groupBy(['follower_id', 'followee_id'])
          .execute()
      : await db
          .selectFrom(family)
          .select(['user_id as member', 'post_id as target'])
          .select((eb) => eb.fn.countAll<string | number>().as('n'))
          .where('user_id', 'in', members)
          .where('post_id', 'in', targets)
          .groupBy(['user_id', 'post_id'])
          .execute();
  for (const r of rows) counts.set(`${r.member}|${r.target}`, Number(r.n));
  return counts;
}

async function checkWrites(db: DB, writes: WriteRecord[], runTag: string): Promise<CheckCounts> {
  const { list, uncertain } = expectations(writes);
  const result: CheckCounts = {
    acknowledged: writes.filter((w) => w.acked).length,
    lost: 0,
    duplicated: 0,
    checked: 0,
    uncertain,
    byKind: {},
  };
  const tally = (kind: string, lost: number, duplicated: number) => {
    const k = (result.byKind[kind] ??= { lost: 0, duplicated: 0, checked: 0 });
    k.lost += lost;
    k.duplicated += duplicated;
    k.checked += 1;
    result.lost += lost;
    result.duplicated += duplicated;
    result.checked += 1;
  };
  for (const family of ['likes', 'saves', 'follows'] as const) {
    const mine = list.filter((e) => e.family === family);
    const counts = await pairCounts(
      db,
      family,
      [...new Set(mine.map((e) => e.member))],
      [...new Set(mine.map((e) => e.target))],
    );
    for (const e of mine) {
      const n = counts.get(`${e.member}|${e.target}`) ?? 0;
      if (e.present) tally(e.kind, n === 0 ? 1 : 0, Math.max(0, n - 1));
      else tally(e.kind, n > 0 ? 1 : 0, 0);
    }
  }

  const comments = writes.filter((w) => w.kind === 'comment' && w.acked);
  if (comments.length) {
    const rows = await db
      .selectFrom('comments')
      .select(['id', 'text', 'post_id', 'user_id'])
      .where('text', 'like', `load-${runTag}-%`)
      .execute();
    const byId = new Map(rows.map((r) => [r.id, r]));
    const textCount = new Map<string, number>();
    for (const r of rows) textCount.set(r.text, (textCount.get(r.text) ?? 0) + 1);
    for (const c of comments) {
      const row = c.commentId ? byId.get(c.commentId) : undefined;
      const found =
        row !== undefined &&
        row.text === c.text &&
        row.post_id === c.target &&
        row.user_id === c.memberId;
      const n = textCount.get(c.text ?? '') ?? 0;
      tally('comment', found ? 0 : 1, Math.max(0, n - 1));
    }
  }
  return result;
}

async function checkLikeCounts(db: DB): Promise<CountCheck> {
  if (!(await schemaHas(db, 'posts', 'like_count'))) {
    return { mismatches: null, detail: 'no posts.like_count in this checkout (migration 010)' };
  }
  const { rows } = await sql<{ id: string; like_count: number; n: number | string }>`
    SELECT p.id, p.like_count, (SELECT count(*) FROM likes l WHERE l.post_id = p.id) AS n
    FROM posts p
    WHERE p.like_count <> (SELECT count(*) FROM likes l WHERE l.post_id = p.id)`.execute(db);
  const { rows: total } = await sql<{ n: number | string }>`
    SELECT count(*) AS n FROM posts`.execute(db);
  const sample = rows
    .slice(0, 3)
    .map((r) => `${r.id}: ${r.like_count} ≠ ${r.n}`)
    .join(', ');
  return {
    mismatches: rows.length,
    detail: `${Number(total[0]?.n ?? 0)} posts${sample ? `; e.g. ${sample}` : ''}`,
  };
}

async function checkFeedItems(db: DB, members: string[]): Promise<CountCheck> {
  if (!(await schemaHas(db, 'feed_items'))) {
    return { mismatches: null, detail: 'no feed_items table in this checkout (migration 010)' };
  }
  if (!members.length) return { mismatches: 0, detail: 'no members' };
  const ids = sql.join(members);
  // Expected: (member, post) for the member's own posts and its followees' posts.
  const { rows: missing } = await sql<{ n: number | string }>`
    SELECT count(*) AS n FROM users u
    JOIN posts p ON p.owner_id = u.id
      OR EXISTS (SELECT 1 FROM follows f WHERE f.follower_id = u.id AND f.followee_id = p.owner_id)
    WHERE u.id IN (${ids})
      AND NOT EXISTS (
        SELECT 1 FROM feed_items fi
        WHERE fi.viewer_id = u.id AND fi.post_id = p.id
          AND fi.owner_id = p.owner_id AND fi.taken_at = p.taken_at)`.execute(db);
  const { rows: extra } = await sql<{ n: number | string }>`
    SELECT count(*) AS n FROM feed_items fi
    WHERE fi.viewer_id IN (${ids})
      AND NOT EXISTS (
        SELECT 1 FROM posts p
        WHERE p.id = fi.post_id AND p.owner_id = fi.owner_id AND p.taken_at = fi.taken_at
          AND (p.owner_id = fi.viewer_id OR EXISTS (
            SELECT 1 FROM follows f
            WHERE f.follower_id = fi.viewer_id AND f.followee_id = p.owner_id)))`.execute(db);
  const { rows: held } = await sql<{ n: number | string }>`
    SELECT count(*) AS n FROM feed_items fi WHERE fi.viewer_id IN (${ids})`.execute(db);
  const m = Number(missing[0]?.n ?? 0);
  const x = Number(extra[0]?.n ?? 0);
  return {
    mismatches: m + x,
    detail: `${members.length} timelines, ${Number(held[0]?.n ?? 0)} rows: ${m} missing, ${x} extra`,
  };
}

export async function checkWritesLanded(
  db: DB,
  writes: WriteRecord[],
  members: string[],
  runTag: string,
): Promise<WriteCheckResult> {
  return {
    writes: await checkWrites(db, writes, runTag),
    likeCount: await checkLikeCounts(db),
    feedItems: await checkFeedItems(db, members),
  };
}
