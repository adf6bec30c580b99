import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.ts';
import { IdString } from '../content/params.ts';
import { rateLimit } from '../http/rateLimit.ts';
import { Form, Str, typed } from '../http/schemas.ts';
import { requireViewer } from '../http/session.ts';
import { answerStory } from '../stories/replies.ts';

/** Replies (and, counted apart, reactions) a client may send a minute; a person sends far fewer. */
export const STORY_REPLY_RATE_LIMIT = rateLimit(30, '1 minute');

const Params = Type.Object({ id: IdString });
// Generous schema bounds against huge bodies; the real limits (and their messages) are checked
// by answerStory.
const ReplyBody = Form({ text: Str(20_000) });
const ReactBody = Form({ reaction: Str(100) });

/**
 * POST /stories/{id}/reply/ (text) and POST /stories/{id}/react/ (one quick reaction): a viewer
 * answers someone else's story (issue 18 part 5). CSRF is checked for every mutating call by
 * server/http/csrf.ts.
 */
export async function storyReplyRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const api = typed(app);
  api.post(
    '/stories/:id/reply/',
    { schema: { params: Params, body: ReplyBody }, config: STORY_REPLY_RATE_LIMIT },
    async (req) =>
      answerStory(ctx, requireViewer(req), req.params.id, { kind: 'text', text: req.body.text }),
  );
  api.post(
    '/stories/:id/react/',
    { schema: { params: Params, body: ReactBody }, config: STORY_REPLY_RATE_LIMIT },
    async (req) =>
      answerStory(ctx, requireViewer(req), req.params.id, {
        kind: 'reaction',
        text: req.body.reaction,
      }),
  );
}
