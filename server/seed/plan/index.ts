import { MEMBERS } from '../members.ts';
import { IdCounter, Rng } from '../random.ts';
import { planActivity } from './activity.ts';
import { planCrowd } from './crowd.ts';
import { liveReelCount, planCrowdNotifications, planCrowdStories } from './crowdActivity.ts';
import { planCrowdEngagement, planCrowdPosts } from './crowdPosts.ts';
import { planEngagement } from './engagement.ts';
import { planHashtagModeration } from './hashtags.ts';
import { planPartnerships } from './partnerships.ts';
import { planPlaces } from './places.ts';
import { planPool } from './pool.ts';
import { planPosts } from './posts.ts';
import { planSettings } from './settings.ts';
import { planStories } from './stories.ts';
import { emptyPlan, type Planner, type SeedPlan } from './types.ts';
import { planUsers, type Cast } from './users.ts';

export type { AssetJob, ImageJob, LinkJob, SeedPlan } from './types.ts';
export { POOL_PREFIX } from './pool.ts';

/** The fixed seed of the demo data; change it and every name, code and picture changes. */
export const DEMO_SEED = 20261122;

/** The demo cast's posts in a large seed: the default demo's 200, so the cast keeps its story. */
const CAST_POSTS = 200;

export interface PlanOptions {
  /** Posts in all (at least 12). */
  posts: number;
  /**
   * Members: up to 30 the hand-written cast (at least 16 of it); above 30 the whole cast plus
   * generated members.
   */
  members: number;
}

/** How the posts split between the demo cast and the generated members. */
export function planSizes(opts: PlanOptions) {
  const posts = Math.max(12, Math.round(opts.posts));
  const generatedMembers = Math.max(0, Math.round(opts.members) - MEMBERS.length);
  if (!generatedMembers) return { castPosts: posts, generatedMembers, generatedPosts: 0 };
  // Every member posts alike on average, except that the cast never gets more than the demo's
  // 200: 300 members / 2 000 posts and 3 000 / 20 000 both leave the cast exactly the demo.
  const share = Math.round((posts * MEMBERS.length) / (MEMBERS.length + generatedMembers));
  const castPosts = Math.min(posts, Math.max(12, Math.min(CAST_POSTS, share)));
  return { castPosts, generatedMembers, generatedPosts: posts - castPosts };
}

/**
 * Builds every row and picture description. Pure: same options and `now` → same plan. The demo
 * plan comes first and draws the same numbers whatever the size, so a large seed is the demo
 * (the same rows) plus the generated members' rows after it.
 */
export function buildPlan(now: number, opts: PlanOptions, passwordHash: string): SeedPlan {
  const p: Planner = { rng: new Rng(DEMO_SEED), ids: new IdCounter(), now, plan: emptyPlan() };
  const sizes = planSizes(opts);
  const cast = planUsers(p, opts.members, passwordHash);
  const locations = planPlaces(p);
  const posts = planPosts(p, cast, locations, sizes.castPosts);
  const engagement = planEngagement(p, cast, posts);
  planStories(p, cast);
  planActivity(p, cast, engagement);
  planSettings(p, cast);
  planHashtagModeration(p);
  planPartnerships(p, cast, posts);
  if (sizes.generatedMembers) {
    planGenerated(p, cast, sizes.generatedMembers, sizes.generatedPosts, passwordHash);
  }
  return p.plan;
}

const clamp = (n: number, min: number, max: number) => Math.min(max, Math.max(min, n));

/** The large seed's step after the demo: generated members with their posts and activity. */
function planGenerated(
  p: Planner,
  cast: Cast,
  members: number,
  posts: number,
  passwordHash: string,
): void {
  // A pooled picture per ~12 posts, at most 160: with avatars and stories 20 000 posts still
  // render ~220 pictures.
  const pool = planPool(p, {
    posts: posts ? clamp(Math.round(posts / 12), 12, 160) : 0,
    avatars: clamp(Math.round(members / 25), 8, 48),
    stories: clamp(Math.round(liveReelCount(members) / 5), 3, 12),
  });
  const { likes, comments, follows, post_tags } = p.plan;
  const from = {
    likes: likes.length,
    comments: comments.length,
    follows: follows.length,
    tags: post_tags.length,
  };
  const crowd = planCrowd(p, cast, members, passwordHash, pool);
  const planned = planCrowdPosts(p, crowd, pool, posts);
  planCrowdEngagement(p, crowd, planned);
  planCrowdStories(p, crowd, pool);
  planCrowdNotifications(p, crowd, planned, from);
}
