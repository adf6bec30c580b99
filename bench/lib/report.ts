/**
 * Writes bench/results/latest.json (machine-readable) and latest.html (a self-contained report:
 * inline SVG bar charts of medians with min–max whiskers, no external scripts or fonts).
 */
import fs from 'node:fs';
import path from 'node:path';
import { extraCell, inUnit, rangeCell, ratiosCell, valueCell } from './format';
import type { CaseOutcome, Entry } from './types';

export interface RunInfo {
  startedAt: string;
  seconds: number;
  quick: boolean;
  gpu: boolean;
  chromium: string;
  chromiumArgs: string[];
  node: string;
  cpus: number;
  cpuModel: string;
  memoryGb: number;
  commit: string | null;
  /** Whether the shared server had the demo seed; null when no case used it. */
  seeded: boolean | null;
  /** 1-minute load average before and after: other processes on the machine skew figures. */
  loadAverage: { start: number; end: number };
}

export const RESULTS_DIR = path.resolve('bench/results');

export function writeJson(info: RunInfo, outcomes: CaseOutcome[]): string {
  const file = path.join(RESULTS_DIR, 'latest.json');
  const body = {
    ...info,
    cases: outcomes.map(({ name, title, status, seconds, error }) => ({
      name,
      title,
      status,
      seconds,
      ...(error ? { error } : {}),
    })),
    entries: outcomes.flatMap((o) => o.entries),
  };
  fs.mkdirSync(RESULTS_DIR, { recursive: true });
  fs.writeFileSync(file, `${JSON.stringify(body, null, 2)}\n`);
  return file;
}

const esc = (s: string) =>
  s.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]!);

/** Horizontal bars: one per measured entry of a chart group (same case, input and unit). */
function barChart(entries: Entry[]): string {
  const ok = entries.filter((e) => e.status === 'ok' && Number.isFinite(e.median));
  if (!ok.length) return '';
  const labelWidth = 300;
  const plotWidth = 420;
  const rowHeight = 26;
  const max = Math.max(...ok.map((e) => e.max ?? e.median ?? 0)) || 1;
  const x = (v: number) => labelWidth + (v / max) * plotWidth;
  const rows = ok.map((e, i) => {
    const y = 10 + i * rowHeight;
    const med = e.median ?? 0;
    const whisker =
      e.min !== undefined && e.max !== undefined
        ? `<line x1="${x(e.min)}" x2="${x(e.max)}" y1="${y + 9}" y2="${y + 9}" stroke="#222" stroke-width="1.5"/>`
        : '';
    const glint = e.contender.startsWith('Glint');
    return `<text x="${labelWidth - 8}" y="${y + 13}" text-anchor="end">${esc(e.contender)}</text>
<rect x="${labelWidth}" y="${y}" width="${Math.max(1, x(med) - labelWidth)}" height="18" fill="${glint ? '#d6336c' : '#7a8ca3'}"/>
${whisker}<text x="${x(e.max ?? med) + 6}" y="${y + 13}">${esc(inUnit(e, med))}</text>`;
  });
  const height = 20 + ok.length * rowHeight;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${labelWidth + plotWidth + 110}" height="${height}" font-family="system-ui,sans-serif" font-size="12" role="img">${rows.join('\n')}</svg>`;
}

function groupKey(e: Entry): string {
  return `${e.case} · ${e.input} · ${e.metric} (${e.unit})`;
}

export function writeHtml(info: RunInfo, outcomes: CaseOutcome[]): string {
  const file = path.join(RESULTS_DIR, 'latest.html');
  const sections = outcomes.map((o) => {
    const groups = new Map<string, Entry[]>();
    for (const e of o.entries) groups.set(groupKey(e), [...(groups.get(groupKey(e)) ?? []), e]);
    const charts = [...groups]
      .map(([key, list]) => {
        const chart = barChart(list);
        return chart ? `<figure><figcaption>${esc(key)}</figcaption>${chart}</figure>` : '';
      })
      .join('\n');
    const rows = o.entries
      .map(
        (e) =>
          `<tr class="${e.status}"><td>${esc(e.input)}</td><td>${esc(e.contender)}</td><td>${esc(e.metric)}</td><td>${esc(valueCell(e))}</td><td>${esc(rangeCell(e))}</td><td>${e.runs ?? ''}</td><td>${esc(ratiosCell(e))}</td><td>${esc([e.note ?? '', extraCell(e)].filter(Boolean).join(' '))}</td></tr>`,
      )
      .join('\n');
    return `<section><h2>${esc(o.name)}: ${esc(o.title)} <small>(${o.status}, ${o.seconds.toFixed(1)} s)</small></h2>
${o.error ? `<p class="error">${esc(o.error)}</p>` : ''}${charts}
<table><thead><tr><th>input</th><th>contender</th><th>metric</th><th>median</th><th>min–max</th><th>n</th><th>ratios</th><th>details</th></tr></thead><tbody>${rows}</tbody></table></section>`;
  });
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Glint bench ${esc(info.startedAt)}</title>
<style>body{font:14px/1.45 system-ui,sans-serif;margin:2rem;color:#222}table{border-collapse:collapse;margin:0.5rem 0 2rem}td,th{border-bottom:1px solid #ddd;padding:3px 8px;text-align:left;vertical-align:top}tr.skipped td{color:#888}tr.error td,.error{color:#b00}figure{margin:1rem 0}figcaption{font-weight:600}code{background:#f3f3f3;padding:0 3px}</style></head><body>
<h1>Glint bench</h1>
<p>${esc(info.startedAt)} · ${info.quick ? 'quick (smoke) run: 1 run per contender, tiny inputs — not for comparison' : 'full run'} · ${esc(info.chromium)} ${info.gpu ? '(GPU flags)' : '(SwiftShader, no GPU)'} · Node ${esc(info.node)} · ${info.cpus} × ${esc(info.cpuModel)} · ${info.memoryGb} GB · load ${info.loadAverage.start.toFixed(1)} → ${info.loadAverage.end.toFixed(1)} · commit ${esc(info.commit ?? 'unknown')} · ${info.seconds.toFixed(0)} s</p>
<p>Bars are medians; whiskers span min–max of the counted runs. Contenders of a case ran interleaved in one browser session.</p>
${sections.join('\n')}
</body></html>
`;
  fs.writeFileSync(file, html);
  return file;
}
