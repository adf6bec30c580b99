/**
 * The project's own server for the bench: built client from dist/, a temporary DATA_DIR, the demo
 * seed, rate limits off (the bench logs in and hammers routes on purpose), loopback only.
 *
 * Seeding takes minutes on a small machine, so the seeded DATA_DIR is made once and cached under
 * bench/results/seed-cache/<hash of the seed and migration sources>; every run works on a fresh
 * copy of it (runs like posts and upload files). Stories expire, so the cache lives 12 hours.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

export interface BenchServer {
  baseUrl: string;
  port: number;
  dataDir: string;
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

async function startOnce(
  seed: 'demo' | 'none',
  options: { dataDir?: string; from?: string; timeoutMs?: number; posts?: number } = {},
): Promise<BenchServer> {
  const port = await freePort();
  const dataDir = options.dataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'glint-bench-'));
  if (options.from) fs.cpSync(options.from, dataDir, { recursive: true });
  let output = '';
  const child = spawn(path.resolve('node_modules/.bin/tsx'), ['server/main.ts'], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      SEED: seed,
      SEED_POSTS: options.posts ? String(options.posts) : '',
      NODE_ENV: 'test',
      RATE_LIMIT: 'off',
      LOG_REQUESTS: '0',
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
  } catch (error) {
    await stop();
    throw error;
  }
  return { baseUrl, port, dataDir, seeded: seed === 'demo', stop };
}

function filesUnder(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((d) => d.isFile())
    .map((d) => path.join(d.parentPath, d.name))
    .sort();
}

function seedHash(posts: number | undefined): string {
  const hash = crypto.createHash('sha256').update(`posts:${posts ?? 'default'}`);
  for (const file of [...filesUnder('server/seed'), ...filesUnder('server/db')]) {
    hash.update(file).update(fs.readFileSync(file));
  }
  return hash.digest('hex').slice(0, 16);
}

/** The cached seeded DATA_DIR, made now if missing or stale; null when the seed cannot load. */
async function seededDataDir(
  log: (line: string) => void,
  posts: number | undefined,
): Promise<string | null> {
  const dir = path.join(SEED_CACHE, seedHash(posts));
  const marker = path.join(dir, 'bench-seed.json');
  if (fs.existsSync(marker)) {
    const { createdAt } = JSON.parse(fs.readFileSync(marker, 'utf8')) as { createdAt: number };
    if (Date.now() - createdAt < SEED_CACHE_HOURS * 3600_000) return dir;
  }
  fs.rmSync(dir, { recursive: true, force: true });
  fs.mkdirSync(dir, { recursive: true });
  log('seeding a demo DATA_DIR for the bench (once; cached under bench/results/seed-cache) …');
  const started = Date.now();
  try {
    const seeding = await startOnce('demo', { dataDir: dir, timeoutMs: 900_000, posts });
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

/** Starts on a copy of the seeded DATA_DIR; if the seed cannot load, starts empty and says so. */
export async function startServer(
  log: (line: string) => void,
  options: { posts?: number } = {},
): Promise<BenchServer> {
  const seeded = await seededDataDir(log, options.posts);
  if (seeded) return startOnce('demo', { from: seeded });
  log('demo seed unavailable: starting the server empty (cases that need posts are skipped)');
  return startOnce('none');
}
