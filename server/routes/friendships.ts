import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.ts';
import type { UsersTable } from '../db/schema.ts';
import { badRequest } from '../http/errors.ts';
import { Form, OkReply, Str, typed } from '../http/schemas.ts';
import { requireViewer } from '../http/session.ts';
import { activityFeed, markActivityChecked } from '../content/activity.ts';
import { IdParams } from '../content/params.ts';
import { approve, block, follow, ignore, unblock, unfollow } from '../content/relationships.ts';
import { sendPage } from './pages.ts';

const okSchema = { response: { 200: OkReply } };

const FollowReply = Type.Object({
  result: Type.Union([Type.Literal('following'), Type.Literal('requested')]),
  status: Type.Literal('ok'),
});

const MarkCheckedBody = Form({ timestamp: Type.Optional(Str(20)) });
const ActivityQuery = Type.Object({ __a: Type.Optional(Str(5)) });

type Action = (ctx: AppContext, viewer: UsersTable, id: string) => Promise<void>;

/** Follow, unfollow, block, unblock, follow requests and the activity feed. */
export async function friendshipRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const api = typed(app);

  api.post(
    '/web/friendships/:id/follow/',
    { schema: { params: IdParams, response: { 200: FollowReply } } },
    async (req) => ({
      result: await follow(ctx, requireViewer(req), req.params.id),
      status: 'ok' as const,
    }),
  );

  const actions: [string, Action][] = [
    ['unfollow', unfollow],
    ['block', block],
    ['unblock', unblock],
    ['approve', approve],
    ['ignore', ignore],
  ];
  for (const [verb, action] of actions) {
    api.post(
      `/web/friendships/:id/${verb}/`,
      { schema: { params: IdParams, ...okSchema } },
      async (req) => {
        await action(ctx, requireViewer(req), req.params.id);
        return { status: 'ok' as const };
      },
    );
  }

  api.get('/accounts/activity/', { schema: { querystring: ActivityQuery } }, async (req, reply) => {
    // Without ?__a=1 this is the activity page itself, served like every other page.
    if (req.query.__a !== '1') return sendPage(ctx, req, reply);
    const viewer = requireViewer(req);
    reply.header('Cache-Control', 'private, no-store');
    return activityFeed(ctx, viewer);
  });

  api.post(
    '/web/activity/mark_checked/',
    { schema: { body: Type.Optional(MarkCheckedBody), ...okSchema } },
    async (req) => {
      const viewer = requireViewer(req);
      const raw = req.body?.timestamp;
      const timestamp = raw === undefined || raw === '' ? ctx.now() : Number(raw);
      if (!Number.isFinite(timestamp) || timestamp < 0) throw badRequest('Invalid timestamp.');
      await markActivityChecked(ctx, viewer, timestamp);
      return { status: 'ok' as const };
    },
  );
}
