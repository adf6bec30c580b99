// The demo seed: ~30 members, ~200 posts with generated photos, stories, comments, likes,
// hashtags (two with moderated pages), a locations directory, notifications, follow requests and
// a promotion, one post behind a sensitive-content cover and one paid partnership.
import { hashPassword } from '../auth/passwords.ts';
import type { AppContext } from '../context.ts';
import { copyAssets, renderImages } from './images.ts';
import { insertPlan } from './insert.ts';
import { DEMO_PASSWORD, MEMBERS } from './members.ts';
import { buildPlan } from './plan/index.ts';

export { NOTIFICATION_TYPES } from './notificationTypes.ts';
export { DEMO_SEED } from './plan/index.ts';

export interface SeedOptions {
  /** Number of posts (default 200, at least 12). */
  posts?: number;
  /** Number of members (default and maximum 30, at least 16). */
  users?: number;
}

const log = (msg: string) => console.log(`[seed] ${msg}`);

/**
 * Fills an empty database with the demo data. Deterministic: the same options give the same
 * rows and pictures; only absolute times move with ctx.now().
 */
export async function seedDemo(
  ctx: Pick<AppContext, 'db' | 'storage' | 'now'>,
  opts: SeedOptions = {},
): Promise<{ users: number; posts: number }> {
  const started = Date.now();
  // Every member shares the password glint-demo, so one hash serves them all: hashing 30 times
  // would only cost seconds of scrypt for salts nobody needs on published demo credentials.
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const plan = buildPlan(
    ctx.now(),
    { posts: opts.posts ?? 200, users: opts.users ?? MEMBERS.length },
    passwordHash,
  );
  log(
    `planned ${plan.users.length} members, ${plan.posts.length} posts, ${plan.images.length} pictures`,
  );
  // Pictures first, rows second: if rendering fails the database stays empty, so the next start
  // seeds again instead of serving posts whose images are missing.
  const files =
    (await renderImages(ctx.storage, plan.images, (done) =>
      log(`rendered ${done}/${plan.images.length} pictures`),
    )) + (await copyAssets(ctx.storage, plan.assets));
  const rows = await ctx.db.transaction().execute((trx) => insertPlan(trx, plan));
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  log(
    `done in ${seconds} s: ${plan.users.length} members, ${plan.posts.length} posts, ` +
      `${plan.comments.length} comments, ${plan.likes.length} likes, ` +
      `${plan.story_items.length} story items, ${plan.notifications.length} notifications ` +
      `(${rows} rows, ${files} files)`,
  );
  return { users: plan.users.length, posts: plan.posts.length };
}
