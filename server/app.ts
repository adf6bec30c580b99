import fs from 'node:fs/promises';
import Fastify, { type FastifyInstance } from 'fastify';
import cookie from '@fastify/cookie';
import formbody from '@fastify/formbody';
import multipart from '@fastify/multipart';
import rateLimitPlugin from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import { fastifyTrustProxy, type ServerConfig } from './config.ts';
import type { AppContext } from './context.ts';
import { migrateToLatest, openDatabase, type DB } from './db/database.ts';
import { arrivalOrderServer } from './http/arrivalOrder.ts';
import { answerFrameworkError, badRequest, installErrorHandler } from './http/errors.ts';
import { installCsrfHook } from './http/csrf.ts';
import { installSecurityHeaders, loggingHostOrigin } from './http/securityHeaders.ts';
import { installSessionHook } from './http/session.ts';
import { rateLimitOptions } from './http/rateLimit.ts';
import { openMediaStorage } from './media/openStorage.ts';
import { openRedis } from './crossServer/redis.ts';
import { AnswerCache } from './crossServer/answerCache.ts';
import { OutboxSmsSender, type SmsSender } from './sms.ts';
import { routeModules } from './routes/index.ts';
import { pageRoutes } from './routes/pages.ts';

export { rateLimit } from './http/rateLimit.ts';

export interface BuildAppOptions {
  config: ServerConfig;
  /** An already open database (tests); otherwise opened from config. */
  db?: DB;
  logger?: boolean;
  sms?: SmsSender;
  /** Current time in unix seconds. */
  now?: () => number;
}

/** Uploaded photos and videos: a 1080 px JPEG is far smaller; videos get the headroom. */
const MAX_UPLOAD_BYTES = 20 * 1024 * 1024;

/** True when a string anywhere in a parsed query or body holds U+0000. */
function hasNulChar(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  if (depth > 20 || value === null || typeof value !== 'object') return false;
  if (Buffer.isBuffer(value)) return false;
  return Object.entries(value).some(([k, v]) => k.includes('\u0000') || hasNulChar(v, depth + 1));
}

export async function buildApp(
  opts: BuildAppOptions,
): Promise<{ app: FastifyInstance; ctx: AppContext }> {
  const { config } = opts;
  const db =
    opts.db ??
    (await openDatabase({
      databaseUrl: config.databaseUrl,
      dataDir: config.dataDir,
      // SERVER_PROCESSES on one machine share the 10 connections one process would open.
      poolSize: Math.max(2, Math.ceil(10 / config.processes)),
    }));
  await migrateToLatest(db);
  await fs.mkdir(config.mediaDir, { recursive: true });
  const now = opts.now ?? (() => Math.floor(Date.now() / 1000));
  const quiet = config.environment === 'test';
  const sms = opts.sms ?? new OutboxSmsSender(db, now, quiet ? () => {} : undefined);
  const redis = config.redisUrl ? await openRedis(config.redisUrl) : null;
  const ctx: AppContext = {
    db,
    storage: await openMediaStorage(config),
    sms,
    config,
    now,
    redis,
    answers: new AnswerCache({ db, config, now }),
  };

  const app = Fastify({
    logger: opts.logger ? { level: 'info' } : false,
    trustProxy: fastifyTrustProxy(config.trustProxy),
    // Route module authors can rely on the defaults: coerce form strings, fill defaults.
    ajv: { customOptions: { coerceTypes: 'array', useDefaults: true, removeAdditional: true } },
    // Errors raised before routing (an undecodable path) answer in the app's format too.
    frameworkErrors: answerFrameworkError,
    // Under a crowd each request waits for those that arrived before it, no more (arrivalOrder.ts).
    serverFactory: arrivalOrderServer,
  });
  installErrorHandler(app);
  app.addHook('onClose', async () => {
    await db.destroy();
    await redis?.quit();
  });

  // Security headers (CSP, frame options, HSTS in production) on every response, 404s included.
  await installSecurityHeaders(app, config, loggingHostOrigin(process.env.VITE_LOGGING_HOST));
  // Secure cookies in production only: development and the tests run on http://localhost.
  await app.register(cookie, { parseOptions: { secure: config.production } });
  await app.register(formbody);
  await app.register(multipart, { limits: { fileSize: MAX_UPLOAD_BYTES, files: 1 } });
  await app.register(rateLimitPlugin, rateLimitOptions(config, redis));
  // Only for reply.sendFile (media and built assets); nothing is served automatically.
  await app.register(fastifyStatic, { root: config.mediaDir, serve: false });

  // Calls without payload (follow, like, logout…) may arrive with no body at all; validating them
  // as an empty form keeps one schema style for every route.
  app.addHook('preValidation', async (req) => {
    if (req.method !== 'GET' && req.method !== 'HEAD' && req.body == null) req.body = {};
    // PostgreSQL text cannot hold U+0000 (the query fails: a 500); no real input contains it.
    if (hasNulChar(req.query) || hasNulChar(req.body)) {
      throw badRequest('The request contains characters that are not allowed.');
    }
  });
  installSessionHook(app, ctx);
  installCsrfHook(app);

  app.get('/api/health/', async () => ({ status: 'ok' }));
  for (const routes of routeModules) {
    // Each module in its own encapsulated scope: its hooks and decorators stay local.
    await app.register(async (scope) => routes(scope, ctx));
  }
  await pageRoutes(app, ctx);
  return { app, ctx };
}
