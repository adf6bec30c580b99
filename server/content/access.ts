import { sql, type Expression, type ExpressionBuilder, type SqlBool } from 'kysely';
import type { AppContext } from '../context.ts';
import { prepared } from '../db/prepared.ts';
import type { Database, PostsTable, UsersTable } from '../db/schema.ts';
import { notFound } from '../http/errors.ts';

/*
 * Who may see what (content spec §6 leaves private-media visibility open; this is our rule):
 * a post is visible when its owner is public, or the viewer is the owner, or the viewer follows
 * the owner — and never when either of the two has blocked the other. Lists follow the same rule.
 */

export const POST_NOT_FOUND = 'Post not found.';
export const USER_NOT_FOUND = 'User not found.';

/** True when either user has blocked the other. `userCol` is a column holding a user id. */
export function blockedEitherWay<DB extends Database, TB extends keyof DB>(
  eb: ExpressionBuilder<DB, TB>,
  userCol: string,
  viewerId: string,
): Expression<SqlBool> {
  const e = eb as unknown as ExpressionBuilder<Database, 'posts'>;
  const col = e.ref(userCol as 'posts.owner_id');
  return e.exists(
    e
      .selectFrom('blocks as bx')
      .select('bx.blocker_id')
      .where((w) =>
        w.or([
          w.and([w('bx.blocker_id', '=', viewerId), w('bx.blocked_id', '=', col)]),
          w.and([w('bx.blocker_id', '=', col), w('bx.blocked_id', '=', viewerId)]),
        ]),
      ),
  );
}

/**
 * Everyone on either side of a block with the viewer, in one indexed query: usually nobody, so
 * the lists of a page filter by this short list instead of probing blocks for every row.
 */
export async function blockedIds(ctx: AppContext, viewerId: string | null): Promise<string[]> {
  if (!viewerId) return [];
  const rows = await blockedIdsQuery(ctx.db, { viewerId });
  return rows.map((r) => r.id);
}

const blockedIdsQuery = prepared('blockedIds', (db, p: { viewerId: string }) =>
  db
    .selectFrom('blocks')
    .select('blocked_id as id')
    .where('blocker_id', '=', p.viewerId)
    .union((eb) =>
      eb.selectFrom('blocks').select('blocker_id as id').where('blocked_id', '=', p.viewerId),
    ),
);

/**
 * Someone the viewer could still follow, for the user whose id is in `userCol`: not followed, not
 * asked to follow, and no block either way (suggestions, provider friends).
 */
export function followableBy<DB extends Database, TB extends keyof DB>(
  eb: ExpressionBuilder<DB, TB>,
  userCol: string,
  viewerId: string,
): Expression<SqlBool> {
  const e = eb as unknown as ExpressionBuilder<Database, 'users'>;
  const col = e.ref(userCol as 'users.id');
  return e.and([
    e.not(
      e.exists(
        e
          .selectFrom('follows as fx')
          .select('fx.followee_id')
          .where('fx.follower_id', '=', viewerId)
          .where('fx.followee_id', '=', col),
      ),
    ),
    e.not(
      e.exists(
        e
          .selectFrom('follow_requests as rx')
          .select('rx.target_id')
          .where('rx.requester_id', '=', viewerId)
          .where('rx.target_id', '=', col),
      ),
    ),
    e.not(blockedEitherWay(e, userCol, viewerId)),
  ]);
}

/**
 * The visibility rule for the user whose id is in `ownerCol` (posts.owner_id, follows.followee_id…):
 * public, or the viewer, or followed by the viewer; and no block either way.
 */
export function ownerVisibleTo<DB extends Database, TB extends keyof DB>(
  eb: ExpressionBuilder<DB, TB>,
  ownerCol: string,
  viewerId: string | null,
): Expression<SqlBool> {
  const e = eb as unknown as ExpressionBuilder<Database, 'posts'>;
  const owner = e.ref(ownerCol as 'posts.owner_id');
  const isPublic = e.exists(
    e
      .selectFrom('users as ux')
      .select('ux.id')
      .where('ux.id', '=', owner)
      .where('ux.is_private', '=', 0),
  );
  if (!viewerId) return isPublic;
  const follows = e.exists(
    e
      .selectFrom('follows as fx')
      .select('fx.follower_id')
      .where('fx.follower_id', '=', viewerId)
      .where('fx.followee_id', '=', owner),
  );
  return e.and([
    e.or([e(owner, '=', viewerId), isPublic, follows]),
    e.not(blockedEitherWay(e, ownerCol, viewerId)),
  ]);
}

export interface Relationship {
  followed_by_viewer: boolean;
  requested_by_viewer: boolean;
  follows_viewer: boolean;
  blocked_by_viewer: boolean;
  has_blocked_viewer: boolean;
}

export const NO_RELATIONSHIP: Relationship = {
  followed_by_viewer: false,
  requested_by_viewer: false,
  follows_viewer: false,
  blocked_by_viewer: false,
  has_blocked_viewer: false,
};

