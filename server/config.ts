import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { Experiments, FeatureSwitches } from '../common/types.ts';

export interface ServerConfig {
  port: number;
  host: string;
  dataDir: string;
  mediaDir: string;
  databaseUrl: string | undefined;
  /**
   * REDIS_URL (redis://host:port): rate limits, suggestion caches, promotion dismissals and the
   * development CSP report list are kept there, shared by every server process. Unset: in memory.
   */
  redisUrl: string | undefined;
  /**
   * S3_ENDPOINT, S3_BUCKET, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY (S3_REGION, S3_FORCE_PATH_STYLE):
   * media files and staged uploads live in that bucket, shared by every server process. Unset:
   * on the local disk under DATA_DIR.
   */
  s3: S3Settings | null;
  /** 'demo' (default) loads the demo seed into an empty database; 'none' skips it. */
  seed: 'demo' | 'none';
  production: boolean;
  /** Directory of the built client (index.html and assets). */
  distDir: string;
  /** Country code reported in the shared page data (no geo-IP here). */
  countryCode: string;
  /** Reported to the client in the shared page data. */
  environment: 'development' | 'production' | 'test';
  /** ANSWER_CACHE=off: never keep whole answers (server/crossServer/answerCache.ts). */
  answerCache: boolean;
  /** RATE_LIMIT=off disables login/signup/SMS rate limits (load tests, long e2e runs). */
  rateLimit: boolean;
  /**
   * Which proxies' X-Forwarded-* headers are believed (client IP, https): false (default) none;
   * a hop count (TRUST_PROXY=1 behind one load balancer); or proxy addresses/CIDRs.
   */
  trustProxy: TrustProxy;
  /** UPLOAD_EXPIRY_HOURS: an upload unfinished or unshared this long is deleted (default 24). */
  uploadExpiryHours: number;
  /**
   * SERVER_PROCESSES: how many server processes share the port on this machine (default 1; `max`
   * for one per core). Above 1 they need REDIS_URL for what they must count and cache together.
   */
  processes: number;
  /** UPLOAD_QUOTA_MB: one member's unfinished plus unshared uploads, in bytes (default 100 MB). */
  uploadQuotaBytes: number;
  /** Sent to the client; FEATURES_OFF=stories,filters turns switches off (accounts §1). */
  featureSwitches: FeatureSwitches;
  /** Sent to the client; EXPERIMENTS_ON=login_via_signup_page turns experiments on. */
  experiments: Experiments;
}

const DEFAULT_FEATURES: FeatureSwitches = {
  stories: true,
  filters: true,
  // No push service behind the reference server.
  push_notifications: false,
  add_to_home_screen: true,
  feed_shimmer: true,
  video_variants: true,
  one_tap_login: true,
};

/** The defaults with every name listed in FEATURES_OFF (comma-separated) turned off. */
export function featureSwitches(off: string | undefined): FeatureSwitches {
  const names = new Set((off ?? '').split(',').map((name) => name.trim()));
  const out = { ...DEFAULT_FEATURES };
  for (const name of Object.keys(out) as (keyof FeatureSwitches)[]) {
    if (names.has(name)) out[name] = false;
  }
  return out;
}

/** Every experiment off, except those listed in EXPERIMENTS_ON (comma-separated). */
export function experiments(on: string | undefined): Experiments {
  const names = new Set((on ?? '').split(',').map((name) => name.trim()));
  return { login_via_signup_page: names.has('login_via_signup_page') };
}

/**
 * false: the connection's peer is the client. n: the n nearest hops (the peer, then X-Forwarded-For
 * read from its end) are proxies, so the client is the address the outermost of them appended.
 * A list: hops whose address is in it are proxies. Never "trust every hop": the leading entries of
 * X-Forwarded-For are whatever the client sent, and per-IP rate limits would count those.
 */
export type TrustProxy = false | number | string[];

const PROXY_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

/** An IP address, a CIDR (`10.0.0.0/8`, `fd00::/8`) or a proxy-addr name such as `loopback`. */
function isProxyEntry(entry: string): boolean {
  if (PROXY_NAMES.has(entry)) return true;
  const [address, bits, ...rest] = entry.split('/');
  const version = net.isIP(address);
  if (rest.length > 0 || version === 0) return false;
  return (
    bits === undefined || (/^[0-9]{1,3}$/.test(bits) && Number(bits) <= (version === 4 ? 32 : 128))
  );
}

/** Reads TRUST_PROXY; a value that would trust forged addresses stops the server at startup. */
export function parseTrustProxy(raw: string | undefined): TrustProxy {
  const value = (raw ?? '').trim();
  if (value === '' || value === '0' || /^(false|off)$/i.test(value)) return false;
  if (/^[0-9]{1,2}$/.test(value)) return Number(value);
  if (/^(true|all|yes|on)$/i.test(value)) {
    throw new Error(
      `TRUST_PROXY=${value} is no longer accepted: trusting every X-Forwarded-For hop lets a client ` +
        'choose its own address. Set the number of proxy hops in front of the server (1 behind ' +
        'one load balancer) or their addresses, comma-separated (e.g. 10.0.0.0/8).',
    );
  }
  const entries = value.split(',').map((entry) => entry.trim());
  const bad = entries.find((entry) => !isProxyEntry(entry));
  if (bad !== undefined) {
    throw new Error(
      `TRUST_PROXY: "${bad}" is neither a hop count nor a proxy address or CIDR (e.g. 1, or 10.0.0.0/8,127.0.0.1).`,
    );
  }
  return entries;
}

