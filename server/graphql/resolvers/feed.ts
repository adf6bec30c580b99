import { forbidden } from '../../http/errors.ts';
import { registerResolver } from '../registry.ts';
import { homeFeed } from '../../content/homeFeed.ts';
import { PAGE_SIZE, readAfter, readFirst, readId } from '../../content/params.ts';
import { visibleUserById } from '../../content/access.ts';
import { chainingFor, suggestUsers, suggestionsConnection } from '../../content/suggestions.ts';

const LOGIN_REQUIRED = 'Please log in.';

/** seen_ids arrives as a JSON array or a comma-joined string; malformed entries are dropped. */
function readSeenIds(raw: unknown): string[] {
  const list = Array.isArray(raw) ? raw : typeof raw === 'string' ? raw.split(',') : [];
  return list
    .map((v) => (typeof v === 'number' ? String(v) : v))
    .filter((v): v is string => typeof v === 'string' && /^[A-Za-z0-9_-]{1,64}$/.test(v));
}

// Feed: {fetch_media_item_count: 12, fetch_media_item_cursor, fetch_comment_count: 4, fetch_like: 10}
// Kept until the next write: refreshes, back navigations and second tabs cost a lookup. Not for a
// member linked to an external provider: its friends (edge_facebook_friends) are not in the database.
registerResolver(
  'feed',
  async (ctx, vars, viewer) => {
    if (!viewer) throw forbidden(LOGIN_REQUIRED);
    return homeFeed(ctx, viewer, {
      first: readFirst(vars, 'fetch_media_item_count', PAGE_SIZE.feed),
      after: readAfter(vars, 'fetch_media_item_cursor'),
      commentCount: readFirst(vars, 'fetch_comment_count', PAGE_SIZE.feedComments),
      likerCount: readFirst(vars, 'fetch_like', PAGE_SIZE.feedLikers),
    });
  },
  { keep: (viewer) => viewer !== null && viewer.fb_id === null },
);

// Feed extras: the suggested-users list shown beside the feed.
registerResolver('feedExtras', async (ctx, vars, viewer) => {
  if (!viewer) throw forbidden(LOGIN_REQUIRED);
  const items = await suggestUsers(
    ctx,
    viewer,
    readFirst(vars, 'fetch_suggested_count', PAGE_SIZE.suggestedUsers),
  );
  return { user: { id: viewer.id, edge_suggested_users: suggestionsConnection(items) } };
});

// {fetch_suggested_count: 20, fetch_media_count: 0, seen_ids, ignore_cache, filter_followed_friends}
registerResolver('suggestedUsers', async (ctx, vars, viewer) => {
  if (!viewer) throw forbidden(LOGIN_REQUIRED);
  const items = await suggestUsers(
    ctx,
    viewer,
    readFirst(vars, 'fetch_suggested_count', PAGE_SIZE.suggestedUsers),
    readSeenIds(vars.seen_ids),
  );
  return { user: { id: viewer.id, edge_suggested_users: suggestionsConnection(items) } };
});

// Profile chaining: {id} → accounts similar to that profile.
registerResolver('profileChaining', async (ctx, vars, viewer) => {
  const { user } = await visibleUserById(ctx, viewer?.id ?? null, readId(vars, 'id'));
  const users = await chainingFor(ctx, viewer, user);
  return { user: { id: user.id, edge_chaining: { edges: users.map((node) => ({ node })) } } };
});
