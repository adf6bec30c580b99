import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { migrateToLatest, openDatabase } from '../../server/db/database.ts';
import { POSTGRESQL, REDIS, ensureDebianPackages } from './apt.ts';
import { startBalancer, type Balancer } from './balancer.ts';
import { freePort } from './daemon.ts';
import { startPostgres, type PostgresHandle } from './postgres.ts';
import { startRedis, type RedisHandle } from './redis.ts';
import { REPO_ROOT, startGlintServer, type GlintServer } from './servers.ts';

/** What scripts/cluster/ceph.ts (the S3 gateway's launcher) provides. */
interface CephGateway {
  endpoint: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  stop(): Promise<void>;
}
interface CephLauncher {
  ensureCephInstalled(): Promise<void> | void;
  startCeph(opts: { dir: string; port: number }): Promise<CephGateway>;
}

export interface ClusterOptions {
  /** The balancer's port (default: a free one). */
  port?: number;
  /** How many Glint servers (default 2). */
  servers?: number;
  /** 'demo' loads the demo content through the first server; 'none' leaves the database empty. */
  seed?: 'demo' | 'none';
  /**
   * Media and tus uploads in the S3 gateway (Ceph RADOS Gateway on loopback). Default: when the
   * launcher (scripts/cluster/ceph.ts) is there. false: every server shares one local DATA_DIR,
   * which only works with every server on this one machine.
   */
  s3?: boolean;
  /** More environment for every server (RATE_LIMIT, NODE_ENV, SEED_POSTS…). */
  env?: Record<string, string>;
  log?: (message: string) => void;
}

export interface Cluster {
  /** The balancer: what a browser or a client uses. */
  url: string;
  dir: string;
  servers: GlintServer[];
  balancer: Balancer;
  postgres: PostgresHandle;
  redis: RedisHandle;
  s3: CephGateway | null;
  /** The environment every server got (DATABASE_URL, REDIS_URL, S3_*, TRUST_PROXY…). */
  env: Record<string, string>;
  /** Servers, balancer, gateway, Redis, PostgreSQL, in that order; then deletes the folder. */
  stop(): Promise<void>;
}

async function loadCephLauncher(): Promise<CephLauncher | null> {
  const file = new URL('./ceph.ts', import.meta.url);
  if (!fs.existsSync(file)) return null;
  return (await import(file.href)) as CephLauncher;
}

/**
 * PostgreSQL, Redis and (when available) the S3 gateway on loopback, the schema migrated once,
 * then N Glint servers (the first seeds, the others start when it is up) and the balancer.
 */
export async function startCluster(opts: ClusterOptions = {}): Promise<Cluster> {
  const log = opts.log ?? (() => {});
  const ceph = opts.s3 === false ? null : await loadCephLauncher();
  if (opts.s3 === true && !ceph)
    throw new Error('S3 asked for, but scripts/cluster/ceph.ts is missing.');
  ensureDebianPackages([POSTGRESQL, REDIS], log);
  if (ceph) await ceph.ensureCephInstalled();

  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'glint-cluster-'));
  type Part = { stop(): Promise<void> } | null;
  const parts = {
    servers: [] as GlintServer[],
    balancer: null as Part,
    s3: null as Part,
    redis: null as Part,
    postgres: null as Part,
  };
  // Servers first (in-flight requests finish), then the balancer, the gateway (its own stop
  // ends the gateway before the OSD and the monitor), Redis and PostgreSQL.
  const stopAll = async () => {
    await Promise.all(parts.servers.map((s) => s.stop().catch(() => {})));
    for (const part of [parts.balancer, parts.s3, parts.redis, parts.postgres]) {
      await part?.stop().catch(() => {});
    }
    parts.servers = [];
    parts.balancer = parts.s3 = parts.redis = parts.postgres = null;
    fs.rmSync(dir, { recursive: true, force: true });
  };
  try {
    log(`Starting PostgreSQL, Redis${ceph ? ' and the S3 gateway' : ''} (logs in ${dir})…`);
    // Each part is recorded as soon as it is up, so a failure of another still stops it.
    const [postgres, redis, s3] = await Promise.all([
      freePort()
        .then((port) => startPostgres({ dir, port }))
        .then((h) => (parts.postgres = h)),
      freePort()
        .then((port) => startRedis({ dir, port }))
        .then((h) => (parts.redis = h)),
      ceph
        ? freePort()
            .then((port) => {
              const cephDir = path.join(dir, 'ceph');
              fs.mkdirSync(cephDir);
              return ceph.startCeph({ dir: cephDir, port });
            })
            .then((h) => (parts.s3 = h))
        : Promise.resolve(null),
    ]);

    const databaseUrl = await postgres.createDatabase('glint');
    const db = await openDatabase({ databaseUrl, dataDir: dir });
    await migrateToLatest(db);
    await db.destroy();

    const sharedDataDir = path.join(dir, 'data');
    const env: Record<string, string> = {
      DATABASE_URL: databaseUrl,
      REDIS_URL: redis.url,
      // One hop: the balancer. The client is the address it appended to X-Forwarded-For.
      TRUST_PROXY: '1',
      DATA_DIR: sharedDataDir,
      DIST_DIR: path.join(REPO_ROOT, 'dist'),
      ...(s3
        ? {
            S3_ENDPOINT: s3.endpoint,
            S3_BUCKET: 'glint',
            S3_REGION: s3.region,
            S3_ACCESS_KEY_ID: s3.accessKeyId,
            S3_SECRET_ACCESS_KEY: s3.secretAccessKey,
            S3_FORCE_PATH_STYLE: 'true',
          }
        : {}),
      ...opts.env,
    };
    const servers = parts.servers;
    const addServer = async (name: string, seed: 'demo' | 'none' = 'none') => {
      // With S3 nothing is shared on disk: each server gets a folder of its own.
      const dataDir = s3 ? path.join(dir, `data-${name}`) : sharedDataDir;
      const server = await startGlintServer({
        name,
        port: await freePort(),
        env: { ...env, DATA_DIR: dataDir, SEED: seed },
        logDir: dir,
      });
      servers.push(server);
      return server;
    };
    const count = opts.servers ?? 2;
    const names = Array.from({ length: count }, (_, i) => String.fromCharCode(65 + i));
    log(
      `Starting Glint server ${names[0]}${opts.seed === 'demo' ? ' (it seeds the demo content)' : ''}…`,
    );
    await addServer(names[0], opts.seed ?? 'none');
    await Promise.all(names.slice(1).map((name) => addServer(name)));
    servers.sort((a, b) => a.name.localeCompare(b.name));

    const balancer = await startBalancer({
      port: opts.port ?? (await freePort()),
      backends: servers.map((s) => ({ name: s.name, host: '127.0.0.1', port: s.port })),
      log: (line) =>
        fs.appendFileSync(path.join(dir, 'balancer.log'), `${new Date().toISOString()} ${line}\n`),
    });
    parts.balancer = balancer;
    return {
      url: balancer.url,
      dir,
      servers,
      balancer,
      postgres,
      redis,
      s3,
      env,
      stop: stopAll,
    };
  } catch (err) {
    await stopAll();
    throw err;
  }
}
