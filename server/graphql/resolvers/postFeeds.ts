import { registerResolver } from '../registry.ts';
import { collectionPosts, mediaCollections, savedMedia } from '../../content/collections.ts';
import {
  discover,
  hashtagMedia,
  locationMedia,
  profileTagged,
  profileTimeline,
} from '../../content/feeds.ts';
import {
  PAGE_SIZE,
  readAfter,
  readFirst,
  readId,
  readOptionalId,
  readTagName,
} from '../../content/params.ts';

type Vars = Record<string, unknown>;
const paging = (vars: Vars, size: number) => ({
  first: readFirst(vars, 'first', size),
  after: readAfter(vars),
});

// Post grids, all {…, first, after} with the page sizes of content spec §9.
registerResolver('profileTimeline', async (ctx, vars, viewer) =>
  profileTimeline(ctx, viewer, readId(vars, 'id'), paging(vars, PAGE_SIZE.profile)),
);

registerResolver('profileTagged', async (ctx, vars, viewer) =>
  profileTagged(ctx, viewer, readId(vars, 'id'), paging(vars, PAGE_SIZE.profile)),
);

registerResolver('savedMedia', async (ctx, vars, viewer) =>
  savedMedia(ctx, viewer, readId(vars, 'id'), paging(vars, PAGE_SIZE.saved)),
);

registerResolver('hashtagMedia', async (ctx, vars, viewer) =>
  hashtagMedia(ctx, viewer, readTagName(vars), paging(vars, PAGE_SIZE.tag)),
);

registerResolver('locationMedia', async (ctx, vars, viewer) =>
  locationMedia(ctx, viewer, readId(vars, 'id'), paging(vars, PAGE_SIZE.location)),
);

registerResolver('discover', async (ctx, vars, viewer) => {
  const token = typeof vars.rank_token === 'string' ? vars.rank_token.slice(0, 100) : '';
  return discover(ctx, viewer, paging(vars, PAGE_SIZE.discover), token);
});

registerResolver('mediaCollections', async (ctx, vars, viewer) =>
  mediaCollections(ctx, viewer, readId(vars, 'id'), paging(vars, PAGE_SIZE.collections)),
);

registerResolver('collectionPosts', async (ctx, vars, viewer) =>
  collectionPosts(
    ctx,
    viewer,
    readOptionalId(vars, 'collection_id'),
    paging(vars, PAGE_SIZE.collectionPosts),
  ),
);
