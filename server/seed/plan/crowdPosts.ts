// The generated members' posts (pooled pictures, captions with hashtags and mentions,
// locations, tags, a few sidecars) and what others do with them: likes, comments and saves.
import type { PostsTable, UsersTable } from '../../db/schema.ts';
import { newShortcode } from '../../ids.ts';
import type { SceneKind } from '../art/index.ts';
import { CAPTIONS, COMMENTS, TAGS } from '../text.ts';
import type { Crowd } from './crowd.ts';
import { linkPostPicture, type PicturePool } from './pool.ts';
import { HASHTAG } from './posts.ts';
import { DAY, type Planner } from './types.ts';
import { Weighted, sampleFew } from './weighted.ts';

export interface CrowdPost {
  row: PostsTable;
  owner: UsersTable;
  kind: SceneKind;
}

/** A moment between `from` and now, never in the future. */
const between = (p: Planner, from: number) => p.rng.int(Math.min(from + 60, p.now), p.now);

export function planCrowdPosts(
  p: Planner,
  crowd: Crowd,
  pool: PicturePool,
  count: number,
): CrowdPost[] {
  const { rng, now } = p;
  // Some members post a lot, most a little and some never.
  const activity = new Weighted(
    crowd.members,
    crowd.members.map(() => (rng.chance(0.1) ? rng.float(4, 16) : rng.float(0.05, 2))),
  );
  const owners = Array.from({ length: count }, () => activity.pick(rng));
  // Oldest first, so ids grow with taken_at like the network's own ids.
  const times = owners.map(() => now - rng.int(600, 60 * DAY)).sort((a, b) => a - b);
  const shortcodes = new Set(p.plan.posts.map((x) => x.shortcode));
  const locations = p.plan.locations;
  return owners.map((owner, i) => {
    const id = p.ids.next();
    let shortcode = newShortcode(() => rng.next());
    while (shortcodes.has(shortcode)) shortcode = newShortcode(() => rng.next());
    shortcodes.add(shortcode);
    const picture = rng.pick(pool.posts);
    const mediaKey = `p/${id}/1080.jpg`;
    const children = !owner.is_private && rng.chance(1 / 40) ? rng.int(2, 4) : 0;
    const row: PostsTable = {
      id,
      shortcode,
      owner_id: owner.id,
      caption: caption(p, crowd, owner, picture.kind),
      caption_is_edited: rng.chance(0.05) ? 1 : 0,
      media_type: children ? 8 : 1,
      width: picture.width,
      height: picture.height,
      media_key: mediaKey,
      video_key: null,
      video_duration: null,
      video_view_count: 0,
      location_id: rng.chance(0.65) ? rng.pick(locations).id : null,
      comments_disabled: rng.chance(0.005) ? 1 : 0,
      taken_at: times[i],
      gating_type: null,
      gating_title: null,
      gating_description: null,
      like_count: 0,
    };
    p.plan.posts.push(row);
    linkPostPicture(p, picture, mediaKey);
    if (children) {
      const sameShape = pool.byShape.get(`${picture.width}x${picture.height}`)!;
      for (let n = 1; n <= children; n++) {
        const key = `p/${id}/c${n}.jpg`;
        p.plan.post_children.push({
          id: p.ids.next(),
          post_id: id,
          position: n - 1,
          width: row.width,
          height: row.height,
          media_key: key,
          is_video: 0,
          video_key: null,
        });
        // The first child is the cover, as in the demo's sidecars.
        p.plan.links.push({ from: n === 1 ? picture.key : rng.pick(sameShape).key, to: key });
      }
    }
    for (const tag of new Set([...row.caption.matchAll(HASHTAG)].map((m) => m[1].toLowerCase()))) {
      p.plan.post_hashtags.push({ post_id: id, hashtag: tag });
    }
    if (rng.chance(0.2)) {
      // Demo is never tagged or mentioned here: its activity feed stays the demo's.
      const at = () => Math.round(rng.float(0.1, 0.9) * 1000) / 1000;
      const people = crowd.popular.sample(rng, rng.int(1, 3), (u) => u !== owner);
      for (const u of people)
        p.plan.post_tags.push({ post_id: id, user_id: u.id, x: at(), y: at() });
    }
    return { row, owner, kind: picture.kind };
  });
}

function caption(p: Planner, crowd: Crowd, owner: UsersTable, kind: SceneKind): string {
  const { rng } = p;
  if (rng.chance(0.05)) return '';
  let text = rng.pick(CAPTIONS[kind]);
  if (rng.chance(0.2)) {
    const [friend] = crowd.popular.sample(rng, 1, (u) => u !== owner);
    if (friend) text += ` with @${friend.username}`;
  }
  if (rng.chance(0.4)) text += ` ${rng.pick(['✨', '🌅', '💛', '🙌', '📸', '🌿'])}`;
  const tags = rng.sample(TAGS[kind], rng.int(0, 4));
  return tags.length ? `${text}\n\n${tags.map((t) => `#${t}`).join(' ')}` : text;
}

/**
 * Likes (1–25 a post), comments (0–12, a few long threads) and saves on the generated posts.
 * Public posts draw from everyone; a private member's posts only from their followers. Demo
 * likes and comments only where it follows the owner, as in the demo.
 */
export function planCrowdEngagement(p: Planner, crowd: Crowd, posts: CrowdPost[]): void {
  const { rng } = p;
  const demo = crowd.cast.demo;
  for (const post of posts) {
    const { owner, row } = post;
    const pool = owner.is_private ? (crowd.followers.get(owner.id) ?? []) : crowd.everyone;
    const ok = (u: UsersTable) => u !== owner && u !== demo;
    const demoSees = crowd.demoFollows.has(owner.id);
    if (!row.comments_disabled) {
      const n = rng.chance(1 / 60) ? rng.int(30, 45) : rng.int(0, 12);
      const authors = Array.from({ length: n }, () =>
        demoSees && rng.chance(0.04) ? demo : (sampleFew(rng, pool, 1, ok)[0] ?? null),
      ).filter((u): u is UsersTable => u !== null);
      const times = authors.map(() => between(p, row.taken_at)).sort((a, b) => a - b);
      authors.forEach((author, i) => {
        const text = rng.chance(0.2)
          ? `@${owner.username} ${rng.pick(COMMENTS)}`
          : rng.pick(COMMENTS);
        p.plan.comments.push({
          id: p.ids.next(),
          post_id: row.id,
          user_id: author.id,
          text,
          created_at: times[i],
        });
      });
    }
    const likers = sampleFew(rng, pool, rng.int(1, 25), ok);
    if (demoSees && rng.chance(0.3)) likers.push(demo);
    for (const u of likers) {
      p.plan.likes.push({ post_id: row.id, user_id: u.id, created_at: between(p, row.taken_at) });
    }
  }
  // About a fifth of the generated members saved a few public posts.
  const visible = posts.filter((x) => !x.owner.is_private);
  if (!visible.length) return;
  for (const u of crowd.members) {
    if (!rng.chance(0.2)) continue;
    for (const post of sampleFew(rng, visible, rng.int(1, 8), (x) => x.owner !== u)) {
      p.plan.saves.push({
        post_id: post.row.id,
        user_id: u.id,
        created_at: between(p, post.row.taken_at),
      });
    }
  }
}
