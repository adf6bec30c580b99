import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ServerConfig } from '../config.ts';
import { KEY_PREFIX, redisUp, type SharedRedis } from '../crossServer/redis.ts';
import { HttpError } from './errors.ts';

type KeyGenerator = (req: FastifyRequest) => string;

/**
 * Route `config` for @fastify/rate-limit (registered with global: false in server/app.ts):
 * `app.post('/x/', { config: rateLimit(5, '1 minute') }, handler)`. By default requests are
 * counted per client IP; a `keyGenerator` that reads the body (e.g. IP + username for login)
 * runs after parsing, in preHandler.
 */
export function rateLimit(max: number, timeWindow: string | number, keyGenerator?: KeyGenerator) {
  return {
    rateLimit: keyGenerator
      ? { max, timeWindow, hook: 'preHandler' as const, keyGenerator }
      : { max, timeWindow },
  };
}

/**
 * The identifier as login looks it up: a phone number ("+1 (555) 010-2030", "15550102030"…) is
 * its digits, so spelling one number many ways cannot multiply the attempts allowed per account.
 */
export function identifierKey(raw: string): string {
  const value = raw.trim().toLowerCase();
  if (/^[0-9+\s()-]+$/.test(value) && /[0-9]/.test(value)) {
    return value.replace(/[^0-9]/g, '').slice(0, 200);
  }
  return value.slice(0, 200);
}

/** Key for login-like calls: client IP plus the (normalised) identifier the body names. */
export function ipAndField(field: string): KeyGenerator {
  return (req) => {
    const body = req.body as Record<string, unknown> | undefined;
    const value = body && typeof body[field] === 'string' ? body[field] : '';
    return `${req.ip}|${identifierKey(value)}`;
  };
}

/** Signup and SMS-sending calls: a few per minute per client IP. */
export const SIGNUP_RATE_LIMIT = rateLimit(5, '1 minute');
export const SMS_RATE_LIMIT = rateLimit(5, '1 minute');

/**
 * The plugin's options (server/app.ts): limits are only on the routes that ask (route config or
 * addressLimit), off altogether with RATE_LIMIT=off, and counted in Redis when REDIS_URL is set,
 * so every server process behind a load balancer draws on one count per key; otherwise in this
 * process's memory. If Redis is down or stops answering, requests are let through (allowList,
 * skipOnError) rather than refused: the outage is logged, and signing in keeps working meanwhile.
 */
export function rateLimitOptions(config: ServerConfig, redis: SharedRedis | null) {
  return {
    global: false,
    allowList: !config.rateLimit
      ? () => true
      : redis
        ? () => !redisUp(redis) // Redis down: let requests through at once
        : [],
    errorResponseBuilder: () =>
      new HttpError(429, 'Please wait a few minutes before you try again.'),
    ...(redis ? { redis, nameSpace: `${KEY_PREFIX}rate-limit:`, skipOnError: true } : {}),
  };
}

/**
 * A second limit on a route that already has one: e.g. logins per address across accounts (the
 * route's own limit counts per address and account), without which one address could try a
 * common password against every account. Counted in the plugin's store (Redis when configured)
 * under `name`; resolves false once the address is over `max` in the window.
 */
export function addressLimit(app: FastifyInstance, name: string, max: number, timeWindow: number) {
  const limit = app.createRateLimit({
    max,
    timeWindow,
    keyGenerator: (req) => `${name}|${req.ip}`,
  });
  return async (req: FastifyRequest): Promise<boolean> => {
    const result = await limit(req);
    return result.isAllowed || !result.isExceeded;
  };
}
