import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.ts';
import { Form, OkReply, Str, typed } from '../http/schemas.ts';
import { requireViewer } from '../http/session.ts';
import { visiblePost } from '../content/access.ts';
import { IdParams, IdString, mediaPk } from '../content/params.ts';
import {
  addComment,
  deleteComment,
  deletePost,
  setLiked,
  setSaved,
} from '../content/postActions.ts';
import { postPageOptions } from '../content/feeds.ts';
import { removeOwnTag } from '../content/userTags.ts';
import { loadWirePosts } from '../content/posts.ts';
// The content graph resolvers register on import; loading them with these routes keeps them
// available wherever the post routes are.
import '../graphql/resolvers/index.ts';

const ok = { status: 'ok' as const };
const okSchema = { response: { 200: OkReply } };

const CommentBody = Form({ comment_text: Type.Optional(Str(20000)) });
const CommentParams = Type.Object({ id: IdString, commentId: IdString });
const ShortcodeParams = Type.Object({ shortcode: IdString });

/**
 * Likes, saves, comments, post deletion, reports and the post info call (content spec §7), and
 * the removal of one's own tag from a post.
 */
export async function postRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const api = typed(app);

  for (const [verb, on] of [
    ['like', true],
    ['unlike', false],
  ] as const) {
    api.post(
      `/web/likes/:id/${verb}/`,
      { schema: { params: IdParams, ...okSchema } },
      async (req) => {
        await setLiked(ctx, requireViewer(req), mediaPk(req.params.id), on);
        return ok;
      },
    );
  }

  for (const [verb, on] of [
    ['save', true],
    ['unsave', false],
  ] as const) {
    api.post(
      `/web/save/:id/${verb}/`,
      { schema: { params: IdParams, ...okSchema } },
      async (req) => {
        await setSaved(ctx, requireViewer(req), mediaPk(req.params.id), on);
        return ok;
      },
    );
  }

  api.post(
    '/web/comments/:id/add/',
    { schema: { params: IdParams, body: Type.Optional(CommentBody) } },
    async (req) => {
      const viewer = requireViewer(req);
      const comment = await addComment(ctx, viewer, mediaPk(req.params.id), req.body?.comment_text);
      return { ...comment, status: 'ok' };
    },
  );

  api.post(
    '/web/comments/:id/delete/:commentId/',
    { schema: { params: CommentParams, ...okSchema } },
    async (req) => {
      const viewer = requireViewer(req);
      await deleteComment(ctx, viewer, mediaPk(req.params.id), req.params.commentId);
      return ok;
    },
  );

  api.post('/create/:id/delete/', { schema: { params: IdParams, ...okSchema } }, async (req) => {
    await deletePost(ctx, requireViewer(req), mediaPk(req.params.id));
    return ok;
  });

  // "Remove me from post": a tagged member takes their own tag off someone's post.
  api.post(
    '/web/usertags/:id/remove/',
    { schema: { params: IdParams, ...okSchema } },
    async (req) => {
      await removeOwnTag(ctx, requireViewer(req), mediaPk(req.params.id));
      return ok;
    },
  );

  // Reports are acknowledged without being stored: there is no moderation queue to feed.
  api.post('/media/:id/flag/', { schema: { params: IdParams, ...okSchema } }, async (req) => {
    const viewer = requireViewer(req);
    await visiblePost(ctx, viewer.id, { id: mediaPk(req.params.id) });
    return ok;
  });

  api.get(
    '/api/v1/media/:shortcode/info/',
    { schema: { params: ShortcodeParams } },
    async (req, reply) => {
      const post = await visiblePost(ctx, req.viewer?.id ?? null, {
        shortcode: req.params.shortcode,
      });
      const [media] = await loadWirePosts(ctx, req.viewer, [post], postPageOptions);
      reply.header('Cache-Control', 'private, no-store');
      return { status: 'ok', media };
    },
  );
}
