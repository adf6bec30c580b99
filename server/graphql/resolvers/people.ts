import { registerResolver } from '../registry.ts';
import { PAGE_SIZE, readAfter, readFirst, readId } from '../../content/params.ts';
import { followList } from '../../content/people.ts';

// {id, first: 10, after}
registerResolver('followers', async (ctx, vars, viewer) =>
  followList(ctx, viewer, readId(vars, 'id'), 'followers', {
    first: readFirst(vars, 'first', PAGE_SIZE.followers),
    after: readAfter(vars),
  }),
);

registerResolver('following', async (ctx, vars, viewer) =>
  followList(ctx, viewer, readId(vars, 'id'), 'following', {
    first: readFirst(vars, 'first', PAGE_SIZE.following),
    after: readAfter(vars),
  }),
);
