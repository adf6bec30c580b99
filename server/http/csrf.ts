import crypto from 'node:crypto';
import type {} from '@fastify/cookie';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { randomToken } from '../ids.ts';
import { forbidden } from './errors.ts';
import { CSP_REPORT_PATH } from './securityHeaders.ts';
import { SESSION_MAX_AGE_SECONDS } from './session.ts';

export const CSRF_COOKIE = 'csrftoken';
export const CSRF_HEADER = 'x-csrftoken';
export const CSRF_FAILURE_MESSAGE = 'CSRF token missing or incorrect.';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
/** Browsers post CSP violation reports without our headers; a report only adds a log line. */
const UNCHECKED_PATHS = new Set([CSP_REPORT_PATH]);

/**
 * The csrftoken cookie, set when missing. Readable by JavaScript on purpose: the client copies it
 * into the X-CSRFToken header (double-submit), which a cross-site page cannot read or forge.
 */
export function ensureCsrfToken(req: FastifyRequest, reply: FastifyReply): string {
  const existing = req.cookies[CSRF_COOKIE];
  if (existing && /^[A-Za-z0-9_-]{16,128}$/.test(existing)) return existing;
  const token = randomToken(24);
  reply.setCookie(CSRF_COOKIE, token, {
    path: '/',
    sameSite: 'lax',
    // Secure comes from the cookie plugin's defaults: on in production only (server/app.ts).
    maxAge: SESSION_MAX_AGE_SECONDS,
  });
  // Later reads in the same request (shared page data) see the new token.
  req.cookies[CSRF_COOKIE] = token;
  return token;
}

function tokensMatch(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && crypto.timingSafeEqual(x, y);
}

/** True when a mutating request carries the matching token header and the ajax marker. */
export function passesCsrfCheck(req: FastifyRequest): boolean {
  if (SAFE_METHODS.has(req.method)) return true;
  if (UNCHECKED_PATHS.has(req.url)) return true;
  const cookie = req.cookies[CSRF_COOKIE];
  const header = req.headers[CSRF_HEADER];
  const marker = req.headers['x-requested-with'];
  return (
    typeof cookie === 'string' &&
    cookie.length > 0 &&
    typeof header === 'string' &&
    tokensMatch(header, cookie) &&
    marker === 'XMLHttpRequest'
  );
}

/**
 * Every non-GET/HEAD/OPTIONS request is checked before its body is read, so route modules need
 * nothing of their own. The tus upload endpoints are not exempt: tus-js-client sends the headers
 * too, and its CORS-free same-origin OPTIONS requests are safe.
 */
export function installCsrfHook(app: FastifyInstance): void {
  app.addHook('onRequest', async (req) => {
    if (!passesCsrfCheck(req)) throw forbidden(CSRF_FAILURE_MESSAGE);
  });
}