/**
 * Fastify's trustProxy for a setting. A hop count is given as a function: Fastify 5 reads a bare
 * number as "trust nothing" (it cannot check the peer), but here the operator says the peer is
 * the proxy: hop 0 is the socket's peer, hop 1 the last X-Forwarded-For entry, and so on.
 */
export function fastifyTrustProxy(setting: TrustProxy) {
  if (typeof setting === 'number') {
    const hops = setting;
    return (_address: string, hop: number) => hop < hops;
  }
  return setting;
}

/** An S3-compatible bucket (AWS S3, Ceph RADOS Gateway, MinIO…). */
export interface S3Settings {
  endpoint: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** S3_REGION, default us-east-1 (gateways other than AWS accept any). */
  region: string;
  /** S3_FORCE_PATH_STYLE, default true: http://host/bucket/key rather than http://bucket.host/key. */
  forcePathStyle: boolean;
}

const S3_REQUIRED = [
  'S3_ENDPOINT',
  'S3_BUCKET',
  'S3_ACCESS_KEY_ID',
  'S3_SECRET_ACCESS_KEY',
] as const;

/** The S3 settings, null when none is set; some but not all set stops the server at startup. */
export function parseS3Settings(env: NodeJS.ProcessEnv): S3Settings | null {
  const value = (name: string) => (env[name] ?? '').trim();
  const missing = S3_REQUIRED.filter((name) => value(name) === '');
  if (missing.length === S3_REQUIRED.length) return null;
  if (missing.length > 0) {
    throw new Error(`S3 storage needs ${S3_REQUIRED.join(', ')}; missing: ${missing.join(', ')}.`);
  }
  let endpoint: URL;
  try {
    endpoint = new URL(value('S3_ENDPOINT'));
  } catch {
    endpoint = new URL('invalid:');
  }
  if (endpoint.protocol !== 'http:' && endpoint.protocol !== 'https:') {
    throw new Error(`S3_ENDPOINT must be an http(s) URL (got "${value('S3_ENDPOINT')}").`);
  }
  const pathStyle = value('S3_FORCE_PATH_STYLE').toLowerCase();
  if (pathStyle !== '' && !/^(true|false|1|0|on|off|yes|no)$/.test(pathStyle)) {
    throw new Error(`S3_FORCE_PATH_STYLE must be true or false (got "${pathStyle}").`);
  }
  return {
    endpoint: endpoint.toString().replace(/\/$/, ''),
    bucket: value('S3_BUCKET'),
    accessKeyId: value('S3_ACCESS_KEY_ID'),
    secretAccessKey: value('S3_SECRET_ACCESS_KEY'),
    region: value('S3_REGION') || 'us-east-1',
    forcePathStyle: !/^(false|0|off|no)$/.test(pathStyle),
  };
}

/** A positive number from the environment, or the default; anything else stops the server. */
function positiveNumber(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const raw = env[name];
  if (raw === undefined || raw.trim() === '') return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value <= 0) {
    throw new Error(`${name} must be a positive number (got "${raw}").`);
  }
  return value;
}

/** Most processes SERVER_PROCESSES may ask for. */
const MAX_PROCESSES = 64;

function serverProcesses(raw: string | undefined, redisUrl: string | undefined): number {
  const text = raw?.trim() ?? '';
  const n =
    text === ''
      ? 1
      : text === 'max'
        ? Math.min(os.availableParallelism(), MAX_PROCESSES)
        : Number(text);
  if (!Number.isInteger(n) || n < 1 || n > MAX_PROCESSES) {
    throw new Error(
      `SERVER_PROCESSES must be a whole number from 1 to ${MAX_PROCESSES} or "max" (got "${raw}").`,
    );
  }
  if (n > 1 && !redisUrl) {
    throw new Error(
      'SERVER_PROCESSES above 1 needs REDIS_URL: rate limits, caches and upload locks are shared through Redis.',
    );
  }
  return n;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  const dataDir = path.resolve(env.DATA_DIR ?? './data');
  return {
    port: Number(env.PORT ?? 3000),
    host: env.HOST ?? '0.0.0.0',
    dataDir,
    mediaDir: path.join(dataDir, 'media'),
    databaseUrl: env.DATABASE_URL || undefined,
    redisUrl: env.REDIS_URL || undefined,
    s3: parseS3Settings(env),
    // The demo accounts share a published password: production seeds only when asked to.
    seed:
      env.SEED === 'demo' || (env.SEED !== 'none' && env.NODE_ENV !== 'production')
        ? 'demo'
        : 'none',
    production: env.NODE_ENV === 'production',
    distDir: path.resolve(env.DIST_DIR ?? './dist'),
    countryCode: (env.COUNTRY_CODE ?? 'US').toUpperCase(),
    environment:
      env.NODE_ENV === 'production'
        ? 'production'
        : env.NODE_ENV === 'test'
          ? 'test'
          : 'development',
    rateLimit: env.RATE_LIMIT !== 'off',
    answerCache: env.ANSWER_CACHE !== 'off',
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    uploadExpiryHours: positiveNumber(env, 'UPLOAD_EXPIRY_HOURS', 24),
    processes: serverProcesses(env.SERVER_PROCESSES, env.REDIS_URL),
    uploadQuotaBytes: Math.round(positiveNumber(env, 'UPLOAD_QUOTA_MB', 100) * 1024 * 1024),
    featureSwitches: featureSwitches(env.FEATURES_OFF),
    experiments: experiments(env.EXPERIMENTS_ON),
  };
}
