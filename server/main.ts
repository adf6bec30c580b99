import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { buildApp } from './app.ts';
import { loadConfig } from './config.ts';
import type { AppContext } from './context.ts';
import { isServerProcess, runProcesses } from './processes.ts';

interface SeedModule {
  seedDemo(
    ctx: AppContext,
    opts?: { posts?: number; members?: number },
  ): Promise<{ users: number; posts: number }>;
}

/** A whole number ≥ 1 from the environment, undefined when unset; anything else is an error. */
function seedSize(name: string): number | undefined {
  const raw = process.env[name]?.trim();
  if (!raw) return undefined;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 1) throw new Error(`${name} must be a whole number ≥ 1: ${raw}`);
  return n;
}

async function seedIfEmpty(ctx: AppContext): Promise<void> {
  const anyUser = await ctx.db.selectFrom('users').select('id').limit(1).executeTakeFirst();
  if (anyUser) return;
  let seedDemo: SeedModule['seedDemo'];
  try {
    // Resolved at run time so the server still starts (with SEED=none) while the seed is absent.
    const seedModule: SeedModule = await import(new URL('./seed/index.ts', import.meta.url).href);
    seedDemo = seedModule.seedDemo;
  } catch (err) {
    throw new Error(`The demo seed (server/seed/index.ts) could not be loaded: ${String(err)}`, {
      cause: err,
    });
  }
  // SEED_POSTS (default 200) lets the bench seed a longer feed; SEED_MEMBERS (default 30, the
  // demo cast) above 30 adds generated members: 300 / 2 000 is 10× the demo, 3 000 / 20 000 100×.
  const posts = seedSize('SEED_POSTS');
  const members = seedSize('SEED_MEMBERS');
  const started = Date.now();
  const result = await seedDemo(ctx, { posts, members });
  console.log(
    `Seeded the demo data: ${result.users} users, ${result.posts} posts (${Date.now() - started} ms)`,
  );
}

/** Any fixed number: the PostgreSQL advisory lock servers take while one of them seeds. */
const SEED_LOCK = 716_001;

/**
 * Several servers started at once on one empty PostgreSQL database (a cluster) must not all seed
 * it: each waits for an advisory lock, then finds the database seeded by the first.
 */
async function seedOnce(ctx: AppContext): Promise<void> {
  if (!ctx.config.databaseUrl) return seedIfEmpty(ctx);
  await ctx.db.connection().execute(async (conn) => {
    await sql`SELECT pg_advisory_lock(${SEED_LOCK})`.execute(conn);
    try {
      await seedIfEmpty(ctx);
    } finally {
      await sql`SELECT pg_advisory_unlock(${SEED_LOCK})`.execute(conn);
    }
  });
}

function closeOnSignals(app: FastifyInstance): void {
  let closing = false;
  const close = (signal: string) => {
    if (closing) return;
    closing = true;
    console.log(`${signal}: shutting down`);
    // Let in-flight requests finish, but never hang forever.
    setTimeout(() => process.exit(1), 10_000).unref();
    app.close().then(
      () => process.exit(0),
      (err: unknown) => {
        console.error(err);
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', () => close('SIGINT'));
  process.on('SIGTERM', () => close('SIGTERM'));
}

async function main(): Promise<void> {
  const config = loadConfig();
  const base = `http://localhost:${config.port}`;
  const announce = (processes: string) => {
    console.log(`Glint is running at ${base}${processes}`);
    if (config.seed === 'demo') console.log('Demo login: demo / glint-demo');
    if (!config.production) console.log(`Development SMS outbox: ${base}/dev/outbox/`);
  };
  if (config.processes > 1 && !isServerProcess()) {
    // Migrate and seed once, then start the processes that serve.
    const prepare = async () => {
      const { app, ctx } = await buildApp({ config });
      if (config.seed === 'demo') await seedOnce(ctx);
      await app.close();
    };
    await runProcesses(config.processes, prepare, () =>
      announce(` (${config.processes} server processes)`),
    );
    return;
  }
  const { app, ctx } = await buildApp({
    config,
    logger: config.production || process.env.LOG_REQUESTS === '1',
  });
  if (config.seed === 'demo' && !isServerProcess()) await seedOnce(ctx);
  closeOnSignals(app);
  await app.listen({ host: config.host, port: config.port });
  if (!isServerProcess()) announce('');
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
