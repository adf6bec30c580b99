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
 * A second, per-IP limit for calls that already have a per-account one (login): without it one
 * address could try a common password against every account. In memory, per server process.
 */
export class IpWindowLimiter {
  private counts = new Map<string, { start: number; n: number }>();

  constructor(
    private readonly max: number,
    private readonly windowMs: number,
  ) {}

  /** Counts one attempt; false when the address is over its limit for the current window. */
  hit(ip: string, now = Date.now()): boolean {
    const entry = this.counts.get(ip);
    if (!entry || now - entry.start >= this.windowMs) {
      if (this.counts.size > 10_000) this.counts.clear(); // bounded memory under a flood
      this.counts.set(ip, { start: now, n: 1 });
      return true;
    }
    entry.n++;
    return entry.n <= this.max;
  }
}
