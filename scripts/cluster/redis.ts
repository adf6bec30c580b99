import { Redis } from 'ioredis';
import path from 'node:path';
import { spawnDaemon, waitUntilReady } from './daemon.ts';

export interface RedisHandle {
  url: string;
  port: number;
  stop(): Promise<void>;
}

/**
 * redis-server in the foreground on 127.0.0.1:port, nothing written to disk (no RDB snapshots,
 * no append-only file): it holds counters and caches that a restart may lose.
 */
export async function startRedis(opts: { dir: string; port: number }): Promise<RedisHandle> {
  const daemon = spawnDaemon(
    'redis-server',
    'redis-server',
    [
      '--port',
      String(opts.port),
      '--bind',
      '127.0.0.1',
      '--save',
      '',
      '--appendonly',
      'no',
      '--dir',
      opts.dir,
      '--daemonize',
      'no',
    ],
    { logFile: path.join(opts.dir, 'redis.log') },
  );
  const url = `redis://127.0.0.1:${opts.port}`;
  await waitUntilReady(daemon, async () => {
    const client = new Redis(url, {
      lazyConnect: true,
      maxRetriesPerRequest: 0,
      retryStrategy: () => null,
    });
    client.on('error', () => {}); // refused while it starts: the poll tries again
    try {
      await client.connect();
      return (await client.ping()) === 'PONG';
    } finally {
      client.disconnect();
    }
  });
  return { url, port: opts.port, stop: () => daemon.stop('SIGTERM') };
}
