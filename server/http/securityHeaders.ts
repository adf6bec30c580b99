import helmet from '@fastify/helmet';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ServerConfig } from '../config.ts';

/** Where browsers post Content-Security-Policy violation reports (server/routes/cspReports.ts). */
export const CSP_REPORT_PATH = '/csp-report/';

type Directives = Record<string, string[]>;

/**
 * The policy of every response (README "Security headers"). No inline or eval'd script: the shared
 * page data travels in a non-executed JSON element, and Pixi runs without `new Function` (the
 * surfaces import pixi.js/unsafe-eval, which despite its name is the no-eval build).
 * - style-src 'self' without 'unsafe-inline': the app's CSS is built files, and React (like Pixi)
 *   sets style props through the CSSOM (element.style), which the policy does not govern; only
 *   <style> elements and style="" markup would need it. The whole e2e suite runs with no
 *   violation. The lab pages inline their stylesheets and get 'unsafe-inline' (labDirectives).
 * - img-src data: blob: the favicon and CSS icons are data: URLs; picked photos, export previews
 *   and story drafts are shown from object URLs. media-src blob: story videos play from them;
 *   data: is Pixi's probe of how the GPU takes video alpha (a one-frame WebM, detectVideoAlphaMode)
 *   before the first story video. Media cannot run script.
 * - script-src 'wasm-unsafe-eval': compiling WebAssembly, nothing else (eval and new Function stay
 *   refused). Only the HEIC decoder uses it (libheif, workers/heif.ts), in the media worker or, when
 *   workers cannot start, on the page; a worker takes its policy from its script's response, which
 *   is this one.
 * - worker-src 'self': the media worker is a built file under /assets/.
 * - connect-src: our own API, plus the telemetry logging host when VITE_LOGGING_HOST names
 *   another origin (read from the server's environment too, see loggingHostOrigin).
 */
export function appDirectives(config: ServerConfig, connectSrc: string[] = []): Directives {
  const directives: Directives = {
    'default-src': ["'self'"],
    'base-uri': ["'self'"],
    'object-src': ["'none'"],
    'script-src': ["'self'", "'wasm-unsafe-eval'"],
    'script-src-attr': ["'none'"],
    'style-src': ["'self'"],
    'img-src': ["'self'", 'data:', 'blob:'],
    'media-src': ["'self'", 'blob:', 'data:'],
    'font-src': ["'self'"],
    'connect-src': ["'self'", ...connectSrc],
    'worker-src': ["'self'"],
    'form-action': ["'self'"],
    // Other sites may not frame Glint (clickjacking); the embed page widens this (allowAnyFramer).
    'frame-ancestors': ["'self'"],
    'report-uri': [CSP_REPORT_PATH],
  };
  // On http://localhost (development, tests) upgrading would send every request to https.
  if (config.production) directives['upgrade-insecure-requests'] = [];
  return directives;
}

/**
 * The lab harness pages (e2e pixel tests, the bench; never in production): the bench runs
 * browser-image-compression, whose worker starts from a blob: URL.
 */
export function labDirectives(config: ServerConfig): Directives {
  const directives = appDirectives(config);
  return {
    ...directives,
    'worker-src': [...directives['worker-src'], 'blob:'],
    // Vite inlines each lab page's small stylesheet as a <style> element.
    'style-src': [...directives['style-src'], "'unsafe-inline'"],
  };
}

export function serializePolicy(directives: Directives): string {
  return Object.entries(directives)
    .map(([name, values]) => [name, ...values].join(' '))
    .join('; ');
}

/** The origin of an absolute VITE_LOGGING_HOST (the client's telemetry copy goes there), else none. */
export function loggingHostOrigin(base: string | undefined): string[] {
  try {
    const url = new URL((base ?? '').trim());
    return url.protocol === 'https:' || url.protocol === 'http:' ? [url.origin] : [];
  } catch {
    return []; // unset, or a path on our own origin
  }
}

/**
 * Helmet on every response: the policy above, X-Frame-Options SAMEORIGIN (agreeing with
 * frame-ancestors 'self'), nosniff, Referrer-Policy as the pages always sent it, and, in
 * production only, HSTS (development and tests run on http://localhost).
 */
export async function installSecurityHeaders(
  app: FastifyInstance,
  config: ServerConfig,
  connectSrc: string[] = [],
): Promise<void> {
  await app.register(helmet, {
    contentSecurityPolicy: { useDefaults: false, directives: appDirectives(config, connectSrc) },
    frameguard: { action: 'sameorigin' },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    hsts: config.production ? { maxAge: 365 * 24 * 60 * 60, includeSubDomains: false } : false,
  });
  const embedPolicy = serializePolicy({
    ...appDirectives(config, connectSrc),
    'frame-ancestors': ['*'],
  });
  app.decorateReply('allowAnyFramer', function (this: FastifyReply) {
    // Helmet wrote its headers on the raw response in onRequest.
    this.raw.removeHeader('X-Frame-Options');
    this.raw.setHeader('Content-Security-Policy', embedPolicy);
    return this;
  });
}

declare module 'fastify' {
  interface FastifyReply {
    /** The embed page's headers: any site may frame it; the rest of the policy is unchanged. */
    allowAnyFramer(): FastifyReply;
  }
}
