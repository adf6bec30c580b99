import type { FastifyRequest } from 'fastify';

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

/** Key for login-like calls: client IP plus the (normalised) identifier the body names. */
export function ipAndField(field: string): KeyGenerator {
  return (req) => {
    const body = req.body as Record<string, unknown> | undefined;
    const value = body && typeof body[field] === 'string' ? body[field] : '';
    return `${req.ip}|${value.trim().toLowerCase().slice(0, 200)}`;
  };
}

/** Signup and SMS-sending calls: a few per minute per client IP. */
export const SIGNUP_RATE_LIMIT = rateLimit(5, '1 minute');
export const SMS_RATE_LIMIT = rateLimit(5, '1 minute');
