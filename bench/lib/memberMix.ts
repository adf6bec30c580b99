/**
 * What a simulated member does, over and over until the time is up: a weighted mix of what the
 * app asks for — mostly reads (home feed, sometimes its second page by the cursor; a profile;
 * a post page; explore) and some writes (like/unlike, save/unsave, comment, follow/unfollow).
 * Each member runs one request at a time on its own connection, with no think time, so N
 * members are N requests in flight. Every loop is bounded by time and by count.
 *
 * Writes follow the member's own state (plan.liked, .saved, .following, updated on each 2xx):
 * a like is followed by an unlike of that post, a follow by an unfollow, so every call is one the
 * app would make and its right answer is a 2xx. Every write is logged, acknowledged or not, for
 * the check afterwards (writeCheck.ts).
 */
import { feedCursorOfBytes, graphPath, homeFeedPath } from './posts';
import type { MemberClient, Reply } from './memberClient';
import type { MemberPlan } from './loadPlan';

export const OPS = [
  'feed',
  'feed page 2',
  'profile header',
  'profile posts',
  'post page',
  'explore',
  'like / unlike',
  'save / unsave',
  'comment',
  'follow / unfollow',
] as const;
export type OpName = (typeof OPS)[number];

export interface OpStats {
  latenciesMs: number[];
  /** When each request ended, in ms from the start of the run (throughput per second). */
  doneAtMs: number[];
  errors: number;
  /** The first few errors, for the report. */
  firstErrors: string[];
}

export type WriteKind = 'like' | 'unlike' | 'save' | 'unsave' | 'follow' | 'unfollow' | 'comment';

export interface WriteRecord {
  memberId: string;
  kind: WriteKind;
  /** Post id (like, save, comment) or user id (follow). */
  target: string;
  /** Answered 2xx. */
  acked: boolean;
  /**
   * No answer came (socket error or timeout): the server may still apply it after the member's
   * next call on the same pair, so that pair is not judged.
   */
  unanswered?: boolean;
  /** A follow the server answered 'requested' (a private account): no follows row to expect. */
  requested?: boolean;
  commentId?: string;
  text?: string;
}

export interface MixResult {
  ops: Map<OpName, OpStats>;
  writes: WriteRecord[];
  seconds: number;
}

export interface MixMember {
  plan: MemberPlan;
  client: MemberClient;
}

interface Turn {
  plan: MemberPlan;
  client: MemberClient;
  rng: () => number;
  record(op: OpName, reply: Reply): boolean;
  write(record: WriteRecord): void;
  /** The member's last first-page cursor: page 2 of its feed. */
  cursor: string | null;
  comments: number;
  runTag: string;
}

type Action = (turn: Turn) => Promise<void>;

const pick = <T>(rng: () => number, list: readonly T[]): T | undefined =>
  list.length ? list[Math.floor(rng() * list.length)] : undefined;

const feed: Action = async (t) => {
  const reply = await t.client.get(homeFeedPath(), feedCursorOfBytes);
  if (t.record('feed', reply)) t.cursor = reply.body as string | null;
};

const feedPage2: Action = async (t) => {
  if (!t.cursor) return feed(t);
  t.record('feed page 2', await t.client.get(homeFeedPath(t.cursor)));
};

const profile: Action = async (t) => {
  // A fifth of profile visits are the member's own.
  const person =
    t.rng() < 0.2 ? { id: t.plan.id, username: t.plan.username } : pick(t.rng, t.plan.people);
  if (!person) return feed(t);
  const header = await t.client.get(
    `/api/v1/users/web_profile_info/?username=${encodeURIComponent(person.username)}`,
  );
  t.record('profile header', header);
  const posts = graphPath('profileTimeline', { id: person.id, first: 12, after: null });
  t.record('profile posts', await t.client.get(posts));
};

const postPage: Action = async (t) => {
  const post = pick(t.rng, t.plan.posts);
  if (!post) return feed(t);
  t.record(
    'post page',
    await t.client.get(graphPath('postByShortcode', { shortcode: post.shortcode })),
  );
};

const explore: Action = async (t) => {
  const path = graphPath('discover', {
    rank_token: `load-${t.plan.index}`,
    first: 24,
    after: null,
  });
  t.record('explore', await t.client.get(path));
};

