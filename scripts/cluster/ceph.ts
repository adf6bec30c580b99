/**
 * A throwaway S3-compatible store on loopback: Debian's Ceph RADOS Gateway over a single-node
 * cluster (one monitor, one memstore OSD: data in RAM, no block device). Every path (config,
 * keyring, monitor and OSD data, sockets, logs) is inside `dir`; nothing touches /etc/ceph or
 * /var/lib/ceph. See DESIGN.md "Running on more than one machine" for the measured facts this
 * follows (paxos settings, start order, stop order, loopback-only binding).
 *
 *   npx tsx scripts/cluster/ceph.ts [--port 7480] [--dir /tmp/somewhere]
 *
 * starts it, prints the S3_* variables for a Glint server, and stops it on Ctrl-C / SIGTERM.
 * (`npx` does not pass a SIGTERM on: signal the tsx process, or run it with `node --import tsx`.)
 */
import { spawn, execFile, type ChildProcess } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { pathToFileURL } from 'node:url';

const run = promisify(execFile);

export interface CephGateway {
  /** http://127.0.0.1:port */
  endpoint: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** Stops the gateway, then the OSD, then the monitor. Safe to call twice. */
  stop(): Promise<void>;
}

export interface CephOptions {
  /** An empty (or missing) folder that holds everything the cluster writes. */
  dir: string;
  /** The gateway's port on 127.0.0.1. */
  port: number;
  /** Most milliseconds to wait for each step (default 60 s). */
  timeoutMs?: number;
}

const PACKAGES = ['ceph-mon', 'ceph-osd', 'radosgw', 'ceph-common'];
const REGION = 'us-east-1';
const S3_USER = 'glint';

async function onPath(command: string): Promise<boolean> {
  try {
    await run('sh', ['-c', `command -v ${command}`]);
    return true;
  } catch {
    return false;
  }
}

/** Installs Debian's Ceph packages when `radosgw` is missing (the machine is root). */
export async function ensureCephInstalled(): Promise<void> {
  const tools = [
    'radosgw',
    'radosgw-admin',
    'ceph-mon',
    'ceph-osd',
    'ceph',
    'monmaptool',
    'ceph-authtool',
  ];
  if ((await Promise.all(tools.map(onPath))).every(Boolean)) return;
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  const install = () =>
    run('apt-get', ['install', '-y', '--no-install-recommends', ...PACKAGES], {
      env,
      maxBuffer: 64 * 1024 * 1024,
    });
  try {
    await install();
  } catch {
    // A fresh machine may have no package lists yet.
    await run('apt-get', ['update'], { env, maxBuffer: 64 * 1024 * 1024 });
    await install();
  }
}

/** A free TCP port on 127.0.0.1 (for the monitor; the caller picks the gateway's). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

function cephConf(dir: string, fsid: string, monPort: number, gatewayPort: number): string {
  return `[global]
fsid = ${fsid}
mon host = [v2:127.0.0.1:${monPort}]
public addr = 127.0.0.1
cluster addr = 127.0.0.1
ms bind msgr1 = false
ms bind ipv6 = false
keyring = ${dir}/keyring
run dir = ${dir}/run
admin socket = ${dir}/run/$name.asok
pid file = ${dir}/run/$name.pid
log file = ${dir}/log/$name.log
log to stderr = false
err to stderr = false
mon cluster log file = ${dir}/log/cluster.log
crash dir = ${dir}/crash
osd pool default size = 1
osd pool default min size = 1
osd pool default pg num = 8
osd pool default pgp num = 8
osd crush chooseleaf type = 0
mon allow pool size one = true
mon allow pool delete = true
mon max pg per osd = 1000
mon warn on pool no redundancy = false
auth allow insecure global id reclaim = false

[mon]
mon data = ${dir}/mon.$id
# The default one-second batching makes every pool creation cost a second (DESIGN.md).
paxos propose interval = 0.01
paxos min wait = 0.001

[osd]
osd data = ${dir}/osd.$id
osd objectstore = memstore
memstore device bytes = 4294967296
osd max object name len = 460
osd max object namespace len = 64

[client]
rgw data = ${dir}/rgw
rgw frontends = beast endpoint=127.0.0.1:${gatewayPort}
rgw dns name = 127.0.0.1
`;
}

interface Daemon {
  name: string;
  child: ChildProcess;
  exited: Promise<void>;
}

/** Starts a daemon in the foreground of its own process group, its output in a log file. */
function startDaemon(dir: string, name: string, command: string, args: string[]): Daemon {
  // Never the caller's stdout/stderr: a parent waiting for those pipes to close would hang.
  const out = fs.openSync(path.join(dir, 'log', `${name}.out`), 'a');
  const child = spawn(command, args, { stdio: ['ignore', out, out], detached: true });
  fs.closeSync(out);
  const exited = new Promise<void>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve();
    else child.once('exit', () => resolve());
  });
  return { name, child, exited };
}

