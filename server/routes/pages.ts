import fs from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../context.ts';
import { ensureCsrfToken } from '../http/csrf.ts';
import { labDirectives } from '../http/securityHeaders.ts';
import { toWireViewer } from '../http/users.ts';
import type { SharedData } from '../../common/types.ts';

import { EMBED_PAGE, isApiPath, isPagePath, ROOT_FILES } from '../../common/routeTable.ts';

export { isApiPath, isPagePath };

export async function buildSharedData(
  ctx: AppContext,
  req: FastifyRequest,
  reply: FastifyReply,
): Promise<SharedData> {
  return {
    config: {
      viewer: req.viewer ? await toWireViewer(ctx, req.viewer) : null,
      csrf_token: ensureCsrfToken(req, reply),
    },
    country_code: ctx.config.countryCode,
    feature_switches: ctx.config.featureSwitches,
    experiments: ctx.config.experiments,
    environment: ctx.config.environment,
  };
}

/**
 * JSON that is safe inside a <script> element: `<`, `>` and `&` cannot close the element or open a
 * comment (the HTML parser reads no `</script` or `<!--` in it), and U+2028/U+2029 stay escaped.
 */
export function scriptSafeJson(value: unknown): string {
  return JSON.stringify(value).replace(
    /[<>&\u2028\u2029]/g,
    (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
}

/** Id of the element holding the shared page data (read by src/lib/sharedData.ts). */
export const SHARED_DATA_ID = 'shared-data';

/**
 * Inserts the shared page data before the first script, so it exists when the app boots. A JSON
 * data block, never executed: the Content-Security-Policy allows no inline script.
 */
export function injectSharedData(html: string, data: SharedData): string {
  const tag = `<script type="application/json" id="${SHARED_DATA_ID}">${scriptSafeJson(data)}</script>`;
  const at = html.indexOf('<script');
  if (at >= 0) return html.slice(0, at) + tag + html.slice(at);
  const head = html.indexOf('</head>');
  return head >= 0 ? html.slice(0, head) + tag + html.slice(head) : tag + html;
}

// Keyed by dist dir: tests run several apps in one process.
const indexCache = new Map<string, string>();

async function readIndexHtml(ctx: AppContext): Promise<string | null> {
  const { distDir, production } = ctx.config;
  const cached = indexCache.get(distDir);
  if (cached) return cached;
  const html = await fs.readFile(path.join(distDir, 'index.html'), 'utf8').catch(() => null);
  // Development re-reads so a fresh `npm run build` shows up without a restart.
  if (production && html) indexCache.set(distDir, html);
  return html;
}

/** Answers with the client app and the shared page data (other route modules may reuse this). */
export async function sendPage(
  ctx: AppContext,
  req: FastifyRequest,
  reply: FastifyReply,
  statusCode = 200,
): Promise<FastifyReply> {
  const html = await readIndexHtml(ctx);
  if (!html) {
    return reply
      .code(503)
      .type('text/plain; charset=utf-8')
      .send('Client not built: run npm run build');
  }
  const data = await buildSharedData(ctx, req, reply);
  // Only the embed page may sit in another site's frame; every other page keeps the security
  // headers' frame-ancestors 'self', so no site can overlay Glint's buttons under its own
  // (clickjacking). The other headers come from server/http/securityHeaders.ts.
  if (EMBED_PAGE.test(req.url.split('?')[0])) reply.allowAnyFramer();
  return reply
    .code(statusCode)
    .type('text/html; charset=utf-8')
    .header('Cache-Control', 'no-store')
    .send(injectSharedData(html, data));
}

function wantsHtml(req: FastifyRequest): boolean {
  if (req.method !== 'GET' && req.method !== 'HEAD') return false;
  if (req.headers['x-requested-with'] === 'XMLHttpRequest') return false;
  const accept = req.headers.accept ?? '*/*';
  return accept.includes('text/html') || !accept.includes('application/json');
}

const hasDotSegment = (p: string) => p.split('/').some((s) => s === '..' || s === '.');

/**
 * Built assets, lab pages (outside production) and the SPA fallback. Registered after every API
 * module: the fallback is the not-found handler, so any explicit route always wins.
 */
export async function pageRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const { distDir, production } = ctx.config;

  app.get<{ Params: { '*': string } }>('/assets/*', async (req, reply) => {
    const file = req.params['*'];
    if (!file || hasDotSegment(file)) return reply.callNotFound();
    // Vite names assets by content hash, so they never change.
    return reply.sendFile(file, path.join(distDir, 'assets'), { maxAge: '365d', immutable: true });
  });

  // The service worker and the web app manifest live at the root of dist/ (Vite copies public/
  // there; the build writes sw.js). Not hashed, so browsers revalidate them on every load (a new
  // worker must reach users promptly); a missing one answers 404 JSON, never the app's HTML.
  for (const file of ROOT_FILES) {
    app.get(`/${file}`, async (_req, reply) =>
      reply.header('Cache-Control', 'no-cache').sendFile(file, distDir, { cacheControl: false }),
    );
  }

  if (!production) {
    const helmet = {
      contentSecurityPolicy: { useDefaults: false, directives: labDirectives(ctx.config) },
    };
    app.get<{ Params: { '*': string } }>('/lab/*', { helmet }, async (req, reply) => {
      const file = req.params['*'] || 'index.html';
      if (hasDotSegment(file)) return reply.callNotFound();
      return reply.sendFile(file, path.join(distDir, 'lab'), { cacheControl: false });
    });
  }

  app.setNotFoundHandler(async (req, reply) => {
    const pathname = req.url.split('?')[0];
    const query = req.url.slice(pathname.length);
    if (wantsHtml(req) && !isApiPath(pathname) && !/[?&]__a=1/.test(query)) {
      return sendPage(ctx, req, reply, isPagePath(pathname) ? 200 : 404);
    }
    return reply.code(404).send({
      status: 'fail',
      message: 'The link you followed may be broken, or the page may have been removed.',
    });
  });
}
