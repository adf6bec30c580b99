import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.ts';
import { badRequest } from '../http/errors.ts';
import { Form, OkReply, Str, typed } from '../http/schemas.ts';
import { requireViewer } from '../http/session.ts';
import { webProfileInfo } from '../content/profile.ts';
import { visibleUserById } from '../content/access.ts';
import { recordDismissal } from '../content/dismissals.ts';
import { isId } from '../content/params.ts';
import type { UsersTable } from '../db/schema.ts';

const ProfileQuery = Type.Object({ username: Type.Optional(Str(100)) });
const USERNAME_RE = /^[A-Za-z0-9._]{1,30}$/;

const DismissBody = Form({
  target_id: Type.Optional(Str(64)),
  chaining_user_id: Type.Optional(Str(64)),
});

const NOT_YOURSELF = 'target_id cannot be your own account.';

/**
 * A dismissal field naming an account: required, id-shaped, an active account that has not blocked
 * the viewer (404 otherwise, as for profiles).
 */
async function dismissTarget(
  ctx: AppContext,
  viewerId: string,
  raw: string | undefined,
  field: 'target_id' | 'chaining_user_id',
): Promise<UsersTable> {
  const value = raw?.trim() ?? '';
  if (value === '') throw badRequest(`${field} is required.`);
  if (!isId(value)) throw badRequest(`Invalid ${field}.`);
  const { user } = await visibleUserById(ctx, viewerId, value);
  return user;
}

/** The profile header call and the suggestion dismissals. */
export async function profileRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const api = typed(app);

  api.get(
    '/api/v1/users/web_profile_info/',
    { schema: { querystring: ProfileQuery } },
    async (req, reply) => {
      const username = req.query.username ?? '';
      if (!USERNAME_RE.test(username)) throw badRequest('A valid username is required.');
      const user = await webProfileInfo(ctx, req.viewer, username);
      reply.header('Cache-Control', 'private, no-store');
      return { status: 'ok', data: { user } };
    },
  );

  // Dismissals (content §7): stored per viewer and filtered out of suggested users and chaining
  // (server/content/dismissals.ts). The answer is a plain ok; the client has already dropped
  // the card and only needs to know whether to put it back.
  api.post(
    '/web/discover/aysf_dismiss/',
    { schema: { body: Type.Optional(DismissBody), response: { 200: OkReply } } },
    async (req) => {
      const viewer = requireViewer(req);
      const target = await dismissTarget(ctx, viewer.id, req.body?.target_id, 'target_id');
      if (target.id === viewer.id) throw badRequest(NOT_YOURSELF);
      await recordDismissal(ctx, viewer.id, target.id, null);
      return { status: 'ok' as const };
    },
  );

  api.post(
    '/web/discover/chaining_dismiss/',
    { schema: { body: Type.Optional(DismissBody), response: { 200: OkReply } } },
    async (req) => {
      const viewer = requireViewer(req);
      const target = await dismissTarget(ctx, viewer.id, req.body?.target_id, 'target_id');
      if (target.id === viewer.id) throw badRequest(NOT_YOURSELF);
      const profile = await dismissTarget(
        ctx,
        viewer.id,
        req.body?.chaining_user_id,
        'chaining_user_id',
      );
      if (profile.id === target.id) {
        throw badRequest('chaining_user_id must be a different account from target_id.');
      }
      await recordDismissal(ctx, viewer.id, target.id, profile.id);
      return { status: 'ok' as const };
    },
  );
}