async function stopDaemon(daemon: Daemon, graceMs = 10_000): Promise<void> {
  const { child } = daemon;
  if (child.exitCode !== null || child.signalCode !== null) return;
  child.kill('SIGTERM');
  let timer: NodeJS.Timeout | undefined;
  const timedOut = new Promise<boolean>((resolve) => {
    timer = setTimeout(() => resolve(true), graceMs);
  });
  const late = await Promise.race([daemon.exited.then(() => false), timedOut]);
  clearTimeout(timer);
  if (late) {
    child.kill('SIGKILL');
    await daemon.exited;
  }
}

/** Polls `check` until it returns a value, failing with `what` and the daemon logs at the deadline. */
async function waitFor<T>(
  what: string,
  deadline: number,
  daemons: Daemon[],
  check: () => Promise<T | undefined>,
): Promise<T> {
  for (let delay = 20; ; delay = Math.min(delay * 2, 250)) {
    const dead = daemons.find((d) => d.child.exitCode !== null || d.child.signalCode !== null);
    if (dead) throw new Error(`ceph: ${dead.name} exited while waiting for ${what}`);
    const value = await check().catch(() => undefined);
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`ceph: timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, delay));
  }
}

/**
 * Starts a single-node Ceph cluster and its RADOS Gateway on 127.0.0.1:port, with an S3 user.
 * Order (DESIGN.md): monitor, OSD, wait until the OSD is active, then the gateway, so its first
 * requests are not left to a 5-second retry.
 */
export async function startCeph(options: CephOptions): Promise<CephGateway> {
  const dir = path.resolve(options.dir);
  const deadline = () => Date.now() + (options.timeoutMs ?? 60_000);
  for (const sub of ['run', 'log', 'crash', 'rgw', 'mon.a', 'osd.0']) {
    await fsp.mkdir(path.join(dir, sub), { recursive: true });
  }
  const conf = path.join(dir, 'ceph.conf');
  const fsid = randomUUID();
  const monPort = await freePort();
  await fsp.writeFile(conf, cephConf(dir, fsid, monPort, options.port));
  const withConf = (...args: string[]) => ['-c', conf, ...args];
  const ceph = async (...args: string[]) =>
    (await run('ceph', withConf('--connect-timeout', '10', ...args))).stdout;

  // One keyring for the monitor, the admin client (also used by the gateway) and the OSD;
  // the monitor's mkfs imports every key in it with its caps.
  const keyring = path.join(dir, 'keyring');
  const authtool = (...args: string[]) => run('ceph-authtool', [keyring, ...args]);
  await authtool('--create-keyring', '--gen-key', '-n', 'mon.', '--cap', 'mon', 'allow *');
  await authtool(
    '--gen-key',
    '-n',
    'client.admin',
    ...['--cap', 'mon', 'allow *', '--cap', 'osd', 'allow *', '--cap', 'mgr', 'allow *'],
  );
  await authtool(
    '--gen-key',
    '-n',
    'osd.0',
    ...['--cap', 'mon', 'allow profile osd', '--cap', 'osd', 'allow *', '--cap', 'mgr', 'allow *'],
  );
  const monmap = path.join(dir, 'monmap');
  await run('monmaptool', [
    '--create',
    '--fsid',
    fsid,
    '--addv',
    'a',
    `[v2:127.0.0.1:${monPort}]`,
    monmap,
  ]);
  await run('ceph-mon', withConf('--mkfs', '-i', 'a', '--monmap', monmap, '--keyring', keyring));

  const daemons: Daemon[] = [];
  let stopped: Promise<void> | undefined;
  const killAll = () => {
    for (const d of daemons) if (d.child.exitCode === null) d.child.kill('SIGKILL');
  };
  // A caller that dies without stop() must not leave daemons behind.
  process.once('exit', killAll);
  const stop = () =>
    (stopped ??= (async () => {
      // The gateway first: stopped together with the OSD and monitor it can hang until killed.
      for (const daemon of [...daemons].reverse()) await stopDaemon(daemon);
      process.off('exit', killAll);
    })());

  try {
    daemons.push(startDaemon(dir, 'mon.a', 'ceph-mon', withConf('-f', '-i', 'a')));
    await waitFor('the monitor', deadline(), daemons, async () => {
      await ceph('mon', 'stat');
      return true;
    });

    const osdUuid = randomUUID();
    const id = (await ceph('osd', 'new', osdUuid)).trim();
    if (id !== '0') throw new Error(`ceph: expected OSD id 0, got "${id}"`);
    await run('ceph-osd', withConf('--mkfs', '-i', '0', '--osd-uuid', osdUuid));
    daemons.push(startDaemon(dir, 'osd.0', 'ceph-osd', withConf('-f', '-i', '0')));
    const osdSocket = path.join(dir, 'run', 'osd.0.asok');
    await waitFor('the OSD to be active', deadline(), daemons, async () => {
      const { stdout } = await run('ceph', ['--admin-daemon', osdSocket, 'status']);
      return (JSON.parse(stdout) as { state?: string }).state === 'active' ? true : undefined;
    });
    await waitFor('the OSD to be up and in', deadline(), daemons, async () => {
      const stat = JSON.parse(await ceph('osd', 'stat', '--format', 'json')) as {
        num_up_osds?: number;
        num_in_osds?: number;
      };
      return stat.num_up_osds === 1 && stat.num_in_osds === 1 ? true : undefined;
    });

    daemons.push(
      startDaemon(dir, 'radosgw', 'radosgw', withConf('-f', '-n', 'client.admin', '--id', 'admin')),
    );
    const accessKeyId = randomBytes(10).toString('hex').toUpperCase();
    const secretAccessKey = randomBytes(20).toString('base64url');
    await waitFor('the S3 user', deadline(), daemons, async () => {
      await run(
        'radosgw-admin',
        withConf(
          'user',
          'create',
          `--uid=${S3_USER}`,
          '--display-name=Glint',
          `--access-key=${accessKeyId}`,
          `--secret-key=${secretAccessKey}`,
        ),
      );
      return true;
    });
    const endpoint = `http://127.0.0.1:${options.port}`;
    await waitFor('the gateway to answer', deadline(), daemons, async () => {
      const response = await fetch(endpoint, { signal: AbortSignal.timeout(2000) });
      return response.status < 500 ? true : undefined;
    });
    return { endpoint, region: REGION, accessKeyId, secretAccessKey, stop };
  } catch (error) {
    await stop();
    const logs = await fsp.readdir(path.join(dir, 'log')).catch(() => []);
    throw new Error(
      `${(error as Error).message} (logs: ${path.join(dir, 'log')}: ${logs.join(', ')})`,
      {
        cause: error,
      },
    );
  }
}

