// Runs one command with an S3 gateway (scripts/cluster/ceph.ts) and Redis on loopback, their S3_*
// variables and REDIS_URL in the command's environment, then stops both; exits with the command's
// status. .ci/run uses it for the S3 server tests (the tus locker's need Redis):
//   npx tsx scripts/cluster/withS3.ts npx vitest run --project server tests/server/s3-
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { REDIS, ensureDebianPackages } from './apt.ts';
import { freePort } from './daemon.ts';
import { startRedis } from './redis.ts';

const command = process.argv.slice(2);
if (command.length === 0) {
  console.error('usage: tsx scripts/cluster/withS3.ts <command> [args…]');
  process.exit(2);
}
const ceph = (await import(new URL('./ceph.ts', import.meta.url).href)) as {
  ensureCephInstalled(): Promise<void> | void;
  startCeph(opts: { dir: string; port: number }): Promise<{
    endpoint: string;
    region: string;
    accessKeyId: string;
    secretAccessKey: string;
    stop(): Promise<void>;
  }>;
};
await ceph.ensureCephInstalled();
ensureDebianPackages([REDIS]);
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'glint-s3-'));
const cephDir = path.join(dir, 'ceph');
fs.mkdirSync(cephDir);
const [gateway, redis] = await Promise.all([
  freePort().then((port) => ceph.startCeph({ dir: cephDir, port })),
  freePort().then((port) => startRedis({ dir, port })),
]);
let status = 1;
try {
  const child = spawn(command[0], command.slice(1), {
    stdio: 'inherit',
    env: {
      ...process.env,
      S3_ENDPOINT: gateway.endpoint,
      S3_REGION: gateway.region,
      S3_BUCKET: process.env.S3_BUCKET ?? 'glint',
      S3_ACCESS_KEY_ID: gateway.accessKeyId,
      S3_SECRET_ACCESS_KEY: gateway.secretAccessKey,
      S3_FORCE_PATH_STYLE: 'true',
      REDIS_URL: redis.url,
    },
  });
  status = await new Promise<number>((resolve) => {
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
    child.on('error', () => resolve(127));
  });
} finally {
  await gateway.stop();
  await redis.stop();
  fs.rmSync(dir, { recursive: true, force: true });
}
process.exit(status);
