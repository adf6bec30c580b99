import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.ts';
import { badRequest } from '../http/errors.ts';
import { Str, parseJsonObject, typed } from '../http/schemas.ts';
import { QUERY_NAME_BY_ID } from '../../common/queryIds.ts';
import { getResolver } from './registry.ts';
import { loadViewer, SESSION_COOKIE } from '../http/session.ts';

const GraphQuery = Type.Object({
  query_id: Type.Optional(Str(40)),
  variables: Type.Optional(Str(20000)),
});

/** GET /graphql/query/?query_id=<fixed id>&variables=<JSON object> → {data, status:'ok'}. */
export async function graphqlRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  typed(app).get('/graphql/query/', { schema: { querystring: GraphQuery } }, async (req, reply) => {
    const id = req.query.query_id ?? '';
    const name = Object.hasOwn(QUERY_NAME_BY_ID, id) ? QUERY_NAME_BY_ID[id] : undefined;
    if (!name) throw badRequest('Unknown query_id.');
    const variables = parseJsonObject(req.query.variables);
    if (!variables) throw badRequest('variables must be a JSON object.');
    const resolver = getResolver(name);
    if (!resolver) throw badRequest('Query not available.');
    // Answers depend on the viewer: never cache them in shared caches.
    reply.header('Cache-Control', 'private, no-store');
    if (!resolver.keep(req.viewer)) {
      return { data: await resolver.resolve(ctx, variables, req.viewer), status: 'ok' };
    }
    // Kept answers: one per viewer, query and variables as sent, until the next write.
    const key = `${name}\n${req.viewer?.id ?? ''}\n${req.query.variables ?? ''}`;
    const generation = ctx.answers.generation();
    let body = generation === null ? undefined : ctx.answers.get(key, generation);
    if (body === undefined) {
      // The viewer as of this generation, like the rest of the answer: the session hook's, when
      // nothing was written since the hook read the generation and then the viewer; else read
      // again, so that a rename in between is not kept under the newer generation.
      const viewer =
        generation === null || generation === req.viewerGeneration
          ? req.viewer
          : await loadViewer(ctx, req.cookies[SESSION_COOKIE]);
      const data = await resolver.resolve(ctx, variables, viewer);
      body = JSON.stringify({ data, status: 'ok' });
      if (generation !== null && viewer?.id === req.viewer?.id && resolver.keep(viewer)) {
        ctx.answers.set(key, generation, body, viewer?.id ?? '');
      }
    }
    return reply.type('application/json; charset=utf-8').send(body);
  });
}
