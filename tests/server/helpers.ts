import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { buildApp } from '../../server/app.ts';
import { hashPassword } from '../../server/auth/passwords.ts';
import { loadConfig, type ServerConfig } from '../../server/config.ts';
import type { AppContext } from '../../server/context.ts';
import { openDatabase } from '../../server/db/database.ts';
import type { UsersTable } from '../../server/db/schema.ts';
import { newId } from '../../server/ids.ts';

export interface TestApp {
  app: FastifyInstance;
  ctx: AppContext;
  dataDir: string;
  close(): Promise<void>;
}

/** A minimal built client: the server injects the shared data before the first script. */
const TEST_INDEX_HTML = `<!doctype html><html><head><meta charset="utf-8"><title>Glint</title>
<script type="module" crossorigin src="/assets/index-test.js"></script></head>
<body><div id="root"></div></body></html>`;

/**
 * Held (a session-level advisory lock) while a test app migrates its schema and while a closing
 * one drops its own. Kysely's migrator lists every schema's tables first, and its catalog query
 * calls has_schema_privilege() by name: a schema that another test file, on another vitest
 * worker, dropped meanwhile made it fail with `schema "test_…" does not exist` (naming the other
 * file's schema).
 */
const SCHEMA_LOCK = 720_019_001;

async function withSchemaLock<T>(databaseUrl: string, run: () => Promise<T>): Promise<T> {
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query('SELECT pg_advisory_lock($1)', [SCHEMA_LOCK]);
    return await run();
  } finally {
    // Ending the session lets go of the lock too.
    await client.end();
  }
}

/**
 * A fresh app on a temporary data dir. With DATABASE_URL (the PostgreSQL CI run) every app gets
 * its own schema, so test files running in parallel never see each other's rows.
 */
export async function createTestApp(
  opts: { seedUsers?: boolean; env?: Record<string, string>; now?: () => number } = {},
): Promise<TestApp> {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'glint-test-'));
  const distDir = path.join(dataDir, 'dist');
  await fs.mkdir(path.join(distDir, 'assets'), { recursive: true });
  await fs.writeFile(path.join(distDir, 'index.html'), TEST_INDEX_HTML);
  await fs.writeFile(path.join(distDir, 'assets', 'index-test.js'), 'console.log("glint");');
  const config: ServerConfig = loadConfig({
    NODE_ENV: 'test',
    SEED: 'none',
    DATA_DIR: dataDir,
    DIST_DIR: distDir,
    DATABASE_URL: process.env.DATABASE_URL ?? '',
    // Test files call login/signup far more often than a person could; a test that checks the
    // limits passes env: { RATE_LIMIT: 'on' }.
    RATE_LIMIT: 'off',
    ...opts.env,
  });
  const databaseUrl = config.databaseUrl ?? '';
  const pgSchema = databaseUrl ? `test_${crypto.randomBytes(6).toString('hex')}` : undefined;
  const start = async () => {
    const db = await openDatabase({ databaseUrl: config.databaseUrl, dataDir, pgSchema });
    const built = await buildApp({ config, db, now: opts.now });
    await built.app.ready();
    return built;
  };
  const { app, ctx } = pgSchema ? await withSchemaLock(databaseUrl, start) : await start();
  if (opts.seedUsers) {
    await createUser(ctx, { username: 'alice', full_name: 'Alice Example' });
    await createUser(ctx, { username: 'bob', full_name: 'Bob Example' });
  }
  return {
    app,
    ctx,
    dataDir,
    async close() {
      if (pgSchema) {
        await withSchemaLock(databaseUrl, () =>
          sql.raw(`DROP SCHEMA IF EXISTS ${pgSchema} CASCADE`).execute(ctx.db),
        );
      }
      await app.close();
      await fs.rm(dataDir, { recursive: true, force: true });
    },
  };
}

export const DEFAULT_PASSWORD = 'correct-horse-42';

