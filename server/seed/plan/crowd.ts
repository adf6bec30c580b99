// The generated members of a large seed (SEED_MEMBERS above the demo cast) and who follows whom:
// most follow 6–40 accounts drawn by popularity, so a few accounts (cast stars among them) are
// followed by many and most by a handful. Demo follows a bounded number of them.
import { usernameFormatError } from '../../auth/usernames.ts';
import type { UsersTable } from '../../db/schema.ts';
import { BIO_LINES, FIRST_NAMES, LAST_NAMES, USERNAME_ENDINGS } from '../names.ts';
import type { Rng } from '../random.ts';
import { linkAvatar, type PicturePool } from './pool.ts';
import { DAY, HOUR, type Planner } from './types.ts';
import type { Cast } from './users.ts';
import { Weighted, sampleFew } from './weighted.ts';

/** Demo follows the cast's 20 plus at most this many generated members (a realistic feed). */
export const DEMO_EXTRA_FOLLOWS = 40;
/** At most this many generated members follow demo. */
const DEMO_EXTRA_FOLLOWERS = 40;

export interface Crowd {
  cast: Cast;
  /** The generated members, in id order. */
  members: UsersTable[];
  /** Cast and generated members. */
  everyone: UsersTable[];
  generated: Set<UsersTable>;
  /** Everyone but demo, weighted by popularity (who gets followed, tagged, has a story). */
  popular: Weighted<UsersTable>;
  /** Follower lists by followee id (for private members' posts: only followers see them). */
  followers: Map<string, UsersTable[]>;
  /** Ids of every account demo follows. */
  demoFollows: Set<string>;
}

export function planCrowd(
  p: Planner,
  cast: Cast,
  count: number,
  passwordHash: string,
  pool: PicturePool,
): Crowd {
  const { rng, now } = p;
  const taken = new Set(cast.all.map((u) => u.username));
  const members: UsersTable[] = [];
  for (let n = 1; n <= count; n++) {
    const [first, gender] = rng.pick(FIRST_NAMES);
    const last = rng.pick(LAST_NAMES);
    const username = makeUsername(rng, first, last, taken, cast.all.length + n);
    taken.add(username);
    const id = p.ids.next();
    const hasPicture = rng.chance(0.9);
    members.push({
      id,
      username,
      full_name: rng.chance(0.07) ? first : `${first} ${last}`,
      email: `${username}@glint.test`,
      email_confirmed: 1,
      phone_number: null,
      password_hash: passwordHash,
      biography: rng.chance(0.6) ? rng.pick(BIO_LINES) : '',
      external_url: rng.chance(0.08) ? `https://${ascii(first)}${ascii(last)}.example` : '',
      gender,
      profile_pic_key: hasPicture ? linkAvatar(p, rng.pick(pool.avatars), id) : null,
      is_private: rng.chance(0.1) ? 1 : 0,
      is_verified: 0,
      is_business: rng.chance(0.03) ? 1 : 0,
      chaining_enabled: 1,
      two_factor_enabled: 0,
      comment_filter: 0,
      comment_filter_keywords: '',
      fb_id: null,
      activity_checked_at: now - rng.int(HOUR, 10 * DAY),
      is_active: 1,
      created_at: now - rng.int(61 * DAY, 700 * DAY),
    });
  }
  p.plan.users.push(...members);
  const generated = new Set(members);
  const everyone = [...cast.all, ...members];

  // Popularity: a Zipf-like weight by a random rank; the cast's public members rank near the
  // top (they are the demo's known faces); private accounts are followed less.
  const ranked = rng.shuffle(members);
  const rank = new Map(ranked.map((u, i) => [u, i + 4]));
  for (const u of ranked.slice(0, Math.max(1, Math.round(count / 300)))) u.is_verified = 1;
  const others = everyone.filter((u) => u !== cast.demo);
  const popular = new Weighted(
    others,
    others.map((u) => {
      const r = rank.get(u) ?? rng.int(1, 30);
      return (u.is_private ? 0.25 : 1) / Math.pow(r, 0.85);
    }),
  );

  const followers = new Map<string, UsersTable[]>();
  const pairs = new Set<string>();
  const follow = (a: UsersTable, b: UsersTable, at: number) => {
    const k = `${a.id}>${b.id}`;
    if (a === b || pairs.has(k)) return;
    pairs.add(k);
    p.plan.follows.push({ follower_id: a.id, followee_id: b.id, created_at: at });
    const list = followers.get(b.id);
    if (list) list.push(a);
    else followers.set(b.id, [a]);
  };
  // The cast already follow each other (planUsers); these rows all involve a generated member.
  for (const u of members) {
    const n = 6 + Math.floor(34 * Math.pow(rng.next(), 2.5));
    for (const v of popular.sample(rng, n, (v) => v !== u)) {
      follow(u, v, now - rng.int(DAY, 120 * DAY));
    }
  }
  for (const u of cast.all) {
    if (u === cast.demo) continue;
    for (const v of popular.sample(rng, rng.int(2, 8), (v) => generated.has(v))) {
      follow(u, v, now - rng.int(DAY, 120 * DAY));
    }
  }
  const demoFollows = new Set(cast.demoFollows.map((u) => u.id));
  const extra = Math.min(DEMO_EXTRA_FOLLOWS, Math.round(count / 7));
  for (const v of popular.sample(rng, extra, (v) => generated.has(v) && !v.is_private)) {
    follow(cast.demo, v, now - rng.int(2 * DAY, 80 * DAY));
    demoFollows.add(v.id);
  }
  // Older than demo's last look at the activity feed, so it shows no news from them.
  for (const u of sampleFew(rng, members, Math.min(DEMO_EXTRA_FOLLOWERS, Math.round(count / 10)))) {
    follow(u, cast.demo, now - rng.int(3 * DAY, 80 * DAY));
  }
  // A few pending requests to generated private members.
  for (const target of members.filter((u) => u.is_private)) {
    for (const u of sampleFew(rng, members, rng.int(0, 3))) {
      if (u === target || pairs.has(`${u.id}>${target.id}`)) continue;
      p.plan.follow_requests.push({
        requester_id: u.id,
        target_id: target.id,
        created_at: now - rng.int(HOUR, 14 * DAY),
      });
    }
  }
  return { cast, members, everyone, generated, popular, followers, demoFollows };
}

/** Lowercase ASCII letters of a name: usernames allow letters, digits, '.' and '_' only. */
function ascii(name: string): string {
  return name
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '');
}

function makeUsername(rng: Rng, first: string, last: string, taken: Set<string>, n: number) {
  const f = ascii(first);
  const l = ascii(last);
  const forms = [
    `${f}.${l}`,
    `${f}_${l}`,
    `${f}${l}`,
    `${f}.${l[0]}`,
    `${l}.${f}`,
    `${f}${rng.int(1, 99)}`,
    `${f}_${l}${rng.int(1, 9)}`,
  ];
  let base = rng.pick(forms);
  if (!/\d$/.test(base) && rng.chance(0.15)) base += rng.pick(USERNAME_ENDINGS);
  let name = base;
  for (let k = 2; taken.has(name) && k < 1000; k++) name = `${base}${k}`;
  if (taken.has(name) || usernameFormatError(name)) name = `member_${String(n).padStart(4, '0')}`;
  return name;
}
