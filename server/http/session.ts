// Brings in the cookie typings (req.cookies, reply.setCookie) that @fastify/cookie adds.
import type {} from '@fastify/cookie';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../context.ts';
import { prepared } from '../db/prepared.ts';
import type { UsersTable } from '../db/schema.ts';
import { randomToken, sha256 } from '../ids.ts';
import { forbidden } from './errors.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The logged-in, active user, or null for a visitor. Set by the session hook. */
    viewer: UsersTable | null;
    /**
     * The database generation read just before `viewer` (server/crossServer/answerCache.ts), or
     * null: while it is still the generation, `viewer` is as new as a read made now.
     */
    viewerGeneration: string | null;
  }
}

export const SESSION_COOKIE = 'sessionid';
export const USER_ID_COOKIE = 'ds_user_id';
/** Cookies default to a max age of about one year (accounts spec §9). */
export const SESSION_MAX_AGE_SECONDS = 365 * 24 * 60 * 60;

// Static files never need the viewer; skipping them saves a query per asset.
const NO_SESSION_PREFIXES = ['/assets/', '/media/', '/lab/'];
/** The report page, /media/{mediaId}/flag/, is the app under the media files' prefix. */
const SESSION_PAGE_UNDER_PREFIX = /^\/media\/[0-9]+\/flag\/?(?:\?|$)/;

/** The viewer, or 403 "Please log in." for visitors. */
export function requireViewer(req: FastifyRequest): UsersTable {
  if (!req.viewer) throw forbidden('Please log in.');
  return req.viewer;
}

export const isSecureRequest = (req: FastifyRequest) => req.protocol === 'https';

/** Looks the session cookie up (stored as its sha256) and loads an active, unexpired user. */
export async function loadViewer(ctx: AppContext, cookie: string | undefined) {
  if (!cookie) return null;
  const [row] = await viewerQuery(ctx.db, { sessionId: sha256(cookie), now: ctx.now() });
  return row ?? null;
}

const viewerQuery = prepared('viewer', (db, p: { sessionId: string; now: number }) =>
  db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .selectAll('users')
    .where('sessions.id', '=', p.sessionId)
    .where('sessions.expires_at', '>', p.now)
    .where('users.is_active', '=', 1),
);

export function installSessionHook(app: FastifyInstance, ctx: AppContext): void {
  app.decorateRequest('viewer', null);
  app.decorateRequest('viewerGeneration', null);
  app.addHook('onRequest', async (req) => {
    req.viewer = null;
    req.viewerGeneration = null;
    const file = NO_SESSION_PREFIXES.some((p) => req.url.startsWith(p));
    if (file && !SESSION_PAGE_UNDER_PREFIX.test(req.url)) return;
    const generation = ctx.answers.generation();
    req.viewer = await loadViewer(ctx, req.cookies[SESSION_COOKIE]);
    req.viewerGeneration = generation;
  });
}

/**
 * Creates a database session (so several server processes can share it) and sets the cookies:
 * `sessionid` is HttpOnly; `ds_user_id` is readable by the client, which counts a session as
 * logged in only when it and a viewer in the shared page data are both present.
 */
export async function startSession(
  ctx: AppContext,
  reply: FastifyReply,
  userId: string,
): Promise<void> {
  const token = randomToken(32);
  const now = ctx.now();
  await ctx.db
    .insertInto('sessions')
    .values({
      id: sha256(token),
      user_id: userId,
      created_at: now,
      expires_at: now + SESSION_MAX_AGE_SECONDS,
    })
    .execute();
  // Secure comes from the cookie plugin's defaults: on in production only (server/app.ts).
  const common = { path: '/', sameSite: 'lax', maxAge: SESSION_MAX_AGE_SECONDS } as const;
  reply.setCookie(SESSION_COOKIE, token, { ...common, httpOnly: true });
  reply.setCookie(USER_ID_COOKIE, userId, common);
  reply.request.viewer =
    (await ctx.db.selectFrom('users').selectAll().where('id', '=', userId).executeTakeFirst()) ??
    null;
}

/** Deletes the request's session row (if any) and clears the session cookies. */
export async function endSession(
  ctx: AppContext,
  req: FastifyRequest,
  reply: FastifyReply,
): Promise<void> {
  const token = req.cookies[SESSION_COOKIE];
  if (token) await ctx.db.deleteFrom('sessions').where('id', '=', sha256(token)).execute();
  reply.clearCookie(SESSION_COOKIE, { path: '/' });
  reply.clearCookie(USER_ID_COOKIE, { path: '/' });
  req.viewer = null;
}

/** Ends every session of a user (password change, deactivation). */
export async function endAllSessions(ctx: AppContext, userId: string): Promise<void> {
  await ctx.db.deleteFrom('sessions').where('user_id', '=', userId).execute();
}
