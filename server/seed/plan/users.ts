// Members, their avatars, who follows whom, and the pending follow requests to demo.
import type { UsersTable } from '../../db/schema.ts';
import { AVATAR_SIZE, avatarSvg, initials } from '../art/index.ts';
import {
  DEMO_USERNAME,
  MEMBERS,
  TWO_FACTOR_PHONE,
  TWO_FACTOR_USERNAME,
  type Member,
} from '../members.ts';
import { DAY, HOUR, type Planner } from './types.ts';

export interface Cast {
  all: UsersTable[];
  demo: UsersTable;
  /** Public members other than demo: they post, comment, like and have stories. */
  publicOthers: UsersTable[];
  privates: UsersTable[];
  /** Members demo follows (all public). */
  demoFollows: UsersTable[];
  /** Members who follow demo. */
  demoFollowers: UsersTable[];
}

/** Fewer than this and the 20 follows, 8 live reels and 3 requests cannot all exist. */
export const MIN_USERS = 16;

export function planUsers(p: Planner, count: number, passwordHash: string): Cast {
  const { rng, now } = p;
  const members = MEMBERS.slice(0, Math.max(MIN_USERS, Math.min(count, MEMBERS.length)));
  const all = members.map((m) => userRow(p, m, passwordHash));
  p.plan.users.push(...all);
  const byName = (name: string) => all.find((u) => u.username === name)!;
  const demo = byName(DEMO_USERNAME);
  demo.activity_checked_at = now - 2 * DAY;
  const privates = all.filter((u) => u.is_private);
  const publicOthers = all.filter((u) => !u.is_private && u !== demo);

  const follows = new Set<string>();
  const follow = (a: UsersTable, b: UsersTable, at: number) => {
    const k = `${a.id}>${b.id}`;
    if (a === b || follows.has(k)) return;
    follows.add(k);
    p.plan.follows.push({ follower_id: a.id, followee_id: b.id, created_at: at });
  };
  const demoFollows = rng.sample(publicOthers, 20);
  for (const u of demoFollows) follow(demo, u, now - rng.int(2 * DAY, 80 * DAY));
  const demoFollowers = rng.sample(publicOthers, 20);
  // The first few follow demo recently, so the activity feed has news since the last check.
  demoFollowers.forEach((u, i) =>
    follow(u, demo, now - (i < 4 ? rng.int(HOUR, 36 * HOUR) : rng.int(3 * DAY, 80 * DAY))),
  );
  for (const u of all) {
    if (u === demo) continue;
    for (const v of rng.sample(all, rng.int(6, 14))) {
      if (v !== demo) follow(u, v, now - rng.int(DAY, 120 * DAY));
    }
  }
  // Private members asked to follow demo; demo has not answered yet.
  for (const u of privates) {
    p.plan.follow_requests.push({
      requester_id: u.id,
      target_id: demo.id,
      created_at: now - rng.int(HOUR, 3 * DAY),
    });
  }
  byName(TWO_FACTOR_USERNAME).two_factor_enabled = 1;
  return { all, demo, publicOthers, privates, demoFollows, demoFollowers };
}

function userRow(p: Planner, m: Member, passwordHash: string): UsersTable {
  const id = p.ids.next();
  const art = p.rng.fork();
  const key = `a/${id}/${AVATAR_SIZE}.jpg`;
  p.plan.images.push({
    width: AVATAR_SIZE,
    height: AVATAR_SIZE,
    svg: () => avatarSvg(art, initials(m.fullName, m.username)),
    keys: [key],
    squares: [[`a/${id}/150.jpg`, 150]],
  });
  return {
    id,
    username: m.username,
    full_name: m.fullName,
    email: `${m.username}@glint.test`,
    // Seed members stand for people who read their mail: the stand-in provider's "Continue as
    // demo@glint.test" logs into demo by this address.
    email_confirmed: 1,
    phone_number: m.username === TWO_FACTOR_USERNAME ? TWO_FACTOR_PHONE : null,
    password_hash: passwordHash,
    biography: m.bio,
    external_url: m.url,
    gender: m.gender,
    profile_pic_key: key,
    is_private: m.private ? 1 : 0,
    is_verified: m.verified ? 1 : 0,
    is_business: m.business ? 1 : 0,
    chaining_enabled: 1,
    two_factor_enabled: 0,
    comment_filter: 0,
    comment_filter_keywords: '',
    fb_id: null,
    activity_checked_at: p.now - p.rng.int(HOUR, 10 * DAY),
    is_active: 1,
    created_at: p.now - p.rng.int(90 * DAY, 400 * DAY),
  };
}
