import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.ts';
import { badRequest } from '../http/errors.ts';
import { LINKSHIM_PATH } from '../http/linkshim.ts';
import { Str, typed } from '../http/schemas.ts';

const ShimQuery = Type.Object({ u: Str(2000) });

/**
 * Members' website links go through here, so the site they open learns nothing of the profile
 * page it was clicked on (no Referer). It redirects only to a website an active member has on
 * their profile: not to any link a stranger writes, though a member chooses their own website,
 * so the target is only as trustworthy as the profile it came from.
 */
export async function linkshimRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  typed(app).get(LINKSHIM_PATH, { schema: { querystring: ShimQuery } }, async (req, reply) => {
    const target = req.query.u;
    const known =
      /^https?:\/\//i.test(target) &&
      (await ctx.db
        .selectFrom('users')
        .select('id')
        .where('external_url', '=', target)
        .where('is_active', '=', 1)
        .executeTakeFirst()) !== undefined;
    if (!known) throw badRequest("This link can't be opened from Glint.");
    return reply
      .header('Referrer-Policy', 'no-referrer')
      .header('Cache-Control', 'no-store')
      .redirect(target, 302);
  });
}
