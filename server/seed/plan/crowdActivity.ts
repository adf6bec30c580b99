// Stories of some generated members (a bounded number of live reels, a few expired ones, views
// by their followers) and the generated members' own activity feeds.
import type { NotificationsTable, UsersTable } from '../../db/schema.ts';
import { NOTIFICATION_TYPES } from '../notificationTypes.ts';
import type { Crowd } from './crowd.ts';
import type { CrowdPost } from './crowdPosts.ts';
import type { PicturePool } from './pool.ts';
import { STORY_HEIGHT, STORY_WIDTH } from './stories.ts';
import { DAY, HOUR, type Planner } from './types.ts';
import { sampleFew } from './weighted.ts';

/** However many members, at most this many generated reels are live at once. */
export const MAX_LIVE_REELS = 60;

export const liveReelCount = (members: number) =>
  Math.min(MAX_LIVE_REELS, Math.max(1, Math.round(members / 20)));

export function planCrowdStories(p: Planner, crowd: Crowd, pool: PicturePool): void {
  const { rng, now } = p;
  const item = (owner: UsersTable, takenAt: number) => {
    const id = p.ids.next();
    const key = `s/${id}/1080.jpg`;
    p.plan.links.push({ from: rng.pick(pool.stories), to: key });
    const row = {
      id,
      owner_id: owner.id,
      media_key: key,
      width: STORY_WIDTH,
      height: STORY_HEIGHT,
      is_video: 0 as const,
      video_key: null,
      video_duration: null,
      taken_at: takenAt,
      expiring_at: takenAt + DAY,
    };
    p.plan.story_items.push(row);
    return row;
  };
  const count = crowd.members.length;
  // Popular accounts post stories more often, so their followers' trays show them.
  const owners = crowd.popular.sample(
    rng,
    liveReelCount(count) + Math.min(20, Math.max(1, Math.round(count / 100))),
    (u) => crowd.generated.has(u) && !u.is_private,
  );
  owners.forEach((owner, i) => {
    if (i >= liveReelCount(count)) {
      item(owner, now - rng.int(25 * HOUR, 47 * HOUR)); // expired: no tray shows it
      return;
    }
    const times = Array.from({ length: rng.int(1, 4) }, () => now - rng.int(10 * 60, 20 * HOUR));
    const items = times.sort((a, b) => a - b).map((t) => item(owner, t));
    // Some followers watched part or all of the reel (demo's own tray stays the demo's).
    const fans = crowd.followers.get(owner.id) ?? [];
    for (const viewer of sampleFew(rng, fans, rng.int(0, 12), (u) => u !== crowd.cast.demo)) {
      const seen = items.slice(0, rng.int(1, items.length));
      for (const it of seen) {
        p.plan.story_views.push({
          item_id: it.id,
          viewer_id: viewer.id,
          seen_at: it.taken_at + 300,
        });
      }
      p.plan.reel_seen.push({
        viewer_id: viewer.id,
        owner_id: owner.id,
        seen_at: seen[seen.length - 1].taken_at,
      });
    }
  });
}

/** Per generated member, at most this many of each kind (the newest), like a capped feed. */
const NOTIFICATIONS_PER_KIND = { like: 8, comment: 5, follow: 5, tag: 3 } as const;

type Draft = Omit<NotificationsTable, 'id'>;

/**
 * The generated members' activity feeds from the rows planned since `from` (likes, comments,
 * follows and tags that involve them). Ids follow created_at, as the feed lists them by id.
 */
export function planCrowdNotifications(
  p: Planner,
  crowd: Crowd,
  posts: CrowdPost[],
  from: { likes: number; comments: number; follows: number; tags: number },
): void {
  const { plan } = p;
  const byPost = new Map(posts.map((x) => [x.row.id, x]));
  const buckets = new Map<string, Draft[]>();
  const add = (
    recipient: UsersTable | undefined,
    kind: keyof typeof NOTIFICATIONS_PER_KIND,
    d: Omit<Draft, 'user_id' | 'type'>,
  ) => {
    if (!recipient || !crowd.generated.has(recipient) || recipient.id === d.actor_id) return;
    const k = `${recipient.id} ${kind}`;
    const draft = { user_id: recipient.id, type: NOTIFICATION_TYPES[kind], ...d };
    const list = buckets.get(k);
    if (list) list.push(draft);
    else buckets.set(k, [draft]);
  };
  const byId = new Map(crowd.everyone.map((u) => [u.id, u]));
  for (const l of plan.likes.slice(from.likes)) {
    add(byPost.get(l.post_id)?.owner, 'like', {
      actor_id: l.user_id,
      post_id: l.post_id,
      text: '',
      created_at: l.created_at,
    });
  }
  for (const c of plan.comments.slice(from.comments)) {
    add(byPost.get(c.post_id)?.owner, 'comment', {
      actor_id: c.user_id,
      post_id: c.post_id,
      text: c.text,
      created_at: c.created_at,
    });
  }
  for (const f of plan.follows.slice(from.follows)) {
    add(byId.get(f.followee_id), 'follow', {
      actor_id: f.follower_id,
      post_id: null,
      text: '',
      created_at: f.created_at,
    });
  }
  for (const t of plan.post_tags.slice(from.tags)) {
    const post = byPost.get(t.post_id);
    if (!post) continue;
    add(byId.get(t.user_id), 'tag', {
      actor_id: post.owner.id,
      post_id: t.post_id,
      text: '',
      created_at: post.row.taken_at,
    });
  }
  const drafts: Draft[] = [];
  for (const [k, list] of buckets) {
    const kind = k.slice(k.indexOf(' ') + 1) as keyof typeof NOTIFICATIONS_PER_KIND;
    list.sort((a, b) => b.created_at - a.created_at);
    drafts.push(...list.slice(0, NOTIFICATIONS_PER_KIND[kind]));
  }
  drafts.sort((a, b) => a.created_at - b.created_at);
  for (const d of drafts) plan.notifications.push({ id: p.ids.next(), ...d });
}
