/** The one console table of a run: a row per entry, grouped by case. */
import { extraCell, rangeCell, ratiosCell, valueCell } from './format';
import type { CaseOutcome } from './types';

const HEADERS = ['case', 'input', 'contender', 'median', 'min–max', 'n', 'ratios', 'details'];

export function renderTable(outcomes: CaseOutcome[]): string {
  const rows: string[][] = [];
  for (const outcome of outcomes) {
    for (const e of outcome.entries) {
      const metric = e.metric === 'time' ? '' : ` [${e.metric}]`;
      rows.push([
        e.case,
        e.input,
        `${e.contender}${metric}`,
        valueCell(e),
        rangeCell(e),
        e.runs === undefined ? '' : String(e.runs),
        ratiosCell(e),
        [e.median !== undefined && e.note ? `NOTE: ${e.note}` : '', extraCell(e)]
          .filter(Boolean)
          .join(' '),
      ]);
    }
  }
  const widths = HEADERS.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
  const line = (cells: string[]) =>
    cells
      .map((c, i) => (i === cells.length - 1 ? c : c.padEnd(widths[i])))
      .join(' │ ')
      .trimEnd();
  const rule = widths.map((w, i) => '─'.repeat(i === widths.length - 1 ? 7 : w)).join('─┼─');
  const out = [line(HEADERS), rule];
  let previousCase = '';
  for (const row of rows) {
    if (previousCase && row[0] !== previousCase) out.push(rule);
    previousCase = row[0];
    out.push(line(row));
  }
  return out.join('\n');
}
