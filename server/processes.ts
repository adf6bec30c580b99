import cluster, { type Worker } from 'node:cluster';

/** A process that keeps dying is replaced at most this often. */
const RESTART_DELAY_MS = 1000;
/** How long the processes get to finish their requests after SIGINT/SIGTERM. */
const STOP_TIMEOUT_MS = 12_000;

/**
 * SERVER_PROCESSES=N on one machine. This (primary) process prepares the database once
 * (`prepare`: migrations, the demo seed), then starts N identical server processes — this same
 * program, run by node:cluster — which share the port: the primary hands each new connection to
 * the next process in turn. A process that dies is replaced. SIGINT/SIGTERM stops them all, each
 * letting its in-flight requests finish, then the primary. `ready` runs once every process listens.
 */
export async function runProcesses(
  count: number,
  prepare: () => Promise<void>,
  ready: () => void,
): Promise<void> {
  await prepare();
  let stopping = false;
  let listening = 0;
  const start = (): Worker => {
    const worker = cluster.fork();
    worker.once('listening', () => {
      if (++listening === count) ready();
    });
    worker.on('exit', (code, signal) => {
      if (stopping) return;
      console.error(
        `Server process ${worker.process.pid} stopped (${signal ?? `exit ${code}`}); starting another`,
      );
      setTimeout(start, RESTART_DELAY_MS);
    });
    return worker;
  };
  for (let i = 0; i < count; i++) start();
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    console.log(`${signal}: shutting down ${count} server processes`);
    setTimeout(() => process.exit(1), STOP_TIMEOUT_MS).unref();
    const workers = Object.values(cluster.workers ?? {}).filter((w): w is Worker => Boolean(w));
    let left = workers.length;
    if (left === 0) process.exit(0);
    for (const worker of workers) {
      worker.once('exit', () => {
        if (--left === 0) process.exit(0);
      });
      worker.process.kill('SIGTERM');
    }
  };
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));
}
