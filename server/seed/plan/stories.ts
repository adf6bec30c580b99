// Live story reels for members demo follows, some already partly or fully seen by demo.
import type { StoryItemsTable, UsersTable } from '../../db/schema.ts';
import { pickScene, pictureSvg } from '../art/index.ts';
import { DAY, HOUR, type Planner } from './types.ts';
import type { Cast } from './users.ts';

export const STORY_WIDTH = 1080;
export const STORY_HEIGHT = 1920;
/** Stories expire 24 h after they are taken. */
const STORY_LIFETIME = DAY;

function item(p: Planner, owner: UsersTable, takenAt: number): StoryItemsTable {
  const id = p.ids.next();
  const key = `s/${id}/1080.jpg`;
  const kind = pickScene(p.rng);
  const art = p.rng.fork();
  p.plan.images.push({
    width: STORY_WIDTH,
    height: STORY_HEIGHT,
    svg: () => pictureSvg(kind, art, STORY_WIDTH, STORY_HEIGHT),
    keys: [key],
    squares: [],
  });
  const row: StoryItemsTable = {
    id,
    owner_id: owner.id,
    media_key: key,
    width: STORY_WIDTH,
    height: STORY_HEIGHT,
    is_video: 0,
    video_key: null,
    video_duration: null,
    taken_at: takenAt,
    expiring_at: takenAt + STORY_LIFETIME,
  };
  p.plan.story_items.push(row);
  return row;
}

/** The seed's one story video (6 s, 540×960 VP9 + Opus) and its first frame as the poster. */
const STORY_VIDEO = {
  asset: 'story-sunset.webm',
  poster: 'story-sunset-poster.jpg',
  seconds: 6,
};

/** A video item: the poster is the item's picture, the video plays over it once it has a frame. */
function videoItem(p: Planner, owner: UsersTable, takenAt: number): StoryItemsTable {
  const id = p.ids.next();
  const row: StoryItemsTable = {
    id,
    owner_id: owner.id,
    media_key: `s/${id}/1080.jpg`,
    width: STORY_WIDTH,
    height: STORY_HEIGHT,
    is_video: 1,
    video_key: `s/${id}/video.webm`,
    video_duration: STORY_VIDEO.seconds,
    taken_at: takenAt,
    expiring_at: takenAt + STORY_LIFETIME,
  };
  p.plan.assets.push(
    { asset: STORY_VIDEO.poster, key: row.media_key },
    { asset: STORY_VIDEO.asset, key: row.video_key! },
  );
  p.plan.story_items.push(row);
  return row;
}

export function planStories(p: Planner, cast: Cast) {
  const { rng, now } = p;
  const followed = rng.shuffle(cast.demoFollows);
  const live = followed.slice(0, 9);
  live.forEach((owner, reel) => {
    const times = Array.from({ length: rng.int(2, 5) }, () => now - rng.int(10 * 60, 20 * HOUR));
    const items = times.sort((a, b) => a - b).map((t) => item(p, owner, t));
    // Reels 0–2: demo stopped part-way; reels 3–4: watched to the end; the rest are new.
    const seenCount = reel < 3 ? rng.int(1, items.length - 1) : reel < 5 ? items.length : 0;
    if (!seenCount) return;
    const seen = items.slice(0, seenCount);
    for (const it of seen) {
      p.plan.story_views.push({
        item_id: it.id,
        viewer_id: cast.demo.id,
        seen_at: it.taken_at + 300,
      });
    }
    p.plan.reel_seen.push({
      viewer_id: cast.demo.id,
      owner_id: owner.id,
      seen_at: seen[seen.length - 1].taken_at,
    });
  });
  // The newest story of the first reel demo has not started is a video.
  if (live[5]) videoItem(p, live[5], now - 5 * 60);
  // Two reels that already expired: the tray must leave them out.
  for (const owner of followed.slice(9, 11)) item(p, owner, now - 30 * HOUR);
}
