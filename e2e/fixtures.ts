/**
 * The suite's `test`: @playwright/test's, plus an automatic Content-Security-Policy watch. Every
 * spec imports `test` and `expect` from here, so a test fails on any CSP violation, caught three
 * ways (a page the test opens itself through `browser` is still covered by the third):
 * - a `securitypolicyviolation` listener in every page and frame of the test's context;
 * - the browser's console messages about the policy, in that context and its workers;
 * - the reports every page and worker posts to the policy's report-uri, which the test server
 *   keeps (GET /dev/csp-reports/, server/routes/cspReports.ts).
 * A test that causes violations on purpose claims them with `cspViolations.take()`.
 */
import {
  test as base,
  expect,
  type APIRequestContext,
  type ConsoleMessage,
} from '@playwright/test';

export * from '@playwright/test';

interface ServerReport {
  seq: number;
  documentUri: string;
  violatedDirective: string;
  blockedUri: string;
  sourceFile: string;
  lineNumber: number | null;
  sample: string;
}

export interface CspViolations {
  /** The violations seen so far (events, console messages and server reports), then forgets them. */
  take(): Promise<string[]>;
}

/** The sequence number of the newest report the suite has already looked at. */
let seenReports: number | undefined;

async function newServerReports(request: APIRequestContext): Promise<string[]> {
  const res = await request.get(`/dev/csp-reports/?after=${seenReports ?? 0}`);
  expect(res.ok(), 'GET /dev/csp-reports/').toBe(true);
  const body = (await res.json()) as { last: number; reports: ServerReport[] };
  const first = seenReports === undefined;
  seenReports = body.last;
  // The first look only sets the starting point (a reused server may hold older reports).
  if (first) return [];
  return body.reports.map(
    (r) =>
      `report: ${r.violatedDirective} blocked ${r.blockedUri || '(none)'} on ${r.documentUri}` +
      (r.sourceFile ? ` at ${r.sourceFile}:${r.lineNumber ?? '?'}` : '') +
      (r.sample ? ` (${r.sample})` : ''),
  );
}

const isCspMessage = (message: ConsoleMessage) => /Content Security Policy/i.test(message.text());

export const test = base.extend<{ cspViolations: CspViolations }>({
  cspViolations: [
    async ({ context, request }, use) => {
      // Reports that reached the server after the previous test ended fail this one, marked.
      const late = await newServerReports(request);
      const seen = late.map((line) => `${line} (arrived after the previous test ended)`);
      await context.exposeBinding('__glintCspViolation', (_source, line: string) => {
        seen.push(line);
      });
      await context.addInitScript(() => {
        addEventListener('securitypolicyviolation', (e) => {
          const report = (window as unknown as { __glintCspViolation?: (line: string) => void })
            .__glintCspViolation;
          void report?.(
            `event: ${e.effectiveDirective} blocked ${e.blockedURI || '(none)'} on ${e.documentURI}` +
              (e.sourceFile ? ` at ${e.sourceFile}:${e.lineNumber}` : '') +
              (e.sample ? ` (${e.sample})` : ''),
          );
        });
      });
      const onConsole = (message: ConsoleMessage) => {
        if (isCspMessage(message)) seen.push(`console: ${message.text()}`);
      };
      context.on('console', onConsole);
      context.on('page', (page) => {
        page.on('worker', (worker) => worker.on('console', onConsole));
      });

      const take = async () => [...seen.splice(0), ...(await newServerReports(request))];
      await use({ take });

      expect(await take(), 'Content-Security-Policy violations').toEqual([]);
    },
    { auto: true },
  ],
});
