import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../scripts/cluster/daemon.ts';
import type { AppContext } from '../../server/context.ts';
import { openDatabase, type DB } from '../../server/db/database.ts';
import { addFollow, addLike, createPost } from '../server/content-fixtures.ts';
import { QUERY_IDS } from '../../common/queryIds.ts';
import { cluster, PASSWORD } from './fixtures.ts';
import { createUser } from '../server/helpers.ts';
import { login } from './client.ts';

// SERVER_PROCESSES=N on one machine with the embedded database: N processes share the port and
// one SQLite file (and the cluster's Redis); writes from all of them at once must all land.

function startServer(env: Record<string, string>): { child: ChildProcess; output: () => string } {
  let output = '';
  const child = spawn(path.resolve('node_modules/.bin/tsx'), ['server/main.ts'], {
    env: { ...process.env, NODE_ENV: 'test', SEED: 'none', RATE_LIMIT: 'off', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (c: Buffer) => (output += c.toString()));
  child.stderr?.on('data', (c: Buffer) => (output += c.toString()));
  return { child, output: () => output };
}

/** The process ids whose parent is `pid`. */
const childrenOf = (pid: number) =>
  execFileSync('ps', ['-o', 'pid=', '--ppid', String(pid)], { encoding: 'utf8' })
    .split('\n')
    .map((s) => Number(s.trim()))
    .filter((n) => n > 0);

describe('several server processes on one SQLite database', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'glint-processes-'));
  let server: ReturnType<typeof startServer>;
  let base = '';
  let db: DB;

  beforeAll(async () => {
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    server = startServer({
      SERVER_PROCESSES: '2',
      REDIS_URL: cluster().env.REDIS_URL,
      DATABASE_URL: '',
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
    });
    const deadline = Date.now() + 50_000;
    for (;;) {
      if (server.child.exitCode !== null) throw new Error(`server exited:\n${server.output()}`);
      if (/2 server processes/.test(server.output())) break;
      if (Date.now() > deadline) throw new Error(`server did not start:\n${server.output()}`);
      await new Promise((r) => setTimeout(r, 200));
    }
    db = await openDatabase({ dataDir });
  });
  afterAll(async () => {
    await db?.destroy();
    if (server?.child.exitCode === null) {
      const exited = new Promise((r) => server.child.once('exit', r));
      server.child.kill('SIGTERM');
      await exited;
    }
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('refuses to start several processes without Redis, saying why', async () => {
    const alone = startServer({
      SERVER_PROCESSES: '2',
      REDIS_URL: '',
      DATABASE_URL: '',
      DATA_DIR: dataDir,
      PORT: String(await freePort()),
    });
    const code = await new Promise((r) => alone.child.once('exit', r));
    expect(code).not.toBe(0);
    expect(alone.output()).toMatch(/SERVER_PROCESSES above 1 needs REDIS_URL/);
  });

  it('stops with an error when its processes cannot listen, instead of restarting them', async () => {
    const taken = net.createServer();
    await new Promise<void>((r) => taken.listen(0, '127.0.0.1', () => r()));
    const port = (taken.address() as net.AddressInfo).port;
    const blocked = startServer({
      SERVER_PROCESSES: '2',
      REDIS_URL: cluster().env.REDIS_URL,
      DATABASE_URL: '',
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
    });
    const code = await new Promise((r) => blocked.child.once('exit', r));
    taken.close();
    expect(code).not.toBe(0);
    expect(blocked.output()).toMatch(/stopped before it listened/);
  });

  it('runs two processes that take every write at once without losing one', async () => {
    // tsx's process runs the primary, whose children are the two server processes.
    const [primary] = childrenOf(server.child.pid!);
    expect(childrenOf(primary)).toHaveLength(2);

    const ctx = { db, now: () => Math.floor(Date.now() / 1000) } as AppContext;
    const owner = await createUser(ctx, { username: 'owner', password: PASSWORD });
    const post = await createPost(ctx, owner.id);
    const members = await Promise.all(
      Array.from({ length: 16 }, (_, i) =>
        createUser(ctx, { username: `fan${i}`, password: PASSWORD }),
      ),
    );
    const clients = await Promise.all(members.map((m) => login(base, m.username, PASSWORD)));
    // Each member likes the post, comments on it and follows its owner, all at the same time.
    const replies = await Promise.all(
      clients.flatMap((client, i) => [
        client.post(`/web/likes/${post.id}/like/`),
        client.post(`/web/comments/${post.id}/add/`, { comment_text: `from fan ${i}` }),
        client.post(`/web/friendships/${owner.id}/follow/`),
      ]),
    );
    expect(replies.map((r) => r.status)).toEqual(replies.map(() => 200));

    const row = await db
      .selectFrom('posts')
      .select(['like_count', 'comment_count'])
      .where('id', '=', post.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ like_count: 16, comment_count: 16 });
    const follows = await db
      .selectFrom('follows')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('followee_id', '=', owner.id)
      .executeTakeFirstOrThrow();
    expect(Number(follows.n)).toBe(16);
    const owners = await db
      .selectFrom('users')
      .select('follower_count')
      .where('id', '=', owner.id)
      .executeTakeFirstOrThrow();
    expect(owners.follower_count).toBe(16);
  });

  it('never serves a feed answer kept from before a write by any other connection', async () => {
    const ctx = { db, now: () => Math.floor(Date.now() / 1000) } as AppContext;
    const poster = await createUser(ctx, { username: 'poster', password: PASSWORD });
    const reader = await createUser(ctx, { username: 'reader', password: PASSWORD });
    await addFollow(ctx, reader.id, poster.id);
    const post = await createPost(ctx, poster.id);
    const readerClient = await login(base, 'reader', PASSWORD);
    const feed = `/graphql/query/?query_id=${QUERY_IDS.feed}&variables=${encodeURIComponent('{}')}`;
    // Each read on a new connection: the primary hands connections to the processes in turn, so
    // both keep the reader's answer.
    const likesSeen = () =>
      new Promise<number>((resolve, reject) => {
        const req = http.get(
          `${base}${feed}`,
          { agent: false, headers: readerClient.headers() },
          (res) => {
            let text = '';
            res.setEncoding('utf8');
            res.on('data', (chunk: string) => (text += chunk));
            res.on('end', () => {
              const edges = (
                JSON.parse(text) as {
                  data: {
                    user: {
                      edge_web_feed_timeline: {
                        edges: {
                          node: { id: string; edge_media_preview_like: { count: number } };
                        }[];
                      };
                    };
                  };
                }
              ).data.user.edge_web_feed_timeline.edges;
              resolve(edges.find((e) => e.node.id === post.id)!.node.edge_media_preview_like.count);
            });
          },
        );
        req.on('error', reject);
      });
    const fourReads = async () => [
      await likesSeen(),
      await likesSeen(),
      await likesSeen(),
      await likesSeen(),
    ];
    expect(await fourReads()).toEqual([0, 0, 0, 0]);
    // Writes through a connection neither process made (this test's, as a script's or a third
    // process's would be): only SQLite's data_version tells the processes about them.
    const likers = [];
    for (let i = 1; i <= 3; i++) {
      likers.push(await createUser(ctx, { username: `liker${i}`, password: PASSWORD }));
      await addLike(ctx, post.id, likers[i - 1].id);
      expect(await fourReads()).toEqual([i, i, i, i]);
    }
    // And an unlike through the processes themselves.
    const fan = await login(base, 'liker1', PASSWORD);
    expect((await fan.post(`/web/likes/${post.id}/unlike/`)).status).toBe(200);
    expect(await fourReads()).toEqual([2, 2, 2, 2]);
  });
});
