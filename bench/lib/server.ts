/**
 * The project's own server for the bench: built client from dist/, a temporary DATA_DIR, the demo
 * seed, rate limits off (the bench logs in and hammers routes on purpose), loopback only.
 *
 * Seeding takes minutes on a small machine, so the seeded DATA_DIR is made once per size
 * (SEED_MEMBERS, SEED_POSTS) and cached under bench/results/seed-cache/<hash of the size and the
 * seed and migration sources>; every run works on a fresh copy of it (runs like posts and upload
 * files). Stories expire, so the cache lives 12 hours. On PostgreSQL (DATABASE_URL) nothing is
 * cached: the bench empties the database and the server seeds it on start.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { emptyPostgres } from './benchDb';

export interface BenchServer {
  baseUrl: string;
  port: number;
  dataDir: string;
  /** Set when the server runs on PostgreSQL instead of SQLite in dataDir. */
  databaseUrl?: string;
  /** False when the demo seed could not load and the server runs empty (SEED=none). */
  seeded: boolean;
  stop(): Promise<void>;
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

const SEED_CACHE = path.resolve('bench/results/seed-cache');
const SEED_CACHE_HOURS = 12;

async function waitUntilUp(
  url: string,
  child: ChildProcess,
  log: () => string,
  timeoutMs: number,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited (${child.exitCode}):\n${log()}`);
    try {
      const res = await fetch(url);
      if (res.status < 500) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`server did not answer ${url} in ${timeoutMs / 1000} s:\n${log()}`);
}

/** Posts seeded for a full run: demo's feed then holds over 500 of them (it follows ~3/4 of members). */
export const FULL_RUN_SEED_POSTS = 720;

/** How big a demo seed to make: SEED_MEMBERS and SEED_POSTS (the seed's defaults when unset). */
export interface SeedSize {
  members?: number;
  posts?: number;
}

interface StartOptions extends SeedSize {
  dataDir?: string;
  from?: string;
  /** Copy only the database from `from` and point media/ at its media (read-only cases). */
  shareMedia?: boolean;
  databaseUrl?: string;
  timeoutMs?: number;
  /** Several server processes on one port (SERVER_PROCESSES), sharing state through redisUrl. */
  processes?: { count: number; redisUrl: string };
}

/** A copy of a seeded DATA_DIR; with shareMedia the (large, hard-linked) media tree is shared. */
function copyDataDir(from: string, to: string, shareMedia: boolean): void {
  if (!shareMedia) {
    fs.cpSync(from, to, { recursive: true });
    return;
  }
  for (const name of fs.readdirSync(from)) {
    if (name === 'media') fs.symlinkSync(path.join(from, name), path.join(to, name), 'dir');
    else fs.cpSync(path.join(from, name), path.join(to, name), { recursive: true });
  }
}

async function startOnce(seed: 'demo' | 'none', options: StartOptions = {}): Promise<BenchServer> {
  const port = await freePort();
  const dataDir = options.dataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'glint-bench-'));
  if (options.from) copyDataDir(options.from, dataDir, options.shareMedia ?? false);
  let output = '';
  // BENCH_SERVER_NODE_ARGS (e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof`): Node flags for the
  // servers the bench starts, such as a profiler's (Node refuses those in NODE_OPTIONS).
  const nodeArgs = (process.env.BENCH_SERVER_NODE_ARGS ?? '').split(' ').filter(Boolean);
  const child = spawn(process.execPath, [...nodeArgs, '--import', 'tsx', 'server/main.ts'], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: options.databaseUrl ?? '',
      SEED: seed,
      SEED_POSTS: options.posts ? String(options.posts) : '',
      SEED_MEMBERS: options.members ? String(options.members) : '',
      NODE_ENV: 'test',
      RATE_LIMIT: 'off',
      LOG_REQUESTS: '0',
      SERVER_PROCESSES: String(options.processes?.count ?? 1),
      REDIS_URL: options.processes?.redisUrl ?? process.env.REDIS_URL ?? '',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-4000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const baseUrl = `http://127.0.0.1:${port}`;
  const stop = async () => {
    if (child.exitCode === null) {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await Promise.race([exited, new Promise((r) => setTimeout(r, 5000))]);
      if (child.exitCode === null) child.kill('SIGKILL');
    }
    if (!options.dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    await waitUntilUp(
      `${baseUrl}/accounts/login/`,
      child,
      () => output,
      options.timeoutMs ?? 120_000,
    );
    // The first process may answer before the others listen: wait until all of them do.
    const processes = options.processes?.count ?? 1;
    while (processes > 1 && !output.includes(`(${processes} server processes)`)) {
      if (child.exitCode !== null) throw new Error(`server exited (${child.exitCode}):\n${output}`);
      await new Promise((r) => setTimeout(r, 100));
    }
  } catch (error) {
    await stop();
    throw error;
  }
  return {
    baseUrl,
    port,
    dataDir,
    ...(options.databaseUrl ? { databaseUrl: options.databaseUrl } : {}),
    seeded: seed === 'demo',
    stop,
  };
}

function filesUnder(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((d) => d.isFile())
    .map((d) => path.join(d.parentPath, d.name))
    .sort();
}

function seedHash({ members, posts }: SeedSize): string {
  const hash = crypto
    .createHash('sha256')
    .update(`posts:${posts ?? 'default'}`)
    // The demo-sized key stays what it was before SEED_MEMBERS existed.
    .update(members ? `members:${members}` : '');
  for (const file of [...filesUnder('server/seed'), ...filesUnder('server/db')]) {
    hash.update(file).update(fs.readFileSync(file));
  }
  return hash.digest('hex').slice(0, 16);
}

/** The cached seeded DATA_DIR, made now if missing or stale; null when the seed cannot load. */
async function seededDataDir(log: (line: string) => void, size: SeedSize): Promise<string | null> {
  pruneSeedCache();
  const dir = path.join(SEED_CACHE, seedHash(size));
  const marker = path.join(dir, 'bench-seed.json');
  if (fs.existsSync(marker)) {
    const { createdAt } = JSON.parse(fs.readFileSync(marker, 'utf8')) as { createdAt: number };
    if (Date.now() - createdAt < SEED_CACHE_HOURS * 3600_000) return dir;
  }
  fs.rmSync(dir, { recursive: true, force: true });
  fs.mkdirSync(dir, { recursive: true });
  const what = [size.members && `${size.members} members`, size.posts && `${size.posts} posts`]
    .filter(Boolean)
    .join(', ');
  log(
    `seeding a demo DATA_DIR${what ? ` (${what})` : ''} for the bench ` +
      '(once; cached under bench/results/seed-cache) …',
  );
  const started = Date.now();
  try {
    // The 100× seed (3 000 members, 20 000 posts) takes far longer than the demo.
    const big = (size.posts ?? 0) > 2000 || (size.members ?? 0) > 300;
    const seeding = await startOnce('demo', {
      dataDir: dir,
      timeoutMs: big ? 3_600_000 : 900_000,
      ...size,
    });
    await seeding.stop();
  } catch (error) {
    fs.rmSync(dir, { recursive: true, force: true });
    const reason = /demo seed.*/i.exec(String(error));
    if (!reason) throw error;
    log(reason[0].slice(0, 300));
    return null;
  }
  fs.writeFileSync(marker, JSON.stringify({ createdAt: Date.now() }));
  log(`seeded in ${((Date.now() - started) / 1000).toFixed(0)} s`);
  return dir;
}

/** Cache entries a day old (twice their life, so none still in use) go: sizes do not pile up. */
function pruneSeedCache(): void {
  if (!fs.existsSync(SEED_CACHE)) return;
  for (const name of fs.readdirSync(SEED_CACHE)) {
    const dir = path.join(SEED_CACHE, name);
    const marker = path.join(dir, 'bench-seed.json');
    try {
      const born = fs.existsSync(marker)
        ? (JSON.parse(fs.readFileSync(marker, 'utf8')) as { createdAt: number }).createdAt
        : fs.statSync(dir).mtimeMs;
      if (Date.now() - born > 2 * SEED_CACHE_HOURS * 3600_000) {
        fs.rmSync(dir, { recursive: true, force: true });
      }
    } catch {
      // Another run is using or removing it.
    }
  }
}

export interface ServerOptions extends SeedSize {
  /** The database copy only, media shared with the cache (for cases that never write media). */
  shareMedia?: boolean;
  /**
   * postgres://…: run on PostgreSQL. The bench empties that database (see emptyPostgres) and the
   * server seeds it on start: nothing is cached, so this costs a full seed every time.
   */
  databaseUrl?: string;
  /** SQLite only: several server processes sharing the port and a Redis (SERVER_PROCESSES). */
  processes?: StartOptions['processes'];
}

/** Starts on a copy of the seeded DATA_DIR; if the seed cannot load, starts empty and says so. */
export async function startServer(
  log: (line: string) => void,
  options: ServerOptions = {},
): Promise<BenchServer> {
  const size = { members: options.members, posts: options.posts };
  if (options.databaseUrl) {
    await emptyPostgres(options.databaseUrl);
    log('seeding PostgreSQL (not cached) …');
    const started = Date.now();
    const server = await startOnce('demo', {
      ...size,
      databaseUrl: options.databaseUrl,
      timeoutMs: 900_000,
    });
    log(`PostgreSQL seeded and serving in ${((Date.now() - started) / 1000).toFixed(0)} s`);
    return server;
  }
  const seeded = await seededDataDir(log, size);
  if (seeded) {
    return startOnce('demo', {
      from: seeded,
      shareMedia: options.shareMedia,
      processes: options.processes,
    });
  }
  log('demo seed unavailable: starting the server empty (cases that need posts are skipped)');
  return startOnce('none');
}
