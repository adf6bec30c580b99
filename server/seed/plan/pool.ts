// The picture pool of a large seed: post pictures (with their thumbnails), avatars and story
// pictures rendered once each and shared by the generated members' rows through hard links, so
// 20 000 posts cost ~200 renders instead of 20 000.
import { THUMBNAIL_SIZES, thumbnailKey } from '../../media/storage.ts';
import { AVATAR_SIZE, pickScene, pictureSvg, type SceneKind } from '../art/index.ts';
import { SHAPES } from './posts.ts';
import { STORY_HEIGHT, STORY_WIDTH } from './stories.ts';
import type { Planner } from './types.ts';

/** Where pooled pictures are rendered; the seed removes them once every link is made. */
export const POOL_PREFIX = 'seed-pool';

export interface PoolPicture {
  kind: SceneKind;
  width: number;
  height: number;
  /** The full-size JPEG; thumbnails sit beside it (thumbnailKey). */
  key: string;
}

export interface PicturePool {
  posts: PoolPicture[];
  /** Post pictures by `${width}x${height}`: a sidecar's children share the cover's shape. */
  byShape: Map<string, PoolPicture[]>;
  /** Folders holding 320.jpg and 150.jpg. */
  avatars: string[];
  stories: string[];
}

export interface PoolSizes {
  posts: number;
  avatars: number;
  stories: number;
}

export function planPool(p: Planner, sizes: PoolSizes): PicturePool {
  const { rng } = p;
  const pool: PicturePool = { posts: [], byShape: new Map(), avatars: [], stories: [] };
  for (let i = 0; i < sizes.posts; i++) {
    const kind = pickScene(rng);
    // Every shape at least once, then the demo's mix (mostly square).
    const [width, height] = i < SHAPES.length ? SHAPES[i] : rng.pick(SHAPES);
    const key = `${POOL_PREFIX}/p/${i + 1}/1080.jpg`;
    const art = rng.fork();
    p.plan.pool.push({
      width,
      height,
      svg: () => pictureSvg(kind, art, width, height),
      keys: [key],
      squares: THUMBNAIL_SIZES.map((s) => [thumbnailKey(key, s), s]),
    });
    const picture = { kind, width, height, key };
    pool.posts.push(picture);
    const shape = `${width}x${height}`;
    pool.byShape.set(shape, [...(pool.byShape.get(shape) ?? []), picture]);
  }
  for (let i = 0; i < sizes.avatars; i++) {
    // Profile photos of people who upload one: a scene cropped square, not the cast's initials
    // (they would show someone else's letters).
    const kind = pickScene(rng);
    const folder = `${POOL_PREFIX}/a/${i + 1}`;
    const art = rng.fork();
    p.plan.pool.push({
      width: AVATAR_SIZE,
      height: AVATAR_SIZE,
      svg: () => pictureSvg(kind, art, AVATAR_SIZE, AVATAR_SIZE),
      keys: [`${folder}/${AVATAR_SIZE}.jpg`],
      squares: [[`${folder}/150.jpg`, 150]],
    });
    pool.avatars.push(folder);
  }
  for (let i = 0; i < sizes.stories; i++) {
    const kind = pickScene(rng);
    const key = `${POOL_PREFIX}/s/${i + 1}/1080.jpg`;
    const art = rng.fork();
    p.plan.pool.push({
      width: STORY_WIDTH,
      height: STORY_HEIGHT,
      svg: () => pictureSvg(kind, art, STORY_WIDTH, STORY_HEIGHT),
      keys: [key],
      squares: [],
    });
    pool.stories.push(key);
  }
  return pool;
}

/** A post's display image and thumbnails under its own keys, from a pooled picture. */
export function linkPostPicture(p: Planner, picture: PoolPicture, mediaKey: string): void {
  p.plan.links.push({ from: picture.key, to: mediaKey });
  for (const s of THUMBNAIL_SIZES) {
    p.plan.links.push({ from: thumbnailKey(picture.key, s), to: thumbnailKey(mediaKey, s) });
  }
}

/** A member's avatar folder a/<id>/ (320.jpg is profile_pic_key), from a pooled avatar. */
export function linkAvatar(p: Planner, folder: string, userId: string): string {
  const key = `a/${userId}/${AVATAR_SIZE}.jpg`;
  p.plan.links.push({ from: `${folder}/${AVATAR_SIZE}.jpg`, to: key });
  p.plan.links.push({ from: `${folder}/150.jpg`, to: `a/${userId}/150.jpg` });
  return key;
}
