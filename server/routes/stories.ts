import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.ts';
import { IdString } from '../content/params.ts';
import { Form, OkReply, typed } from '../http/schemas.ts';
import { requireViewer } from '../http/session.ts';
import { markReelSeen } from '../stories/seen.ts';
import { STORY_VIEWERS_PAGE, storyViewers } from '../stories/viewers.ts';
// The stories graph resolvers (reelsTray, reelsMedia) register on import.
import '../graphql/resolvers/stories.ts';

// Unix seconds; forms send them as text and Ajv coerces them.
const Seconds = Type.Integer({ minimum: 0, maximum: 4_102_444_800 });

const StoryViewBody = Form({
  reelMediaId: IdString,
  reelMediaOwnerId: IdString,
  reelId: IdString,
  reelMediaTakenAt: Seconds,
  viewSeenAt: Seconds,
});

const ViewersQuery = Type.Object({
  max_id: Type.Optional(Type.String({ maxLength: 100 })),
  count: Type.Optional(Type.Integer({ minimum: 1, maximum: 50 })),
});

/**
 * POST /stories/reel/seen (content §7): the story view payload of one item shown.
 * GET /stories/{id}/viewers/ (issue 18): who saw one of the caller's own items, paged.
 */
export async function storyRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const api = typed(app);
  api.get(
    '/stories/:id/viewers/',
    { schema: { params: Type.Object({ id: IdString }), querystring: ViewersQuery } },
    async (req) => {
      const viewer = requireViewer(req);
      const { max_id: maxId, count = STORY_VIEWERS_PAGE } = req.query;
      return storyViewers(ctx, viewer, req.params.id, maxId, count);
    },
  );
  for (const url of ['/stories/reel/seen', '/stories/reel/seen/']) {
    api.post(url, { schema: { body: StoryViewBody, response: { 200: OkReply } } }, async (req) => {
      const viewer = requireViewer(req);
      await markReelSeen(ctx, viewer, req.body);
      return { status: 'ok' as const };
    });
  }
}
