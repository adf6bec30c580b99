import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.ts';
import { badRequest } from '../http/errors.ts';
import { Form, OkReply, Str, typed } from '../http/schemas.ts';
import { requireViewer } from '../http/session.ts';
import { webProfileInfo } from '../content/profile.ts';

const ProfileQuery = Type.Object({ username: Type.Optional(Str(100)) });
const USERNAME_RE = /^[A-Za-z0-9._]{1,30}$/;

const DismissBody = Form({
  target_id: Type.Optional(Str(64)),
  chaining_user_id: Type.Optional(Str(64)),
});

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

  // Dismissals are acknowledged only: suggestions are recomputed per request and the client
  // drops the card it dismissed (content spec §7 shows no response for these calls).
  for (const path of ['/web/discover/chaining_dismiss/', '/web/discover/aysf_dismiss/']) {
    api.post(
      path,
      { schema: { body: Type.Optional(DismissBody), response: { 200: OkReply } } },
      async (req) => {
        requireViewer(req);
        return { status: 'ok' as const };
      },
    );
  }
}
