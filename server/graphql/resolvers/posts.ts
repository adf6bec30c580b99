import { registerResolver } from '../registry.ts';
import { visiblePost } from '../../content/access.ts';
import { commentsPage, commentCounts } from '../../content/comments.ts';
import { postByShortcode } from '../../content/feeds.ts';
import { PAGE_SIZE, readAfter, readFirst, readShortcode } from '../../content/params.ts';
import { likersByShortcode } from '../../content/people.ts';

// {shortcode, child_comment_count?}
registerResolver('postByShortcode', async (ctx, vars, viewer) =>
  postByShortcode(ctx, viewer, readShortcode(vars)),
);

// {shortcode, first: 20, after}: comments oldest first.
registerResolver('commentsByShortcode', async (ctx, vars, viewer) => {
  const viewerId = viewer?.id ?? null;
  const post = await visiblePost(ctx, viewerId, { shortcode: readShortcode(vars) });
  const count = (await commentCounts(ctx, [post.id], viewerId)).get(post.id) ?? 0;
  const first = readFirst(vars, 'first', PAGE_SIZE.comments);
  const comments = await commentsPage(ctx, viewerId, post.id, count, first, readAfter(vars));
  return {
    shortcode_media: { id: post.id, shortcode: post.shortcode, edge_media_to_comment: comments },
  };
});

// {shortcode, first: 10, after}
registerResolver('likersByShortcode', async (ctx, vars, viewer) =>
  likersByShortcode(ctx, viewer, readShortcode(vars), {
    first: readFirst(vars, 'first', PAGE_SIZE.likers),
    after: readAfter(vars),
  }),
);
