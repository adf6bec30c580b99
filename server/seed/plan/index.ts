import { IdCounter, Rng } from '../random.ts';
import { planActivity } from './activity.ts';
import { planEngagement } from './engagement.ts';
import { planHashtagModeration } from './hashtags.ts';
import { planPartnerships } from './partnerships.ts';
import { planPlaces } from './places.ts';
import { planPosts } from './posts.ts';
import { planSettings } from './settings.ts';
import { planStories } from './stories.ts';
import { emptyPlan, type Planner, type SeedPlan } from './types.ts';
import { planUsers } from './users.ts';

export type { AssetJob, ImageJob, SeedPlan } from './types.ts';

/** The fixed seed of the demo data; change it and every name, code and picture changes. */
export const DEMO_SEED = 20261122;

export interface PlanOptions {
  posts: number;
  users: number;
}

/** Builds every row and picture description. Pure: same options and `now` → same plan. */
export function buildPlan(now: number, opts: PlanOptions, passwordHash: string): SeedPlan {
  const p: Planner = { rng: new Rng(DEMO_SEED), ids: new IdCounter(), now, plan: emptyPlan() };
  const cast = planUsers(p, opts.users, passwordHash);
  const locations = planPlaces(p);
  const posts = planPosts(p, cast, locations, Math.max(12, opts.posts));
  const engagement = planEngagement(p, cast, posts);
  planStories(p, cast);
  planActivity(p, cast, engagement);
  planSettings(p, cast);
  planHashtagModeration(p);
  planPartnerships(p, cast, posts);
  return p.plan;
}
