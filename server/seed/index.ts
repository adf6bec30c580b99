// The demo seed: ~30 members, ~200 posts with generated photos, stories, comments, likes,
// hashtags (two with moderated pages), a locations directory, notifications, follow requests and
// a promotion, one post behind a sensitive-content cover and one paid partnership. Asked for more
// members than the cast of 30, it adds generated members with their posts and activity after the
// demo (a large dataset on demand: SEED_MEMBERS / SEED_POSTS).
import { hashPassword } from '../auth/passwords.ts';
import type { AppContext } from '../context.ts';
import { copyAssets, linkFiles, removeFiles, renderImages } from './images.ts';
import { pictureCacheDir } from './pictureCache.ts';
import { insertPlan } from './insert.ts';
import { placeholdersForRows } from '../stories/placeholder.ts';
import { smallPicturesForRows } from '../stories/variant.ts';
import { DEMO_PASSWORD, MEMBERS } from './members.ts';
import { POOL_PREFIX, buildPlan } from './plan/index.ts';

export { NOTIFICATION_TYPES } from './notificationTypes.ts';
export { DEMO_SEED, POOL_PREFIX } from './plan/index.ts';

export interface SeedOptions {
  /** Number of posts (default 200, at least 12). */
  posts?: number;
  /**
   * Number of members (default 30, the demo cast; at least 16). Above 30 the cast is joined by
   * generated members: 300 members with 2 000 posts is 10× the demo, 3 000 with 20 000 is 100×.
   */
  members?: number;
  /** The former name of `members`. */
  users?: number;
  /**
   * Where rendered pictures are kept for the next seed (./pictureCache.ts); null for nowhere.
   * Default: pictureCacheDir(), from SEED_PICTURE_CACHE.
   */
  pictureCache?: string | null;
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
  const seconds = () => ((Date.now() - started) / 1000).toFixed(1);
  // Every member shares the password glint-demo, so one hash serves them all: hashing 30 times
  // would only cost seconds of scrypt for salts nobody needs on published demo credentials.
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const plan = buildPlan(
    ctx.now(),
    { posts: opts.posts ?? 200, members: opts.members ?? opts.users ?? MEMBERS.length },
    passwordHash,
  );
  const pooled = plan.pool.length
    ? `, ${plan.pool.length} pooled pictures shared by ${plan.links.length} files`
    : '';
  log(
    `planned ${plan.users.length} members, ${plan.posts.length} posts, ` +
      `${plan.images.length} pictures${pooled} (${seconds()} s)`,
  );
  // Pictures first, rows second: if rendering fails the database stays empty, so the next start
  // seeds again instead of serving posts whose images are missing.
  const jobs = [...plan.images, ...plan.pool];
  if (plan.pool.length) await removeFiles(ctx.storage, plan.pool, POOL_PREFIX);
  // The pool's own files are removed once linked, so they are not counted.
  const poolFiles = plan.pool.reduce((n, job) => n + job.keys.length + job.squares.length, 0);
  const cacheDir = opts.pictureCache === undefined ? pictureCacheDir() : opts.pictureCache;
  const pictures = await renderImages(
    ctx.storage,
    jobs,
    (done) => log(`stored ${done}/${jobs.length} pictures`),
    cacheDir,
  );
  const cached = jobs.length - pictures.rendered;
  log(
    `stored ${jobs.length} pictures, ${pictures.rendered} rendered` +
      (cached ? `, ${cached} from the picture cache (${cacheDir})` : '') +
      ` (${seconds()} s)`,
  );
  let files = pictures.files + (await copyAssets(ctx.storage, plan.assets)) - poolFiles;
  if (plan.pool.length) {
    files += await linkFiles(ctx.storage, plan.links, (done) =>
      log(`linked ${done}/${plan.links.length} files`),
    );
    await removeFiles(ctx.storage, plan.pool, POOL_PREFIX);
    log(`linked ${plan.links.length} files to the pooled pictures (${seconds()} s)`);
  }
  // Each story's placeholder comes from its stored picture (rendered, linked or copied above).
  await placeholdersForRows(ctx.storage, plan.story_items);
  await smallPicturesForRows(ctx.storage, plan.story_items);
  const rows = await ctx.db
    .transaction()
    .execute((trx) => insertPlan(trx, plan, (done) => log(`inserted ${done} rows`)));
  log(
    `done in ${seconds()} s: ${plan.users.length} members, ${plan.posts.length} posts, ` +
      `${plan.comments.length} comments, ${plan.likes.length} likes, ` +
      `${plan.follows.length} follows, ` +
      `${plan.story_items.length} story items, ${plan.notifications.length} notifications ` +
      `(${rows} rows, ${files} files)`,
  );
  return { users: plan.users.length, posts: plan.posts.length };
}
