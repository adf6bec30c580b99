import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, type Request } from './fixtures';

interface RequestWatch {
  pending: Set<Request>;
  /** Called whenever a request starts or ends. */
  onChange: (() => void) | null;
}

const watches = new WeakMap<Page, RequestWatch>();

/** Starts counting the page's requests in flight (before the navigation networkQuiet waits on). */
export function watchRequests(page: Page): RequestWatch {
  let watch = watches.get(page);
  if (watch) return watch;
  const created: RequestWatch = { pending: new Set(), onChange: null };
  const settle = (request: Request) => {
    created.pending.delete(request);
    created.onChange?.();
  };
  page.on('request', (request) => {
    created.pending.add(request);
    created.onChange?.();
  });
  page.on('requestfinished', settle);
  page.on('requestfailed', settle);
  watches.set(page, (watch = created));
  return watch;
}

/**
 * Resolves once the page has had no request in flight for `quietMs`, or after `timeoutMs`: what
 * Playwright's 'networkidle' waits for, without its fixed 500 ms of quiet.
 */
export async function networkQuiet(page: Page, quietMs = 150, timeoutMs = 10_000): Promise<void> {
  const watch = watchRequests(page);
  await new Promise<void>((resolve) => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const done = () => {
      clearTimeout(timer);
      clearTimeout(limit);
      watch.onChange = null;
      resolve();
    };
    const check = () => {
      clearTimeout(timer);
      if (watch.pending.size === 0) timer = setTimeout(done, quietMs);
    };
    const limit = setTimeout(done, timeoutMs);
    watch.onChange = check;
    check();
  });
}

/** WCAG 2.2 A and AA (2.2 adds the 24 px target size), the rules axe-core tags for them. */
const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

/**
 * Runs axe-core over what is on screen (the page, or an open dialog or menu with it) and fails
 * on any serious or critical violation, listing each with the elements it found.
 */
export async function expectAccessible(page: Page, label: string): Promise<void> {
  // Let entrance animations settle: a half-faded element has half its contrast.
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((a) => Number.isFinite(Number(a.effect?.getComputedTiming().endTime)))
        .map((a) => a.finished.catch(() => undefined)),
    ),
  );
  // Legacy mode runs axe.run() in the page (same-origin frames included, which is all Glint has)
  // instead of runPartial() there and finishRun() in a new blank page, and only the violations are
  // gathered in full: about half the time per check, the same findings.
  const results = await new AxeBuilder({ page })
    .withTags(WCAG_TAGS)
    .options({ resultTypes: ['violations'] })
    .setLegacyMode(true)
    .analyze();
  const serious = results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) =>
        `${v.id} (${v.impact}): ${v.help}\n` +
        v.nodes
          .slice(0, 5)
          .map((n) => `    ${n.target.join(' ')} — ${n.failureSummary?.split('\n').join(' ')}`)
          .join('\n'),
    );
  expect.soft(serious, `axe on ${label} at ${page.viewportSize()?.width ?? '?'} px`).toEqual([]);
}
