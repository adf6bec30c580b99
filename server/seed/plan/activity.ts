// Demo's activity feed (notifications) and the feed-top promotion.
import type { NotificationsTable } from '../../db/schema.ts';
import { mediaUrl } from '../../media/storage.ts';
import { promoSvg } from '../art/index.ts';
import { NOTIFICATION_TYPES } from '../notificationTypes.ts';
import type { Engagement } from './engagement.ts';
import { DAY, type Planner } from './types.ts';
import type { Cast } from './users.ts';

export const PROMO_IMAGE_KEY = 'promo/1.jpg';
/** Promotion image is 72 by 72 (content spec §9). */
const PROMO_IMAGE_SIZE = 72;

type Draft = Omit<NotificationsTable, 'id' | 'user_id'>;

export function planActivity(p: Planner, cast: Cast, eng: Engagement) {
  const { rng, now, plan } = p;
  const demoId = cast.demo.id;
  const drafts: Draft[] = [];
  const add = (type: number, actor: string, post: string | null, text: string, at: number) =>
    drafts.push({ type, actor_id: actor, post_id: post, text, created_at: at });

  for (const l of rng.sample(eng.likesOnDemoPosts, 10)) {
    add(NOTIFICATION_TYPES.like, l.user_id, l.post_id, '', l.created_at);
  }
  for (const c of rng.sample(eng.commentsOnDemoPosts, 6)) {
    add(NOTIFICATION_TYPES.comment, c.user_id, c.post_id, c.text, c.created_at);
  }
  for (const c of eng.mentionsOfDemo) {
    add(NOTIFICATION_TYPES.mention, c.user_id, c.post_id, c.text, c.created_at);
  }
  for (const post of plan.posts.filter((x) => /(^|\s)@demo(\s|$)/.test(x.caption))) {
    add(NOTIFICATION_TYPES.mention, post.owner_id, post.id, post.caption, post.taken_at);
  }
  for (const f of plan.follows.filter((x) => x.followee_id === demoId).slice(0, 6)) {
    add(NOTIFICATION_TYPES.follow, f.follower_id, null, '', f.created_at);
  }
  for (const t of plan.post_tags.filter((x) => x.user_id === demoId)) {
    const post = plan.posts.find((x) => x.id === t.post_id)!;
    add(NOTIFICATION_TYPES.tag, post.owner_id, post.id, '', rng.int(post.taken_at, now));
  }
  for (const u of rng.sample(cast.publicOthers, 2)) {
    add(NOTIFICATION_TYPES.contact_joined, u.id, null, '', now - rng.int(DAY, 20 * DAY));
  }
  drafts.sort((a, b) => a.created_at - b.created_at);
  for (const d of drafts) plan.notifications.push({ id: p.ids.next(), user_id: demoId, ...d });

  const art = rng.fork();
  plan.images.push({
    width: PROMO_IMAGE_SIZE,
    height: PROMO_IMAGE_SIZE,
    svg: () => promoSvg(art, PROMO_IMAGE_SIZE),
    keys: [PROMO_IMAGE_KEY],
    squares: [],
  });
  const id = p.ids.next();
  plan.promotions.push({
    id,
    surface: 'WEB_FEED',
    priority: 1,
    start_time: now - DAY,
    end_time: now + 30 * DAY,
    max_impressions: 20,
    template: JSON.stringify({
      promotion_id: id,
      template: { name: 'feed_banner', parameters: [{ name: 'style', string_value: 'banner' }] },
      creatives: {
        title: { text: 'Explore places near you' },
        content: { text: 'See photos from the places your friends love, all in one spot.' },
        footer: { text: 'You can hide this at any time.' },
        social_context: { text: 'Ana Lima and 12 others explored this week' },
      },
      actions: {
        primary_action: {
          title: { text: 'Start exploring' },
          url: 'glint://explore',
          limit: 1,
          dismiss_promotion: true,
        },
        secondary_action: null,
        dismiss_action: {
          title: { text: 'Not now' },
          url: null,
          limit: 1,
          dismiss_promotion: true,
        },
      },
      image: { uri: mediaUrl(PROMO_IMAGE_KEY) },
      triggers: ['SESSION_START'],
    }),
  });
}
