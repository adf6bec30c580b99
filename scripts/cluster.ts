// `npm run cluster`: Glint as two stateless servers behind a load balancer on this machine, on
// PostgreSQL, Redis and (when its launcher is there) an S3 gateway, all on loopback and all
// thrown away on Ctrl-C. See README "Running on several machines".
//
//   npm run cluster                      # balancer on :3000, two servers, demo content
//   npm run cluster -- --port 8080 --servers 3 --seed none --no-s3
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { REPO_ROOT } from './cluster/servers.ts';
import { startCluster } from './cluster/start.ts';

const { values } = parseArgs({
  options: {
    port: { type: 'string', default: process.env.PORT ?? '3000' },
    servers: { type: 'string', default: '2' },
    seed: { type: 'string', default: 'demo' },
    'no-s3': { type: 'boolean', default: false },
  },
});
const port = Number(values.port);
const servers = Number(values.servers);
if (!Number.isInteger(port) || port < 1 || port > 65535) throw new Error('--port: a TCP port');
if (!Number.isInteger(servers) || servers < 1 || servers > 8) throw new Error('--servers: 1 to 8');
if (values.seed !== 'demo' && values.seed !== 'none') throw new Error('--seed: demo or none');

const log = (message: string) => console.log(message);

if (!fs.existsSync(path.join(REPO_ROOT, 'dist', 'index.html'))) {
  log('Building the client (dist/ is missing)…');
  execFileSync('npx', ['vite', 'build'], { cwd: REPO_ROOT, stdio: 'inherit' });
}

const cluster = await startCluster({
  port,
  servers,
  seed: values.seed,
  s3: values['no-s3'] ? false : undefined,
  log,
});

let stopping = false;
const stop = (signal: string) => {
  if (stopping) return;
  stopping = true;
  log(
    `\n${signal}: stopping the servers, the balancer, ${cluster.s3 ? 'the S3 gateway, ' : ''}Redis and PostgreSQL…`,
  );
  cluster.stop().then(
    () => process.exit(0),
    (err: unknown) => {
      console.error(err);
      process.exit(1);
    },
  );
};
process.on('SIGINT', () => stop('SIGINT'));
process.on('SIGTERM', () => stop('SIGTERM'));

const publicUrl = `http://localhost:${cluster.balancer.port}`;
log('');
log(`Glint is running at ${publicUrl} (a load balancer over ${cluster.servers.length} servers)`);
for (const server of cluster.servers) log(`  server ${server.name}: ${server.url}`);
log(`  PostgreSQL: ${cluster.env.DATABASE_URL}`);
log(`  Redis: ${cluster.env.REDIS_URL}`);
log(
  cluster.s3
    ? `  S3 gateway: ${cluster.s3.endpoint} (bucket glint)`
    : '  media: one shared local DATA_DIR (no S3 gateway)',
);
log(`  logs: ${cluster.dir}`);
if (values.seed === 'demo') log('Demo login: demo / glint-demo');
log('Ctrl-C stops everything and deletes the data.');
