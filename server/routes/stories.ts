import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.ts';
import { IdString } from '../content/params.ts';
import { Form, OkReply, typed } from '../http/schemas.ts';
import { requireViewer } from '../http/session.ts';
import { markReelSeen } from '../stories/seen.ts';
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

/** POST /stories/reel/seen (content §7): the story view payload of one item shown. */
export async function storyRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const api = typed(app);
  for (const url of ['/stories/reel/seen', '/stories/reel/seen/']) {
    api.post(url, { schema: { body: StoryViewBody, response: { 200: OkReply } } }, async (req) => {
      const viewer = requireViewer(req);
      await markReelSeen(ctx, viewer, req.body);
      return { status: 'ok' as const };
    });
  }
}
