// Comments, likes, saves and demo's collections.
import type { CommentsTable, LikesTable, UsersTable } from '../../db/schema.ts';
import { COLLECTION_NAMES, COMMENTS, GROUP_COMMENTS } from '../text.ts';
import type { PlannedPost } from './posts.ts';
import { DAY, type Planner } from './types.ts';
import type { Cast } from './users.ts';

export interface Engagement {
  /** Comments that @mention demo on other members' posts. */
  mentionsOfDemo: CommentsTable[];
  likesOnDemoPosts: LikesTable[];
  commentsOnDemoPosts: CommentsTable[];
}

/** A moment between `from` and now, never in the future. */
const between = (p: Planner, from: number) => p.rng.int(Math.min(from + 60, p.now), p.now);

export function planEngagement(p: Planner, cast: Cast, posts: PlannedPost[]): Engagement {
  const { rng } = p;
  const visible = posts.filter((x) => !x.owner.is_private && x.owner !== cast.demo);
  const disabled = rng.pick(visible);
  disabled.row.comments_disabled = 1;
  const busy = new Set(
    rng.sample(
      visible.filter((x) => x !== disabled),
      Math.max(1, Math.round(posts.length / 60)),
    ),
  );
  const mentionPosts = new Set(
    rng.sample(
      visible.filter((x) => x !== disabled && !busy.has(x)),
      3,
    ),
  );
  const zeroLikes = rng.pick(visible.filter((x) => x !== disabled && !busy.has(x)));
  const out: Engagement = { mentionsOfDemo: [], likesOnDemoPosts: [], commentsOnDemoPosts: [] };

  for (const post of posts) {
    // Demo only likes and comments where it can see the post (members it follows, or itself);
    // everyone else engages at random.
    const others = cast.all.filter((u) => u !== post.owner && u !== cast.demo);
    const demoFollowsOwner = cast.demoFollows.includes(post.owner);
    if (post !== disabled) {
      // A few posts get long threads so comment paging (20 per page) has something to page.
      const n = busy.has(post) ? rng.int(30, 45) : rng.int(0, 12);
      const texts: [UsersTable, string][] = [];
      for (let i = 0; i < n; i++) {
        const author = demoFollowsOwner && rng.chance(0.04) ? cast.demo : rng.pick(others);
        const text = rng.chance(0.2)
          ? `@${post.owner.username} ${rng.pick(COMMENTS)}`
          : rng.pick(COMMENTS);
        texts.push([author, text]);
      }
      const mention = mentionPosts.has(post);
      if (mention) texts.push([rng.pick(others), `@demo ${rng.pick(GROUP_COMMENTS)}`]);
      const times = texts.map(() => between(p, post.row.taken_at)).sort((a, b) => a - b);
      texts.forEach(([author, text], i) => {
        const row: CommentsTable = {
          id: p.ids.next(),
          post_id: post.row.id,
          user_id: author.id,
          text,
          created_at: times[i],
        };
        p.plan.comments.push(row);
        if (mention && i === texts.length - 1) out.mentionsOfDemo.push(row);
        if (post.owner === cast.demo) out.commentsOnDemoPosts.push(row);
      });
    }

    if (post === zeroLikes) continue;
    const likers = rng.sample(others, rng.int(1, Math.min(25, others.length)));
    if (demoFollowsOwner && !likers.includes(cast.demo) && rng.chance(0.3)) likers.push(cast.demo);
    for (const u of likers) {
      const row: LikesTable = {
        post_id: post.row.id,
        user_id: u.id,
        created_at: between(p, post.row.taken_at),
      };
      p.plan.likes.push(row);
      if (post.owner === cast.demo) out.likesOnDemoPosts.push(row);
    }
  }
  planSaves(p, cast, visible);
  return out;
}

function planSaves(p: Planner, cast: Cast, visible: PlannedPost[]) {
  const { rng } = p;
  const saved = rng.sample(visible, 15);
  for (const post of saved) {
    p.plan.saves.push({
      post_id: post.row.id,
      user_id: cast.demo.id,
      created_at: between(p, post.row.taken_at),
    });
  }
  COLLECTION_NAMES.forEach((name, i) => {
    const id = p.ids.next();
    const createdAt = p.now - (30 - i * 7) * DAY;
    p.plan.collections.push({ id, user_id: cast.demo.id, name, created_at: createdAt });
    for (const post of rng.sample(saved, rng.int(3, 6))) {
      p.plan.collection_posts.push({
        collection_id: id,
        post_id: post.row.id,
        created_at: between(p, createdAt),
      });
    }
  });
}
