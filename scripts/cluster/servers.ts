import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { spawnDaemon, waitUntilReady, type Daemon } from './daemon.ts';

export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export interface GlintServer {
  name: string;
  port: number;
  /** http://127.0.0.1:port, the server itself (not through the balancer). */
  url: string;
  daemon: Daemon;
  /** Graceful: SIGTERM, in-flight requests finish (server/main.ts closes within 10 s). */
  stop(): Promise<void>;
  /** A crash: SIGKILL, nothing finishes. */
  kill(): Promise<void>;
}

/**
 * One Glint server process (`server/main.ts` through tsx) on 127.0.0.1:port with `env` on top of
 * ours; resolves once /api/health/ answers (migrations and any seeding are done by then).
 */
export async function startGlintServer(opts: {
  name: string;
  port: number;
  env: Record<string, string>;
  logDir: string;
  /** Seeding 200 posts takes a while on a busy machine. */
  timeoutMs?: number;
}): Promise<GlintServer> {
  const env: NodeJS.ProcessEnv = { ...process.env, ...opts.env, PORT: String(opts.port) };
  env.HOST = '127.0.0.1';
  const daemon = spawnDaemon(
    `Glint server ${opts.name}`,
    process.execPath,
    ['--import', 'tsx', 'server/main.ts'],
    { logFile: path.join(opts.logDir, `server-${opts.name}.log`), env, cwd: REPO_ROOT },
  );
  const url = `http://127.0.0.1:${opts.port}`;
  await waitUntilReady(
    daemon,
    async () => (await fetch(`${url}/api/health/`)).ok,
    opts.timeoutMs ?? 300_000,
  );
  return {
    name: opts.name,
    port: opts.port,
    url,
    daemon,
    stop: () => daemon.stop('SIGTERM'),
    kill: () => daemon.stop('SIGKILL'),
  };
}
