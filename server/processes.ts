import cluster, { type Worker } from 'node:cluster';

/** Set in the environment of the processes runProcesses starts. */
export const SERVER_PROCESS_ENV = 'GLINT_SERVER_PROCESS';
/** True in a process started by runProcesses (not under another cluster manager). */
export const isServerProcess = () => process.env[SERVER_PROCESS_ENV] === '1';

/** A process that dies after it served is replaced after this, doubling while they keep dying. */
const RESTART_DELAY_MS = 1000;
const MAX_RESTART_DELAY_MS = 30_000;
/** How long the processes get to finish their requests after SIGINT/SIGTERM. */
const STOP_TIMEOUT_MS = 12_000;

/**
 * SERVER_PROCESSES=N on one machine. This (primary) process prepares the database once
 * (`prepare`: migrations, the demo seed), then starts N identical server processes — this same
 * program, run by node:cluster — which share the port: the primary hands each new connection to
 * the next process in turn. `ready` runs once all N listen. A process that dies after listening is
 * replaced (after 1 s, doubling up to 30 s while replacements keep dying); one that dies before it
 * ever listened (port taken, bad settings) stops them all with exit code 1, as a single server
 * would. SIGINT/SIGTERM stops them all, each letting its in-flight requests finish, then this one.
 */
export async function runProcesses(
  count: number,
  prepare: () => Promise<void>,
  ready: () => void,
): Promise<void> {
  await prepare();
  let stopping = false;
  let announced = false;
  let restartDelay = RESTART_DELAY_MS;
  const listening = new Set<number>();
  const timers = new Set<NodeJS.Timeout>();
  const live = () => Object.values(cluster.workers ?? {}).filter((w): w is Worker => Boolean(w));

  const stop = (why: string, code: number) => {
    if (stopping) return;
    stopping = true;
    for (const timer of timers) clearTimeout(timer);
    console.log(`${why}: shutting down ${count} server processes`);
    setTimeout(() => process.exit(code || 1), STOP_TIMEOUT_MS).unref();
    const workers = live();
    let left = workers.length;
    if (left === 0) process.exit(code);
    for (const worker of workers) {
      worker.once('exit', () => {
        if (--left === 0) process.exit(code);
      });
      worker.process.kill('SIGTERM');
    }
  };

  const start = () => {
    const worker = cluster.fork({ [SERVER_PROCESS_ENV]: '1' });
    let served = false;
    worker.once('listening', () => {
      served = true;
      restartDelay = RESTART_DELAY_MS;
      listening.add(worker.id);
      if (!announced && listening.size === count) {
        announced = true;
        ready();
      }
    });
    worker.on('exit', (code, signal) => {
      listening.delete(worker.id);
      if (stopping) return;
      const how = signal ?? `exit ${code}`;
      if (!served) {
        stop(`Server process ${worker.process.pid} stopped before it listened (${how})`, 1);
        return;
      }
      console.error(`Server process ${worker.process.pid} stopped (${how}); starting another`);
      const timer = setTimeout(() => {
        timers.delete(timer);
        if (!stopping) start();
      }, restartDelay);
      timers.add(timer);
      restartDelay = Math.min(restartDelay * 2, MAX_RESTART_DELAY_MS);
    });
  };

  for (let i = 0; i < count; i++) start();
  process.on('SIGINT', () => stop('SIGINT', 0));
  process.on('SIGTERM', () => stop('SIGTERM', 0));
}
