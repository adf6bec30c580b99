import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from './fixtures';

/** WCAG 2.1 A and AA, the rules axe-core tags for them. */
const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

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
  const results = await new AxeBuilder({ page }).withTags(WCAG_TAGS).analyze();
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
