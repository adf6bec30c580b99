// Content-Security-Policy violation reports (the policy's report-uri, server/http/securityHeaders.ts).
// Browsers post them without our CSRF header, so the CSRF hook lets this one path through: a
// report changes nothing but the log. Outside production the reports are also kept in memory for
// GET /dev/csp-reports/, which the e2e suite reads after every test (e2e/fixtures.ts) so that any
// violation, in a page, a frame or a worker, fails the test that caused it. With REDIS_URL they
// are kept in Redis, so every server process behind a balancer lists the same reports.
import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.ts';
import { badRequest } from '../http/errors.ts';
import { thisMachineOnly } from '../http/loopback.ts';
import { rateLimit } from '../http/rateLimit.ts';
import { typed } from '../http/schemas.ts';
import { CSP_REPORT_PATH } from '../http/securityHeaders.ts';
import { KEY_PREFIX, type SharedRedis } from '../crossServer/redis.ts';

/** What the e2e suite and developers see of one report. */
export interface CspReport {
  seq: number;
  documentUri: string;
  violatedDirective: string;
  blockedUri: string;
  sourceFile: string;
  lineNumber: number | null;
  sample: string;
}

const KEEP_REPORTS = 500;
const REPORT_BODY_LIMIT = 32 * 1024;

const ReportsQuery = Type.Object({ after: Type.Optional(Type.Integer({ minimum: 0 })) });

const text = (value: unknown, max = 500) => (typeof value === 'string' ? value.slice(0, max) : '');

/**
 * The report inside a report-uri body (`{"csp-report": {...}}`) or each report of a Reporting API
 * body (`[{"type": "csp-violation", "body": {...}}]`), in the field names of either.
 */
export function readCspReports(body: unknown): Omit<CspReport, 'seq'>[] {
  const raw: unknown[] = Array.isArray(body)
    ? body.map((entry) => (entry as { body?: unknown } | null)?.body)
    : [(body as Record<string, unknown> | null)?.['csp-report']];
  return raw
    .filter((r): r is Record<string, unknown> => r !== null && typeof r === 'object')
    .map((r) => ({
      documentUri: text(r['document-uri'] ?? r.documentURL),
      violatedDirective: text(r['violated-directive'] ?? r.effectiveDirective),
      blockedUri: text(r['blocked-uri'] ?? r.blockedURL),
      sourceFile: text(r['source-file'] ?? r.sourceFile),
      lineNumber: Number(r['line-number'] ?? r.lineNumber) || null,
      sample: text(r['script-sample'] ?? r.sample, 200),
    }));
}

/** Where the development reports are kept: this process, or Redis for every process. */
interface ReportLog {
  add(report: Omit<CspReport, 'seq'>): Promise<void>;
  after(seq: number): Promise<{ last: number; reports: CspReport[] }>;
}

function memoryLog(): ReportLog {
  const recorded: CspReport[] = [];
  let seq = 0;
  return {
    async add(report) {
      recorded.push({ seq: ++seq, ...report });
      if (recorded.length > KEEP_REPORTS) recorded.shift();
    },
    async after(after) {
      return { last: seq, reports: recorded.filter((r) => r.seq > after) };
    },
  };
}

function redisLog(redis: SharedRedis): ReportLog {
  const listKey = `${KEY_PREFIX}csp-reports`;
  const seqKey = `${KEY_PREFIX}csp-reports:seq`;
  return {
    async add(report) {
      const seq = await redis.incr(seqKey);
      const entry = JSON.stringify({ seq, ...report });
      await redis.multi().rpush(listKey, entry).ltrim(listKey, -KEEP_REPORTS, -1).exec();
    },
    async after(after) {
      const [last, entries] = await Promise.all([redis.get(seqKey), redis.lrange(listKey, 0, -1)]);
      const reports = entries.map((e) => JSON.parse(e) as CspReport).filter((r) => r.seq > after);
      return { last: Number(last ?? 0), reports };
    },
  };
}

export async function cspReportRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const keep = !ctx.config.production;
  const log = ctx.redis ? redisLog(ctx.redis) : memoryLog();

  app.addContentTypeParser(
    ['application/csp-report', 'application/reports+json'],
    { parseAs: 'string', bodyLimit: REPORT_BODY_LIMIT },
    (_req, body, done) => {
      try {
        done(null, JSON.parse(body as string));
      } catch {
        done(badRequest('The report is not valid JSON.'), undefined);
      }
    },
  );

  app.post(CSP_REPORT_PATH, { config: rateLimit(100, '1 minute') }, async (req, reply) => {
    const reports = readCspReports(req.body);
    if (reports.length === 0) throw badRequest('No Content-Security-Policy report in the body.');
    for (const report of reports) {
      req.log.warn({ cspReport: report }, 'Content-Security-Policy violation');
      // A report is only logged if it cannot be kept: the browser's post still succeeds.
      if (keep)
        await log
          .add(report)
          .catch((err: unknown) => req.log.error({ err }, 'CSP report not kept'));
    }
    return reply.code(204).send();
  });

  if (!keep) return;
  typed(app).get(
    '/dev/csp-reports/',
    { schema: { querystring: ReportsQuery }, onRequest: thisMachineOnly },
    async (req, reply) => {
      reply.header('Cache-Control', 'no-store');
      return { status: 'ok', ...(await log.after(req.query.after ?? 0)) };
    },
  );
}
