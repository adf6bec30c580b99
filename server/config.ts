import path from 'node:path';

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
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  const dataDir = path.resolve(env.DATA_DIR ?? './data');
  return {
    port: Number(env.PORT ?? 3000),
    host: env.HOST ?? '0.0.0.0',
    dataDir,
    mediaDir: path.join(dataDir, 'media'),
    databaseUrl: env.DATABASE_URL || undefined,
    seed: env.SEED === 'none' ? 'none' : 'demo',
    production: env.NODE_ENV === 'production',
    distDir: path.resolve(env.DIST_DIR ?? './dist'),
    countryCode: (env.COUNTRY_CODE ?? 'US').toUpperCase(),
  };
}
