/**
 * Who the load case's members are and what they act on, read from the bench server's database
 * before the run (SELECTs only): N distinct active members without two-factor login (demo first),
 * a shared pool of the newest posts of public accounts (so members' likes meet on the same posts,
 * as on a real feed) and a pool of public accounts to follow. Each member's starting state (which
 * pool posts it likes and saves, whom it follows) comes from the same read, so the mix can
 * alternate like → unlike and follow → unfollow and never send a call whose answer is an error.
 *
 * Only public owners' posts are in the pool: a member who unfollows a private account would lose
 * sight of its posts, and liking one would then rightly be a 404. Pairs with a block either way
 * are left out for the same reason.
 */
import type { DB } from './benchDb';

export interface PoolPost {
  id: string;
  shortcode: string;
  commentsDisabled: boolean;
}

export interface PoolPerson {
  id: string;
  username: string;
}

export interface MemberPlan {
  /** 0-based, in the order members were picked (names the comments: load-<run>-<index>-<n>). */
  index: number;
  id: string;
  username: string;
  posts: PoolPost[];
  people: PoolPerson[];
  liked: Set<string>;
  saved: Set<string>;
  following: Set<string>;
}

const POST_POOL = 60;
const PEOPLE_POOL = 40;

/** Candidates for `wanted` members: twice as many, in order, in case some cannot log in. */
export async function memberCandidates(db: DB, wanted: number): Promise<PoolPerson[]> {
  const rows = await db
    .selectFrom('users')
    .select(['id', 'username'])
    .where('is_active', '=', 1)
    .where('two_factor_enabled', '=', 0)
    .orderBy((eb) => eb.case().when('username', '=', 'demo').then(0).else(1).end())
    .orderBy('username')
    .limit(wanted * 2)
    .execute();
  return rows;
}

export async function planMembers(db: DB, members: PoolPerson[]): Promise<MemberPlan[]> {
  if (!members.length) return [];
  const posts = await db
    .selectFrom('posts')
    .innerJoin('users', 'users.id', 'posts.owner_id')
    .select(['posts.id', 'posts.shortcode', 'posts.owner_id', 'posts.comments_disabled'])
    .where('users.is_private', '=', 0)
    .where('users.is_active', '=', 1)
    .orderBy('posts.taken_at', 'desc')
    .orderBy('posts.id', 'desc')
    .limit(POST_POOL)
    .execute();
  const people = await db
    .selectFrom('users')
    .select(['id', 'username'])
    .where('is_private', '=', 0)
    .where('is_active', '=', 1)
    .orderBy('username')
    .limit(PEOPLE_POOL)
    .execute();
  const memberIds = members.map((m) => m.id);
  const postIds = posts.map((p) => p.id);
  const blocks = await db
    .selectFrom('blocks')
    .select(['blocker_id', 'blocked_id'])
    .where((eb) => eb.or([eb('blocker_id', 'in', memberIds), eb('blocked_id', 'in', memberIds)]))
    .execute();
  const blocked = new Set(blocks.map((b) => `${b.blocker_id}:${b.blocked_id}`));
  const apart = (a: string, b: string) => blocked.has(`${a}:${b}`) || blocked.has(`${b}:${a}`);
  const pairs = async (table: 'likes' | 'saves') =>
    db
      .selectFrom(table)
      .select(['user_id', 'post_id'])
      .where('user_id', 'in', memberIds)
      .where('post_id', 'in', postIds.length ? postIds : [''])
      .execute();
  const [likes, saves] = await Promise.all([pairs('likes'), pairs('saves')]);
  const follows = await db
    .selectFrom('follows')
    .select(['follower_id', 'followee_id'])
    .where('follower_id', 'in', memberIds)
    .where(
      'followee_id',
      'in',
      people.map((p) => p.id),
    )
    .execute();

  return members.map((member, index) => ({
    index,
    id: member.id,
    username: member.username,
    posts: posts
      .filter((p) => !apart(member.id, p.owner_id))
      .map((p) => ({
        id: p.id,
        shortcode: p.shortcode,
        commentsDisabled: p.comments_disabled === 1,
      })),
    people: people.filter((p) => p.id !== member.id && !apart(member.id, p.id)),
    liked: new Set(likes.filter((l) => l.user_id === member.id).map((l) => l.post_id)),
    saved: new Set(saves.filter((s) => s.user_id === member.id).map((s) => s.post_id)),
    following: new Set(
      follows.filter((f) => f.follower_id === member.id).map((f) => f.followee_id),
    ),
  }));
}
