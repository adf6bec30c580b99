/**
 * `--cluster`: the upload and api cases run a second time against scripts/cluster (two Glint
 * servers behind the round-robin balancer, on PostgreSQL, Redis and the S3 gateway when its
 * launcher is there), seeded like the embedded server, so the cost of the shared engines shows
 * beside the embedded defaults (SQLite, local disk, in-process limits).
 */
import { startCluster } from '../../scripts/cluster/start';
import type { BenchServer } from './server';
import type { CaseOutcome } from './types';

/** The cases that can run against the cluster. */
export const CLUSTER_CASES = ['upload', 'api'];

export interface BenchCluster {
  server: BenchServer;
  /** e.g. "cluster: 2 servers + balancer, PostgreSQL, Redis, S3 gateway" */
  label: string;
  stop(): Promise<void>;
}

export async function startBenchCluster(
  log: (line: string) => void,
  seedPosts: number | undefined,
): Promise<BenchCluster> {
  const started = Date.now();
  log('starting the cluster (PostgreSQL, Redis, S3 gateway, 2 servers, balancer) …');
  const cluster = await startCluster({
    servers: 2,
    seed: 'demo',
    // As the embedded bench server: limits off (the bench hammers routes), no request log.
    env: {
      NODE_ENV: 'test',
      RATE_LIMIT: 'off',
      LOG_REQUESTS: '0',
      SEED_POSTS: seedPosts ? String(seedPosts) : '',
    },
    log,
  });
  log(`cluster seeded and serving in ${((Date.now() - started) / 1000).toFixed(0)} s`);
  const engines = ['PostgreSQL', 'Redis', cluster.s3 ? 'S3 gateway' : 'shared local disk'];
  return {
    server: {
      baseUrl: cluster.url,
      port: cluster.balancer.port,
      dataDir: cluster.dir,
      databaseUrl: cluster.env.DATABASE_URL,
      seeded: true,
      stop: () => cluster.stop(),
    },
    label: `cluster: ${cluster.servers.length} servers + balancer, ${engines.join(', ')}`,
    stop: () => cluster.stop(),
  };
}

/** Renames a case's outcome and rows (`api` → `api@cluster`) so both runs sit in one report. */
export function asClusterOutcome(outcome: CaseOutcome, label: string): CaseOutcome {
  const name = `${outcome.name}@cluster`;
  return {
    ...outcome,
    name,
    title: `${outcome.title} — ${label}`,
    entries: outcome.entries.map((e) => ({ ...e, case: name })),
  };
}
