import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';

/**
 * A long-running child process of the cluster (PostgreSQL, Redis, a Glint server): its output goes
 * to a log file, never to our stdout/stderr pipes (a parent waiting for a pipe to close would
 * hang), and it runs in its own process group, so Ctrl-C reaches only the cluster script, which
 * then stops the children in order.
 */
export interface Daemon {
  readonly name: string;
  readonly child: ChildProcess;
  readonly logFile: string;
  /** Resolves with the exit code (or the signal's name) once the process has ended. */
  readonly exited: Promise<number | string>;
  /** Sends `signal`, waits for the exit, and kills it after `timeoutMs`. */
  stop(signal?: NodeJS.Signals, timeoutMs?: number): Promise<void>;
}

export interface DaemonOptions {
  logFile: string;
  env?: NodeJS.ProcessEnv;
  cwd?: string;
  /** Run as this user and group (root starting PostgreSQL as postgres). */
  uid?: number;
  gid?: number;
}

const running = new Set<Daemon>();
let exitHookInstalled = false;

/** If the cluster script dies without stopping its children, they die with it. */
function installExitHook(): void {
  if (exitHookInstalled) return;
  exitHookInstalled = true;
  process.on('exit', () => {
    for (const daemon of running) daemon.child.kill('SIGKILL');
  });
}

export function spawnDaemon(
  name: string,
  command: string,
  args: string[],
  opts: DaemonOptions,
): Daemon {
  installExitHook();
  const log = fs.openSync(opts.logFile, 'a');
  const child = spawn(command, args, {
    stdio: ['ignore', log, log],
    env: opts.env ?? process.env,
    cwd: opts.cwd,
    uid: opts.uid,
    gid: opts.gid,
    detached: true,
  });
  fs.closeSync(log);
  const exited = new Promise<number | string>((resolve) => {
    child.once('exit', (code, signal) => resolve(code ?? signal ?? 'unknown'));
    child.once('error', (err) => resolve(`failed to start: ${err.message}`));
  });
  const daemon: Daemon = {
    name,
    child,
    logFile: opts.logFile,
    exited,
    async stop(signal = 'SIGTERM', timeoutMs = 15_000) {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill(signal);
        const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
        await exited;
        clearTimeout(timer);
      }
      running.delete(daemon);
    },
  };
  running.add(daemon);
  void exited.then(() => running.delete(daemon));
  return daemon;
}

/** The last lines of a log file, for error messages. */
export function tailOf(file: string, lines = 20): string {
  try {
    return fs.readFileSync(file, 'utf8').trimEnd().split('\n').slice(-lines).join('\n');
  } catch {
    return '(no log)';
  }
}

/**
 * Polls `ready` until it resolves true; fails at once if the daemon exits meanwhile, or after
 * `timeoutMs`, with the end of its log.
 */
export async function waitUntilReady(
  daemon: Daemon,
  ready: () => Promise<boolean>,
  timeoutMs = 60_000,
): Promise<void> {
  let exit: number | string | undefined;
  void daemon.exited.then((code) => (exit = code));
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (exit !== undefined) {
      throw new Error(`${daemon.name} exited (${exit}):\n${tailOf(daemon.logFile)}`);
    }
    if (await ready().catch(() => false)) return;
    if (Date.now() > deadline) {
      throw new Error(`${daemon.name} did not start in time:\n${tailOf(daemon.logFile)}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** A TCP port on 127.0.0.1 that nothing listens on right now. */
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
