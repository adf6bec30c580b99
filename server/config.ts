import path from 'node:path';
import type { Experiments, FeatureSwitches } from '../src/api/types.ts';

export interface ServerConfig {
  port: number;
  host: string;
  dataDir: string;
  mediaDir: string;
  databaseUrl: string | undefined;
  /** 'demo' (default) loads the demo seed into an empty database; 'none' skips it. */
  seed: 'demo' | 'none';
  production: boolean;
  /** Directory of the built client (index.html and assets). */
  distDir: string;
  /** Country code reported in the shared page data (no geo-IP here). */
  countryCode: string;
  /** Reported to the client in the shared page data. */
  environment: 'development' | 'production' | 'test';
  /** RATE_LIMIT=off disables login/signup/SMS rate limits (load tests, long e2e runs). */
  rateLimit: boolean;
  /** TRUST_PROXY=1 behind a load balancer: client IP and https come from X-Forwarded-*. */
  trustProxy: boolean;
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

export function loadConfig(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  const dataDir = path.resolve(env.DATA_DIR ?? './data');
  return {
    port: Number(env.PORT ?? 3000),
    host: env.HOST ?? '0.0.0.0',
    dataDir,
    mediaDir: path.join(dataDir, 'media'),
    databaseUrl: env.DATABASE_URL || undefined,
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
    trustProxy: env.TRUST_PROXY === '1' || env.TRUST_PROXY === 'true',
    featureSwitches: featureSwitches(env.FEATURES_OFF),
    experiments: experiments(env.EXPERIMENTS_ON),
  };
}
