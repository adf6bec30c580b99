import type { Transaction } from 'kysely';
import type { AppContext } from '../context.ts';
import type { Database } from '../db/schema.ts';
import { badRequest } from '../http/errors.ts';
import type { UsersTable } from '../db/schema.ts';
import { visiblePost } from './access.ts';
import { NOTIFICATION_TYPE, notify, retractNotification } from './notifications.ts';

/** People one post may tag, as Instagram allows. */
export const MAX_USER_TAGS = 20;

export interface UserTag {
  userId: string;
  /** Where on the photo, 0..1 from its left and top edges. */
  x: number;
  y: number;
}

const BAD_USER_TAGS =
  'The tagged people are not valid: {"in": [{"username" or "user_id", "position": [x, y]}]}, x and y from 0 to 1.';

/** A tag's person, as the configure call names them: by user_id, or by username. */
interface TagInput {
  userId: string | null;
  username: string | null;
  x: number;
  y: number;
}

const inUnitRange = (v: unknown): v is number =>
  typeof v === 'number' && Number.isFinite(v) && v >= 0 && v <= 1;

/**
 * The configure calls' `usertags` field: JSON {"in": [{user_id | username, position: [x, y]}]},
 * Instagram's shape, with a username accepted beside the id (what the app's people search
 * shows). Absent or empty: no tags. Anything else malformed is a 400.
 */
export function parseUserTags(raw: string | undefined): TagInput[] {
  if (raw === undefined || raw.trim() === '') return [];
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    throw badRequest(BAD_USER_TAGS);
  }
  const list = (parsed as { in?: unknown } | null)?.in;
  if (!Array.isArray(list)) throw badRequest(BAD_USER_TAGS);
  if (list.length > MAX_USER_TAGS) {
    throw badRequest(`You can tag up to ${MAX_USER_TAGS} people in a post.`);
  }
  return (list as unknown[]).map((item) => {
    const { user_id: userId, username, position } = (item ?? {}) as Record<string, unknown>;
    const byId = typeof userId === 'string' && /^[0-9]{1,20}$/.test(userId);
    const byName = typeof username === 'string' && username.length > 0 && username.length <= 30;
    if (
      (!byId && !byName) ||
      !Array.isArray(position) ||
      position.length !== 2 ||
      !inUnitRange(position[0]) ||
      !inUnitRange(position[1])
    ) {
      throw badRequest(BAD_USER_TAGS);
    }
    return {
      userId: byId ? userId : null,
      username: byId ? null : (username as string).toLowerCase(),
      x: position[0],
      y: position[1],
    };
  });
}

/**
 * The tagged people as members: each must be an active account with no block either way
 * between them and the poster, and each is tagged once. A 400 names the first that is not.
 */
export async function resolveUserTags(
  ctx: AppContext,
  posterId: string,
  inputs: TagInput[],
): Promise<UserTag[]> {
  if (inputs.length === 0) return [];
  const ids = inputs.flatMap((t) => (t.userId ? [t.userId] : []));
  const names = inputs.flatMap((t) => (t.username ? [t.username] : []));
  const users = await ctx.db
    .selectFrom('users')
    .select(['id', 'username'])
    .where((eb) =>
      eb.or([
        ...(ids.length ? [eb('id', 'in', ids)] : []),
        ...(names.length ? [eb('username', 'in', names)] : []),
      ]),
    )
    .where('is_active', '=', 1)
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('blocks')
            .select('blocks.blocker_id')
            .where((b) =>
              b.or([
                b.and([
                  b('blocks.blocker_id', '=', posterId),
                  b('blocks.blocked_id', '=', b.ref('users.id')),
                ]),
                b.and([
                  b('blocks.blocked_id', '=', posterId),
                  b('blocks.blocker_id', '=', b.ref('users.id')),
                ]),
              ]),
            ),
        ),
      ),
    )
    .execute();
  const byId = new Map(users.map((u) => [u.id, u]));
  const byName = new Map(users.map((u) => [u.username, u]));
  const tags = new Map<string, UserTag>();
  for (const input of inputs) {
    const user = input.userId ? byId.get(input.userId) : byName.get(input.username!);
    if (!user) {
      const who = input.username ? `@${input.username}` : 'this account';
      throw badRequest(`You can't tag ${who}.`);
    }
    if (tags.has(user.id)) throw badRequest(`@${user.username} is tagged twice.`);
    tags.set(user.id, { userId: user.id, x: input.x, y: input.y });
  }
  return [...tags.values()];
}

/** Writes a new post's tags (in its insert transaction). */
export async function insertUserTags(
  trx: Transaction<Database>,
  postId: string,
  tags: UserTag[],
): Promise<void> {
  if (tags.length === 0) return;
  await trx
    .insertInto('post_tags')
    .values(tags.map((t) => ({ post_id: postId, user_id: t.userId, x: t.x, y: t.y })))
    .execute();
}

/** "… tagged you in a post." for each tagged member but the poster. */
export async function notifyUserTags(
  ctx: AppContext,
  posterId: string,
  postId: string,
  tags: UserTag[],
): Promise<void> {
  for (const tag of tags) {
    await notify(ctx, {
      userId: tag.userId,
      type: NOTIFICATION_TYPE.userTagged,
      actorId: posterId,
      postId,
    });
  }
}

/**
 * "Remove me from post": the viewer's tag on a post they can see is taken off, and the
 * notification it sent them with it. Idempotent: not (or no longer) tagged is not an error.
 */
export async function removeOwnTag(ctx: AppContext, viewer: UsersTable, postId: string) {
  const post = await visiblePost(ctx, viewer.id, { id: postId });
  await ctx.db
    .deleteFrom('post_tags')
    .where('post_id', '=', post.id)
    .where('user_id', '=', viewer.id)
    .execute();
  await retractNotification(ctx, {
    userId: viewer.id,
    type: NOTIFICATION_TYPE.userTagged,
    actorId: post.owner_id,
    postId: post.id,
  });
}