export async function createUser(
  ctx: AppContext,
  fields: Partial<UsersTable> & { username: string; password?: string },
): Promise<UsersTable> {
  const { password = DEFAULT_PASSWORD, ...rest } = fields;
  const row: UsersTable = {
    id: newId(),
    full_name: '',
    email: null,
    email_confirmed: 0,
    phone_number: null,
    biography: '',
    external_url: '',
    gender: 3,
    profile_pic_key: null,
    is_private: 0,
    is_verified: 0,
    is_business: 0,
    chaining_enabled: 1,
    two_factor_enabled: 0,
    comment_filter: 0,
    comment_filter_keywords: '',
    fb_id: null,
    activity_checked_at: 0,
    is_active: 1,
    created_at: ctx.now(),
    ...rest,
    username: rest.username.toLowerCase(),
    password_hash: await hashPassword(password),
  };
  await ctx.db.insertInto('users').values(row).execute();
  return row;
}

/** URL-encodes a form the way the client sends the spec's POST calls. */
export const form = (fields: Record<string, string | number | boolean>) =>
  new URLSearchParams(
    Object.entries(fields).map(([k, v]): [string, string] => [k, String(v)]),
  ).toString();

type Payload = Record<string, string | number | boolean>;

/**
 * A browser-like client over app.inject: keeps cookies, and sends the CSRF header (matching the
 * csrftoken cookie) and the ajax marker on mutating calls, as src/api does.
 */
export class TestClient {
  readonly cookies = new Map<string, string>();

  constructor(readonly app: FastifyInstance) {
    this.cookies.set('csrftoken', crypto.randomBytes(24).toString('base64url'));
  }

  get csrfToken(): string {
    return this.cookies.get('csrftoken') ?? '';
  }

  async request(opts: InjectOptions & { url: string }): Promise<LightMyRequestResponse> {
    const method = (opts.method ?? 'GET').toUpperCase();
    const headers: Record<string, string> = {
      cookie: [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; '),
      ...(method === 'GET' || method === 'HEAD'
        ? {}
        : { 'x-csrftoken': this.csrfToken, 'x-requested-with': 'XMLHttpRequest' }),
      ...(opts.headers as Record<string, string> | undefined),
    };
    const res = await this.app.inject({ ...opts, method: method as 'GET', headers });
    for (const c of res.cookies) {
      const expired =
        c.maxAge === 0 || (c.expires !== undefined && new Date(c.expires).getTime() < Date.now());
      if (expired || c.value === '') this.cookies.delete(c.name);
      else this.cookies.set(c.name, c.value);
    }
    return res;
  }

  get(url: string, headers: Record<string, string> = {}) {
    return this.request({ method: 'GET', url, headers });
  }

  /** POSTs a form-encoded body (or nothing). */
  post(url: string, fields?: Payload, headers: Record<string, string> = {}) {
    return this.request({
      method: 'POST',
      url,
      ...(fields
        ? {
            payload: form(fields),
            headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
          }
        : { headers }),
    });
  }
}

/** Logs in through the real endpoint; throws when the server does not authenticate. */
export async function login(
  app: FastifyInstance,
  username: string,
  password = DEFAULT_PASSWORD,
): Promise<TestClient> {
  const client = new TestClient(app);
  const res = await client.post('/accounts/login/ajax/', { username, password });
  const body = res.json() as { authenticated?: boolean };
  if (res.statusCode !== 200 || !body.authenticated) {
    throw new Error(`login(${username}) failed: ${res.statusCode} ${res.body}`);
  }
  return client;
}

/** The shared page data embedded in an HTML page (a JSON element, never an executed script). */
export function sharedDataOf(html: string): Record<string, unknown> & {
  config: { viewer: Record<string, unknown> | null; csrf_token: string };
} {
  const match = /<script type="application\/json" id="shared-data">(.*?)<\/script>/s.exec(html);
  if (!match) throw new Error('no shared data in page');
  return JSON.parse(match[1]);
}

/** The code in the newest development SMS to `recipient` ('' when it carries none). */
export async function lastSmsCode(ctx: AppContext, recipient: string): Promise<string> {
  const row = await ctx.db
    .selectFrom('outbox')
    .select('code')
    .where('recipient', '=', recipient)
    .orderBy('id', 'desc')
    .executeTakeFirstOrThrow();
  return row.code ?? '';
}