const relationshipsQuery = prepared(
  'relationships',
  (db, p: { viewerId: string; ids: string[] }) => {
    const tagged = (key: keyof Relationship) => sql<keyof Relationship>`${key}`.as('rel');
    return db
      .selectFrom('follows')
      .select(['followee_id as id', tagged('followed_by_viewer')])
      .where('follower_id', '=', p.viewerId)
      .where('followee_id', 'in', p.ids)
      .unionAll(
        db
          .selectFrom('follow_requests')
          .select(['target_id as id', tagged('requested_by_viewer')])
          .where('requester_id', '=', p.viewerId)
          .where('target_id', 'in', p.ids),
      )
      .unionAll(
        db
          .selectFrom('follows')
          .select(['follower_id as id', tagged('follows_viewer')])
          .where('followee_id', '=', p.viewerId)
          .where('follower_id', 'in', p.ids),
      )
      .unionAll(
        db
          .selectFrom('blocks')
          .select(['blocked_id as id', tagged('blocked_by_viewer')])
          .where('blocker_id', '=', p.viewerId)
          .where('blocked_id', 'in', p.ids),
      )
      .unionAll(
        db
          .selectFrom('blocks')
          .select(['blocker_id as id', tagged('has_blocked_viewer')])
          .where('blocked_id', '=', p.viewerId)
          .where('blocker_id', 'in', p.ids),
      );
  },
);

/**
 * The viewer's relationship with each of `userIds`: one query of five indexed parts (a UNION ALL,
 * each part tagged with the flag it sets), whatever the count.
 */
export async function relationships(
  ctx: AppContext,
  viewerId: string | null,
  userIds: string[],
): Promise<Map<string, Relationship>> {
  const result = new Map<string, Relationship>();
  const ids = [...new Set(userIds)];
  for (const id of ids) result.set(id, { ...NO_RELATIONSHIP });
  if (!viewerId || ids.length === 0) return result;
  const rows = await relationshipsQuery(ctx.db, { viewerId, ids });
  for (const row of rows) {
    const rel = result.get(row.id);
    if (rel) rel[row.rel] = true;
  }
  return result;
}

export async function relationship(
  ctx: AppContext,
  viewerId: string | null,
  userId: string,
): Promise<Relationship> {
  return (await relationships(ctx, viewerId, [userId])).get(userId) ?? { ...NO_RELATIONSHIP };
}

/** Whether the viewer may see this user's posts and lists (the rule above, for one user). */
export function canSeeContent(
  viewerId: string | null,
  user: Pick<UsersTable, 'id' | 'is_private'>,
  rel: Relationship,
): boolean {
  if (rel.blocked_by_viewer || rel.has_blocked_viewer) return false;
  return user.is_private === 0 || user.id === viewerId || rel.followed_by_viewer;
}

const activeUserById = prepared('activeUserById', (db, p: { id: string }) =>
  db.selectFrom('users').selectAll().where('id', '=', p.id).where('is_active', '=', 1),
);

const activeUserByUsername = prepared('activeUserByUsername', (db, p: { username: string }) =>
  db.selectFrom('users').selectAll().where('username', '=', p.username).where('is_active', '=', 1),
);

export async function findUserById(ctx: AppContext, id: string): Promise<UsersTable | undefined> {
  return (await activeUserById(ctx.db, { id }))[0];
}

export async function findUserByUsername(
  ctx: AppContext,
  username: string,
): Promise<UsersTable | undefined> {
  return (await activeUserByUsername(ctx.db, { username: username.toLowerCase() }))[0];
}

/**
 * A user the viewer may look at: unknown, deactivated, or having blocked the viewer all answer
 * 404 so a blocked person cannot tell a block from a missing account.
 */
export async function visibleUserById(
  ctx: AppContext,
  viewerId: string | null,
  id: string,
): Promise<{ user: UsersTable; rel: Relationship }> {
  const user = await findUserById(ctx, id);
  if (!user) throw notFound(USER_NOT_FOUND);
  const rel = await relationship(ctx, viewerId, user.id);
  if (rel.has_blocked_viewer) throw notFound(USER_NOT_FOUND);
  return { user, rel };
}

const visiblePostQuery = prepared(
  'visiblePost',
  (db, p: { viewerId: string | null; id: string | null; shortcode: string | null }) => {
    const q = db
      .selectFrom('posts')
      .selectAll('posts')
      .where((eb) => ownerVisibleTo(eb, 'posts.owner_id', p.viewerId))
      .where((eb) =>
        eb.exists(
          eb
            .selectFrom('users as ax')
            .select('ax.id')
            .whereRef('ax.id', '=', 'posts.owner_id')
            .where('ax.is_active', '=', 1),
        ),
      );
    return p.id !== null
      ? q.where('posts.id', '=', p.id)
      : q.where('posts.shortcode', '=', p.shortcode ?? '');
  },
);

/** A post the viewer may see, by id or shortcode; otherwise 404 'Post not found.'. */
export async function visiblePost(
  ctx: AppContext,
  viewerId: string | null,
  by: { id: string } | { shortcode: string },
): Promise<PostsTable> {
  const [post] = await visiblePostQuery(ctx.db, {
    viewerId,
    id: 'id' in by ? by.id : null,
    shortcode: 'id' in by ? null : by.shortcode,
  });
  if (!post) throw notFound(POST_NOT_FOUND);
  return post;
}
