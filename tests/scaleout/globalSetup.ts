import type { TestProject } from 'vitest/node';
import { startCluster, type Cluster } from '../../scripts/cluster/start.ts';
import './fixtures.ts';

/**
 * The scale-out suite runs against one real cluster (scripts/cluster): PostgreSQL, Redis and the
 * S3 gateway on loopback, servers A and B, and the balancer. Rate limits are on: one test proves
 * they are shared. SCALEOUT_S3=0 runs it on one shared local DATA_DIR instead of the gateway.
 */
let cluster: Cluster | null = null;

export default async function setup(project: TestProject) {
  cluster = await startCluster({
    servers: 2,
    seed: 'none',
    s3: process.env.SCALEOUT_S3 === '0' ? false : undefined,
    env: { RATE_LIMIT: 'on' },
    log: (message) => console.log(`[cluster] ${message}`),
  });
  project.provide('cluster', {
    url: cluster.url,
    servers: cluster.servers.map((s) => ({ name: s.name, url: s.url, pid: s.daemon.child.pid! })),
    env: cluster.env,
    dir: cluster.dir,
  });
  return async () => {
    await cluster?.stop();
    cluster = null;
  };
}
