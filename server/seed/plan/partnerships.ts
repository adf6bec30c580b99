// A post behind a sensitive-content cover and a paid partnership, both among demo's newest feed
// posts so the two can be seen at once (content §3 gating info and sponsors). Picked from the
// planned rows by rule: they draw nothing from the PRNG, so every other row stays the same.
import type { UsersTable } from '../../db/schema.ts';
import type { PlannedPost } from './posts.ts';
import type { Planner } from './types.ts';
import type { Cast } from './users.ts';

export const SENSITIVE_COVER = {
  gating_type: 'sensitive',
  gating_title: 'Sensitive content',
  gating_description: 'This photo may show content that some people find upsetting.',
} as const;

export function planPartnerships(p: Planner, cast: Cast, posts: PlannedPost[]): void {
  const followed = new Set(cast.demoFollows.map((u) => u.id));
  // Newest first, as demo's feed orders them; demo's own posts are left alone.
  const inFeed = posts
    .filter((post) => followed.has(post.owner.id))
    .sort((a, b) => b.row.taken_at - a.row.taken_at || b.row.id.localeCompare(a.row.id));
  const gated = inFeed[0];
  if (!gated) return;
  Object.assign(gated.row, SENSITIVE_COVER);

  const sponsored = inFeed.find((post) => post.owner !== gated.owner);
  if (!sponsored) return;
  // A brand sponsors it when the cast has one (glint is the network's own account, not a brand).
  const candidates = cast.publicOthers.filter((u) => u !== sponsored.owner);
  const sponsor: UsersTable | undefined =
    candidates.find((u) => u.is_business === 1 && u.username !== 'glint') ?? candidates[0];
  if (!sponsor) return;
  p.plan.post_sponsors.push({ post_id: sponsored.row.id, sponsor_id: sponsor.id, position: 0 });
}
