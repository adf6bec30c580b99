import { thisMachineOnly } from '../http/loopback.ts';
import { Type } from '@sinclair/typebox';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../context.ts';
import { badRequest } from '../http/errors.ts';
import { Str, typed } from '../http/schemas.ts';
import { isSecureRequest } from '../http/session.ts';
import { externalProvider } from './externalProvider.ts';
import { sameOriginPath, withParam } from './returnUrl.ts';
import {
  STAND_IN_IDENTITIES,
  StandInProvider,
  TOKEN_TTL_SECONDS,
  standInIdentity,
} from './standInProvider.ts';

const PREFIX = '/dev/external-provider';
/** The stand-in's own "logged in to the provider" cookie, seen only by its paths. */
const PROVIDER_COOKIE = 'standin_provider_identity';
const DECLINED = 'declined';

const ReturnQuery = Type.Object({ redirect_uri: Type.Optional(Str(2000)) });
/** The consent page also hears what the client's SDK asks for (spec §9: v2.2, scope email). */
const ConsentQuery = Type.Object({
  redirect_uri: Type.Optional(Str(2000)),
  scope: Type.Optional(Str(200)),
  version: Type.Optional(Str(20)),
});
const ContinueQuery = Type.Object({ identity: Str(64), redirect_uri: Type.Optional(Str(2000)) });
const MeQuery = Type.Object({ access_token: Str(200) });

const escapeHtml = (s: string) =>
  s.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

function returnPath(req: FastifyRequest, raw: string | undefined): string {
  const path = sameOriginPath(raw ?? '/', req.headers.host);
  if (!path) throw badRequest('The return address must be a page of this site.');
  return path;
}

function setProviderCookie(req: FastifyRequest, reply: FastifyReply, value: string) {
  reply.setCookie(PROVIDER_COOKIE, value, {
    path: PREFIX,
    httpOnly: true,
    sameSite: 'lax',
    secure: isSecureRequest(req),
    maxAge: 24 * 60 * 60,
  });
}

function consentPage(back: string, scope: string | undefined): string {
  const asksEmail = (scope ?? '').split(/[\s,]+/).includes('email');
  const link = (path: string, params: Record<string, string>) =>
    escapeHtml(`${PREFIX}/${path}/?${new URLSearchParams({ ...params, redirect_uri: back })}`);
  const people = STAND_IN_IDENTITIES.map(
    (p) =>
      `<li><a class="continue" href="${link('continue', { identity: p.id })}">Continue as ${escapeHtml(p.name)}</a>` +
      ` <small>${escapeHtml(p.email ?? '')}</small></li>`,
  ).join('\n');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width">
<title>Stand-in login provider</title>
<style>body{font:16px system-ui,sans-serif;max-width:420px;margin:48px auto;padding:0 16px}
li{margin:12px 0}a{color:#0b57d0}</style></head>
<body><main>
<h1>Stand-in login provider</h1>
<p>A local stand-in for an external social-network login, for development only. Choose who you are:</p>
<p class="scope">Glint will receive your name and profile picture${asksEmail ? ' and your email address' : ''}.</p>
<ul>
${people}
</ul>
<p><a href="${link('cancel', {})}">Cancel</a></p>
</main></body></html>`;
}

/**
 * The stand-in provider's pages, outside production only: a consent page, its two answers (a
 * redirect back with ?code=… or ?error=access_denied), the connect-status check the client polls
 * (spec §4: on load, after 5 s, every 5 min) and the profile endpoint ("me"). Served to this
 * machine only: "Continue as" hands out a login.
 */
export async function standInPages(app: FastifyInstance, ctx: AppContext): Promise<void> {
  if (ctx.config.production) return;
  const api = typed(app);
  const provider = () => {
    const p = externalProvider(ctx);
    // A configured real provider replaces the stand-in; its pages then have nothing to issue.
    if (!(p instanceof StandInProvider)) throw badRequest('The stand-in provider is not in use.');
    return p;
  };

  api.get(
    `${PREFIX}/`,
    { schema: { querystring: ConsentQuery }, onRequest: thisMachineOnly },
    async (req, reply) => {
      const back = returnPath(req, req.query.redirect_uri);
      return reply
        .type('text/html; charset=utf-8')
        .header('Cache-Control', 'no-store')
        .header('Content-Security-Policy', "default-src 'none'; style-src 'unsafe-inline'")
        .send(consentPage(back, req.query.scope));
    },
  );

  api.get(
    `${PREFIX}/continue/`,
    { schema: { querystring: ContinueQuery }, onRequest: thisMachineOnly },
    async (req, reply) => {
      const back = returnPath(req, req.query.redirect_uri);
      const identity = standInIdentity(req.query.identity);
      if (!identity) throw badRequest('Unknown stand-in identity.');
      const code = await provider().issueCode(identity.id, back);
      setProviderCookie(req, reply, identity.id);
      return reply.redirect(withParam(back, 'code', code));
    },
  );

  api.get(
    `${PREFIX}/cancel/`,
    { schema: { querystring: ReturnQuery }, onRequest: thisMachineOnly },
    async (req, reply) => {
      const back = returnPath(req, req.query.redirect_uri);
      setProviderCookie(req, reply, DECLINED);
      return reply.redirect(withParam(back, 'error', 'access_denied'));
    },
  );

  api.get(
    `${PREFIX}/logout/`,
    { schema: { querystring: ReturnQuery }, onRequest: thisMachineOnly },
    async (req, reply) => {
      const back = returnPath(req, req.query.redirect_uri);
      reply.clearCookie(PROVIDER_COOKIE, { path: PREFIX });
      return reply.redirect(back);
    },
  );

  api.get(`${PREFIX}/status/`, { onRequest: thisMachineOnly }, async (req, reply) => {
    reply.header('Cache-Control', 'no-store');
    const value = req.cookies[PROVIDER_COOKIE];
    const identity = value ? standInIdentity(value) : undefined;
    if (identity) {
      const accessToken = await provider().issueToken(identity.id);
      return {
        status: 'connected',
        authResponse: { accessToken, userID: identity.id, expiresIn: TOKEN_TTL_SECONDS },
      };
    }
    return { status: value === DECLINED ? 'not_authorized' : 'unknown' };
  });

  api.get(
    `${PREFIX}/me/`,
    { schema: { querystring: MeQuery }, onRequest: thisMachineOnly },
    async (req, reply) => {
      reply.header('Cache-Control', 'no-store');
      const profile = await provider().profile(req.query.access_token);
      if (!profile) throw badRequest('Invalid or expired access token.');
      return profile;
    },
  );
}
