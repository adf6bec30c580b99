/** Human-readable cells shared by the console table and the HTML report. */
import type { Entry } from './types';

export function num(value: number | undefined | null): string {
  if (value === undefined || value === null || Number.isNaN(value)) return '–';
  if (!Number.isFinite(value)) return '∞';
  if (Math.abs(value) >= 1e6) return `${(value / 1e6).toFixed(2)}M`;
  if (Math.abs(value) >= 1e4) return `${(value / 1e3).toFixed(1)}k`;
  if (Math.abs(value) >= 100) return String(Math.round(value));
  return String(Number(value.toPrecision(3)));
}

export function bytes(value: number): string {
  if (value >= 1024 * 1024) return `${(value / 1024 / 1024).toFixed(2)} MiB`;
  if (value >= 1024) return `${(value / 1024).toFixed(1)} KiB`;
  return `${value} B`;
}

const RATIO_LABELS: Record<string, string> = {
  vsBic: 'bic',
  vsFloor: 'floor',
  vsDecode: 'full decode',
  vsSingleShot: 'single-shot',
  vsTrivial: 'trivial route',
  vsPreloaded: 'preloaded',
  vsDemo: 'demo db',
};

export function ratiosCell(entry: Entry): string {
  if (!entry.ratios) return '';
  return Object.entries(entry.ratios)
    .map(([k, v]) => `×${num(v)} ${RATIO_LABELS[k] ?? k}`)
    .join(', ');
}

/** Known extra keys get words and units; anything else prints as key=value. */
export function extraCell(entry: Entry): string {
  if (!entry.extra) return '';
  const parts: string[] = [];
  for (const [key, value] of Object.entries(entry.extra)) {
    if (value === null || value === undefined) continue;
    const n = typeof value === 'number' ? value : Number.NaN;
    if (key.endsWith('Bytes') || key === 'bytes') parts.push(`${labelOf(key)} ${bytes(n)}`);
    else if (key.endsWith('Ms')) parts.push(`${labelOf(key)} ${num(n)} ms`);
    else if (key.endsWith('Mb')) parts.push(`${labelOf(key)} ${num(n)} MB`);
    else if (key.endsWith('Db')) parts.push(`PSNR ${num(n)} dB`);
    else parts.push(`${labelOf(key)} ${typeof value === 'number' ? num(value) : String(value)}`);
  }
  return parts.join(', ');
}

function labelOf(key: string): string {
  const bare = key.replace(/(Bytes|Ms|Mb|Db)$/, '');
  return bare.replace(/([A-Z])/g, ' $1').toLowerCase();
}

/** A value in the entry's unit; byte counts print as KiB/MiB. */
export function inUnit(entry: Entry, value: number | undefined): string {
  if (entry.unit === 'bytes' && value !== undefined) return bytes(value);
  return `${num(value)} ${entry.unit}`;
}

export function valueCell(entry: Entry): string {
  if (entry.status === 'skipped') return `skipped: ${entry.note ?? ''}`;
  if (entry.status === 'error' && entry.median === undefined) return `ERROR: ${entry.note ?? ''}`;
  return inUnit(entry, entry.median);
}

export function rangeCell(entry: Entry): string {
  if (entry.median === undefined || entry.runs === 1) return '';
  if (entry.unit === 'bytes') return `${bytes(entry.min ?? 0)}–${bytes(entry.max ?? 0)}`;
  return `${num(entry.min)}–${num(entry.max)}`;
}
