// Posts with generated photos, captions (#hashtags, @mentions), locations, tagged people and
// a few sidecars.
import type { LocationsTable, PostsTable, UsersTable } from '../../db/schema.ts';
import { newShortcode } from '../../ids.ts';
import { THUMBNAIL_SIZES, thumbnailKey } from '../../media/storage.ts';
import { pickScene, pictureSvg, type SceneKind } from '../art/index.ts';
import { CAPTIONS, TAGS } from '../text.ts';
import { DAY, type Planner } from './types.ts';
import type { Cast } from './users.ts';

export interface PlannedPost {
  row: PostsTable;
  kind: SceneKind;
  owner: UsersTable;
}

/** Square 1:1, portrait 4:5 and landscape 1.91:1, long side 1080 (content spec §9). */
export const SHAPES: [number, number][] = [
  [1080, 1080],
  [1080, 1080],
  [1080, 1080],
  [1080, 1350],
  [1080, 1350],
  [1080, 566],
];

export const HASHTAG = /#([\p{L}\p{N}_]+)/gu;

export function planPosts(
  p: Planner,
  cast: Cast,
  locations: LocationsTable[],
  count: number,
): PlannedPost[] {
  const { rng, now } = p;
  const owners = pickOwners(p, cast, count);
  // Oldest first, so ids grow with taken_at like the network's own ids.
  const times = owners.map(() => now - rng.int(600, 60 * DAY)).sort((a, b) => a - b);
  const shortcodes = new Set<string>();
  const sidecars = new Set(
    rng.sample(
      owners.map((o, i) => (o.is_private ? -1 : i)).filter((i) => i >= 0),
      Math.max(2, Math.round(count / 40)),
    ),
  );
  return owners.map((owner, i) => {
    const id = p.ids.next();
    let shortcode = newShortcode(() => rng.next());
    while (shortcodes.has(shortcode)) shortcode = newShortcode(() => rng.next());
    shortcodes.add(shortcode);
    const kind = pickScene(rng);
    const [width, height] = rng.pick(SHAPES);
    const mediaKey = `p/${id}/1080.jpg`;
    const children = sidecars.has(i) ? rng.int(2, 4) : 0;
    const row: PostsTable = {
      id,
      shortcode,
      owner_id: owner.id,
      caption: caption(p, cast, owner, kind),
      caption_is_edited: rng.chance(0.05) ? 1 : 0,
      media_type: children ? 8 : 1,
      width,
      height,
      media_key: mediaKey,
      video_key: null,
      video_duration: null,
      video_view_count: 0,
      location_id: rng.chance(0.65) ? rng.pick(locations).id : null,
      comments_disabled: 0,
      taken_at: times[i],
      gating_type: null,
      gating_title: null,
      gating_description: null,
      like_count: 0,
    };
    p.plan.posts.push(row);
    const art = rng.fork();
    p.plan.images.push({
      width,
      height,
      svg: () => pictureSvg(kind, art, width, height),
      // A sidecar's cover is its first child, stored under both keys.
      keys: children ? [mediaKey, `p/${id}/c1.jpg`] : [mediaKey],
      squares: THUMBNAIL_SIZES.map((s) => [thumbnailKey(mediaKey, s), s]),
    });
    for (let n = 1; n <= children; n++) planChild(p, row, n);
    for (const tag of new Set([...row.caption.matchAll(HASHTAG)].map((m) => m[1].toLowerCase()))) {
      p.plan.post_hashtags.push({ post_id: id, hashtag: tag });
    }
    if (rng.chance(0.2)) planTags(p, cast, row);
    return { row, kind, owner };
  });
}

function pickOwners(p: Planner, cast: Cast, count: number): UsersTable[] {
  const { rng } = p;
  const owners: UsersTable[] = [];
  for (let i = Math.max(3, Math.round(count / 25)); i > 0; i--) owners.push(cast.demo);
  for (const u of cast.privates) {
    for (let i = Math.max(1, Math.round(count / 50)); i > 0; i--) owners.push(u);
  }
  // Some members post a lot more than others, like on any real network.
  const weighted = cast.publicOthers.flatMap((u) => Array<UsersTable>(rng.int(1, 5)).fill(u));
  while (owners.length < count) owners.push(rng.pick(weighted));
  return rng.shuffle(owners.slice(0, count));
}

function caption(p: Planner, cast: Cast, owner: UsersTable, kind: SceneKind): string {
  const { rng } = p;
  if (rng.chance(0.05)) return '';
  let text = rng.pick(CAPTIONS[kind]);
  if (rng.chance(0.25)) {
    const friend =
      owner !== cast.demo && !owner.is_private && rng.chance(0.25)
        ? cast.demo
        : rng.pick(cast.all.filter((u) => u !== owner));
    text += ` with @${friend.username}`;
  }
  if (rng.chance(0.4)) text += ` ${rng.pick(['✨', '🌅', '💛', '🙌', '📸', '🌿'])}`;
  const tags = rng.sample(TAGS[kind], rng.int(0, 4));
  return tags.length ? `${text}\n\n${tags.map((t) => `#${t}`).join(' ')}` : text;
}

function planChild(p: Planner, post: PostsTable, n: number) {
  const key = `p/${post.id}/c${n}.jpg`;
  p.plan.post_children.push({
    id: p.ids.next(),
    post_id: post.id,
    position: n - 1,
    width: post.width,
    height: post.height,
    media_key: key,
    is_video: 0,
    video_key: null,
  });
  if (n === 1) return; // rendered with the cover
  const kind = pickScene(p.rng);
  const art = p.rng.fork();
  const { width, height } = post;
  p.plan.images.push({
    width,
    height,
    svg: () => pictureSvg(kind, art, width, height),
    keys: [key],
    squares: [],
  });
}

function planTags(p: Planner, cast: Cast, post: PostsTable) {
  const { rng } = p;
  const others = cast.all.filter((u) => u.id !== post.owner_id && u !== cast.demo);
  const people = rng.sample(others, rng.int(1, 3));
  const owner = cast.all.find((u) => u.id === post.owner_id)!;
  // Demo is only tagged where it can see the post, so every tag notification opens.
  if (owner !== cast.demo && !owner.is_private && rng.chance(0.3)) {
    people[0] = cast.demo;
  }
  const at = () => Math.round(rng.float(0.1, 0.9) * 1000) / 1000;
  for (const u of people)
    p.plan.post_tags.push({ post_id: post.id, user_id: u.id, x: at(), y: at() });
}
