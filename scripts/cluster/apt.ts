import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';

/** A Debian package and how to tell it is installed. */
export interface DebianPackage {
  name: string;
  installed: () => boolean;
}

export const onPath = (command: string) =>
  spawnSync('sh', ['-c', `command -v ${command}`], { stdio: 'ignore' }).status === 0;

/** The newest PostgreSQL server's bin directory (/usr/lib/postgresql/15/bin), or null. */
export function postgresBin(): string | null {
  const root = '/usr/lib/postgresql';
  if (!fs.existsSync(root)) return null;
  const versions = fs
    .readdirSync(root)
    .filter((v) => fs.existsSync(`${root}/${v}/bin/initdb`))
    .sort((a, b) => Number(a) - Number(b));
  return versions.length ? `${root}/${versions[versions.length - 1]}/bin` : null;
}

export const POSTGRESQL: DebianPackage = {
  name: 'postgresql',
  installed: () => postgresBin() !== null,
};
export const REDIS: DebianPackage = {
  name: 'redis-server',
  installed: () => onPath('redis-server'),
};

/**
 * Installs the missing packages with apt-get (as root; otherwise says what to run). Waits for
 * another apt-get holding the dpkg lock instead of failing.
 */
export function ensureDebianPackages(packages: DebianPackage[], log = console.log): void {
  const missing = packages.filter((p) => !p.installed()).map((p) => p.name);
  if (missing.length === 0) return;
  if (process.getuid?.() !== 0) {
    throw new Error(
      `Missing Debian packages: ${missing.join(' ')}. Install them with: ` +
        `sudo apt-get install --no-install-recommends ${missing.join(' ')}`,
    );
  }
  log(`Installing ${missing.join(', ')} with apt-get…`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  const lock = ['-o', 'DPkg::Lock::Timeout=300'];
  execFileSync('apt-get', [...lock, 'update', '-qq'], { env, stdio: 'ignore' });
  execFileSync(
    'apt-get',
    [...lock, 'install', '-y', '-qq', '--no-install-recommends', ...missing],
    { env, stdio: ['ignore', 'ignore', 'inherit'] },
  );
}