/** Like/unlike and save/unsave: the opposite of what the member's state says. */
function toggle(
  op: 'like / unlike' | 'save / unsave',
  kinds: ['like', 'unlike'] | ['save', 'unsave'],
  state: (plan: MemberPlan) => Set<string>,
  url: (id: string, on: boolean) => string,
): Action {
  return async (t) => {
    const post = pick(t.rng, t.plan.posts);
    if (!post) return feed(t);
    const set = state(t.plan);
    const on = !set.has(post.id);
    const reply = await t.client.post(url(post.id, on));
    const acked = t.record(op, reply);
    t.write({
      memberId: t.plan.id,
      kind: on ? kinds[0] : kinds[1],
      target: post.id,
      acked,
      ...(reply.status === 0 ? { unanswered: true } : {}),
    });
    if (acked && on) set.add(post.id);
    else if (acked) set.delete(post.id);
  };
}

const like = toggle(
  'like / unlike',
  ['like', 'unlike'],
  (plan) => plan.liked,
  (id, on) => `/web/likes/${id}/${on ? 'like' : 'unlike'}/`,
);

const save = toggle(
  'save / unsave',
  ['save', 'unsave'],
  (plan) => plan.saved,
  (id, on) => `/web/save/${id}/${on ? 'save' : 'unsave'}/`,
);

const comment: Action = async (t) => {
  const post = pick(
    t.rng,
    t.plan.posts.filter((p) => !p.commentsDisabled),
  );
  if (!post) return feed(t);
  // Unique per run and member, so the check can find each comment by its text too.
  const text = `load-${t.runTag}-${t.plan.index}-${(t.comments += 1)}`;
  const reply = await t.client.post(`/web/comments/${post.id}/add/`, { comment_text: text }, true);
  const acked = t.record('comment', reply);
  const id = (reply.body as { id?: unknown } | null)?.id;
  t.write({
    memberId: t.plan.id,
    kind: 'comment',
    target: post.id,
    acked,
    text,
    ...(typeof id === 'string' ? { commentId: id } : {}),
  });
};

const follow: Action = async (t) => {
  const person = pick(t.rng, t.plan.people);
  if (!person) return feed(t);
  const on = !t.plan.following.has(person.id);
  const verb = on ? 'follow' : 'unfollow';
  const reply = await t.client.post(`/web/friendships/${person.id}/${verb}/`, {}, on);
  const acked = t.record('follow / unfollow', reply);
  const requested = on && (reply.body as { result?: unknown } | null)?.result === 'requested';
  t.write({
    memberId: t.plan.id,
    kind: verb,
    target: person.id,
    acked,
    ...(requested ? { requested } : {}),
    ...(reply.status === 0 ? { unanswered: true } : {}),
  });
  if (acked && on) t.plan.following.add(person.id);
  else if (acked) t.plan.following.delete(person.id);
};

/** Weights out of 100 per visit: 70 reads, 30 writes. */
const MIX: [Action, number][] = [
  [feed, 30],
  [feedPage2, 10],
  [profile, 10],
  [postPage, 12],
  [explore, 8],
  [like, 15],
  [save, 5],
  [comment, 5],
  [follow, 5],
];
const TOTAL_WEIGHT = MIX.reduce((n, [, w]) => n + w, 0);

function chooseAction(rng: () => number): Action {
  let x = rng() * TOTAL_WEIGHT;
  for (const [action, weight] of MIX) {
    if ((x -= weight) < 0) return action;
  }
  return MIX[0][0];
}

/** mulberry32: a small seeded generator, so a member's sequence repeats from run to run. */
function seeded(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export async function runMix(
  members: MixMember[],
  options: { durationMs: number; maxActionsPerMember: number; runTag: string },
): Promise<MixResult> {
  const ops = new Map<OpName, OpStats>(
    OPS.map((op) => [op, { latenciesMs: [], doneAtMs: [], errors: 0, firstErrors: [] }]),
  );
  const writes: WriteRecord[] = [];
  const started = performance.now();
  const deadline = started + options.durationMs;
  const record = (op: OpName, reply: Reply): boolean => {
    const stats = ops.get(op)!;
    stats.latenciesMs.push(reply.ms);
    stats.doneAtMs.push(performance.now() - started);
    const ok = reply.status >= 200 && reply.status < 300;
    if (!ok) {
      stats.errors += 1;
      if (stats.firstErrors.length < 3) stats.firstErrors.push(reply.error ?? String(reply.status));
    }
    return ok;
  };
  const loop = async ({ plan, client }: MixMember) => {
    const turn: Turn = {
      plan,
      client,
      rng: seeded(0x9e3779b9 ^ (plan.index * 2654435761)),
      record,
      write: (w) => writes.push(w),
      cursor: null,
      comments: 0,
      runTag: options.runTag,
    };
    for (let n = 0; n < options.maxActionsPerMember && performance.now() < deadline; n += 1) {
      await chooseAction(turn.rng)(turn);
    }
  };
  await Promise.all(members.map(loop));
  return { ops, writes, seconds: (performance.now() - started) / 1000 };
}