function argValue(name: string): string | undefined {
  const at = process.argv.indexOf(name);
  return at >= 0 ? process.argv[at + 1] : undefined;
}

async function main() {
  const port = Number(argValue('--port') ?? process.env.S3_PORT ?? 7480);
  const givenDir = argValue('--dir');
  const dir = givenDir ?? (await fsp.mkdtemp(path.join(os.tmpdir(), 'glint-ceph-')));
  await ensureCephInstalled();
  const started = Date.now();
  const gateway = await startCeph({ dir, port });
  const bucket = process.env.S3_BUCKET ?? 'glint';
  console.log(`Ceph RADOS Gateway ready in ${Date.now() - started} ms (files in ${dir})`);
  console.log(`S3_ENDPOINT=${gateway.endpoint}`);
  console.log(`S3_REGION=${gateway.region}`);
  console.log(`S3_BUCKET=${bucket}`);
  console.log(`S3_ACCESS_KEY_ID=${gateway.accessKeyId}`);
  console.log(`S3_SECRET_ACCESS_KEY=${gateway.secretAccessKey}`);
  console.log('S3_FORCE_PATH_STYLE=true');
  console.log('Ctrl-C stops it.');
  let stopping = false;
  const shutdown = async () => {
    if (stopping) return;
    stopping = true;
    await gateway.stop();
    if (!givenDir) await fsp.rm(dir, { recursive: true, force: true });
    process.exit(0);
  };
  process.on('SIGINT', shutdown);
  process.on('SIGTERM', shutdown);
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  main().catch((error) => {
    console.error(error);
    process.exit(1);
  });
}
