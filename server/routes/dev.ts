import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.ts';
import { thisMachineOnly } from '../http/loopback.ts';
import { Str, typed } from '../http/schemas.ts';

const OutboxQuery = Type.Object({
  to: Type.Optional(Str(64)),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 200, default: 50 })),
});

/**
 * Development-only helpers. The SMS outbox lets a developer (or an e2e test) read the codes the
 * development sender "sent". Not registered in production, where these paths answer 404, and
 * served to this machine only.
 */
export async function devRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  if (ctx.config.production) return;
  const options = { schema: { querystring: OutboxQuery }, onRequest: thisMachineOnly };
  typed(app).get('/dev/outbox/', options, async (req, reply) => {
    let query = ctx.db
      .selectFrom('outbox')
      .select(['channel', 'recipient', 'body', 'code', 'created_at'])
      .orderBy('id', 'desc')
      .limit(req.query.limit ?? 50);
    if (req.query.to) query = query.where('recipient', '=', req.query.to.trim());
    reply.header('Cache-Control', 'no-store');
    return { status: 'ok', messages: await query.execute() };
  });
}
