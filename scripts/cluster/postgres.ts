import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { postgresBin } from './apt.ts';
import { spawnDaemon, waitUntilReady } from './daemon.ts';

export interface PostgresHandle {
  port: number;
  /** postgres://postgres@127.0.0.1:port/<database> */
  url(database: string): string;
  createDatabase(name: string): Promise<string>;
  stop(): Promise<void>;
}

/** PostgreSQL refuses to run as root: root runs it as the postgres user, as .ci/run does. */
function runAs(): { uid: number; gid: number } | undefined {
  if (process.getuid?.() !== 0) return undefined;
  const id = (flag: string) => Number(execFileSync('id', [flag, 'postgres']).toString().trim());
  return { uid: id('-u'), gid: id('-g') };
}

async function query(url: string, text: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  client.on('error', () => {});
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

/**
 * A throwaway PostgreSQL cluster: initdb into `dir`/pg, the server in the foreground on
 * 127.0.0.1:port (its socket in the data folder, so nothing touches /var/run/postgresql).
 * Durability is off (fsync, synchronous commit, full page writes): the data lives in a temporary
 * folder that stop() leaves to the caller to delete, and a crash loses the cluster anyway.
 */
export async function startPostgres(opts: { dir: string; port: number }): Promise<PostgresHandle> {
  const bin = postgresBin();
  if (!bin) throw new Error('PostgreSQL is not installed (apt-get install postgresql).');
  const user = runAs();
  const dataDir = path.join(opts.dir, 'pg');
  fs.mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  if (user) {
    fs.chmodSync(opts.dir, 0o711); // the postgres user must reach its folder inside ours
    fs.chownSync(dataDir, user.uid, user.gid);
  }
  const initdb = spawnSync(
    path.join(bin, 'initdb'),
    ['-D', dataDir, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--no-sync'],
    { ...user, encoding: 'utf8', cwd: dataDir },
  );
  if (initdb.status !== 0) throw new Error(`initdb failed:\n${initdb.stderr || initdb.stdout}`);

  const daemon = spawnDaemon(
    'postgres',
    path.join(bin, 'postgres'),
    [
      ...['-D', dataDir, '-h', '127.0.0.1', '-p', String(opts.port), '-k', dataDir],
      ...['-c', 'fsync=off', '-c', 'synchronous_commit=off', '-c', 'full_page_writes=off'],
      ...['-c', 'max_connections=200'],
    ],
    { logFile: path.join(opts.dir, 'postgres.log'), ...user, cwd: dataDir },
  );
  const url = (database: string) => `postgres://postgres@127.0.0.1:${opts.port}/${database}`;
  await waitUntilReady(daemon, () => query(url('postgres'), 'SELECT 1').then(() => true));
  return {
    port: opts.port,
    url,
    async createDatabase(name) {
      if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`bad database name: ${name}`);
      await query(url('postgres'), `CREATE DATABASE ${name}`);
      return url(name);
    },
    // SIGINT is PostgreSQL's fast shutdown: clients are disconnected, nothing is waited for.
    stop: () => daemon.stop('SIGINT'),
  };
}
