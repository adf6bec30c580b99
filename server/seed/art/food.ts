// Top-down table shots: a plate (pizza, salad, breakfast or berries) with a coffee on the side.
import type { Rng } from '../random.ts';
import type { Scene } from './landscapes.ts';
import { f, linear, mix, radial, rect, smoothPath, svgDoc, type Point } from './svg.ts';

const TABLES = [
  ['#c8955f', '#a9733f'], // oak
  ['#e9e4dc', '#d5cec3'], // marble
  ['#5b6b73', '#46545b'], // slate
  ['#f3d9c4', '#e6bfa0'], // linen
  ['#2f4f4a', '#223a36'], // green tiles
];

function blob(rng: Rng, cx: number, cy: number, r: number, wobble = 0.2): string {
  const pts: Point[] = [];
  for (let a = 0; a < 6.28; a += 0.7) {
    const k = r * rng.float(1 - wobble, 1 + wobble);
    pts.push([cx + Math.cos(a) * k, cy + Math.sin(a) * k]);
  }
  return smoothPath(pts, true);
}

const circle = (x: number, y: number, r: number, fill: string, extra = '') =>
  `<circle cx="${f(x)}" cy="${f(y)}" r="${f(r)}" fill="${fill}"${extra}/>`;

function pizza(rng: Rng, x: number, y: number, r: number): string {
  let s = circle(x, y, r, '#e2a55b') + circle(x, y, r * 0.86, '#c8412b');
  for (let i = 0; i < 24; i++) {
    const a = rng.float(0, 6.28);
    const d = Math.sqrt(rng.next()) * 0.72 * r;
    s += `<path d="${blob(rng, x + Math.cos(a) * d, y + Math.sin(a) * d, r * 0.14, 0.35)}" fill="#f6d38a" opacity="0.9"/>`;
  }
  for (let i = 0; i < 9; i++) {
    const a = rng.float(0, 6.28);
    const d = rng.float(0.15, 0.68) * r;
    s += circle(x + Math.cos(a) * d, y + Math.sin(a) * d, r * 0.09, '#9e2a2b');
  }
  for (let i = 0; i < 5; i++) {
    const a = rng.float(0, 6.28);
    const d = rng.float(0.1, 0.6) * r;
    const lx = x + Math.cos(a) * d;
    const ly = y + Math.sin(a) * d;
    s += `<ellipse cx="${f(lx)}" cy="${f(ly)}" rx="${f(r * 0.08)}" ry="${f(r * 0.04)}" fill="#3f8f3a" transform="rotate(${f(rng.float(0, 180))} ${f(lx)} ${f(ly)})"/>`;
  }
  for (let i = 0; i < 6; i++) {
    const a = (i / 6) * 6.283 + 0.3;
    s += `<line x1="${f(x)}" y1="${f(y)}" x2="${f(x + Math.cos(a) * r)}" y2="${f(y + Math.sin(a) * r)}" stroke="#7a3a1c" stroke-width="2" opacity="0.35"/>`;
  }
  return s;
}

function salad(rng: Rng, x: number, y: number, r: number): string {
  let s = '';
  const greens = ['#4f9d3a', '#6fbf4a', '#2f7d32', '#8fd16a'];
  for (let i = 0; i < 80; i++) {
    const a = rng.float(0, 6.28);
    const d = Math.sqrt(rng.next()) * 0.85 * r;
    const lx = x + Math.cos(a) * d;
    const ly = y + Math.sin(a) * d;
    s += `<ellipse cx="${f(lx)}" cy="${f(ly)}" rx="${f(r * rng.float(0.14, 0.24))}" ry="${f(r * 0.08)}" fill="${rng.pick(greens)}" transform="rotate(${f(rng.float(0, 180))} ${f(lx)} ${f(ly)})"/>`;
  }
  for (let i = 0; i < 12; i++) {
    const a = rng.float(0, 6.28);
    const d = Math.sqrt(rng.next()) * 0.75 * r;
    const cx = x + Math.cos(a) * d;
    const cy = y + Math.sin(a) * d;
    s +=
      circle(cx, cy, r * 0.1, '#e63946') +
      circle(cx - r * 0.03, cy - r * 0.03, r * 0.025, '#ffffff', ' opacity="0.6"');
  }
  for (let i = 0; i < 10; i++) {
    const a = rng.float(0, 6.28);
    const d = rng.float(0, 0.7) * r;
    s += circle(x + Math.cos(a) * d, y + Math.sin(a) * d, r * 0.04, '#f4d35e');
  }
  return s;
}

function breakfast(rng: Rng, x: number, y: number, r: number): string {
  let s = '';
  for (const [dx, dy] of [
    [-0.38, -0.3],
    [0.4, -0.05],
  ]) {
    const ex = x + dx * r;
    const ey = y + dy * r;
    s += `<path d="${blob(rng, ex, ey, r * 0.42, 0.18)}" fill="#ffffff" stroke="#e6dccb" stroke-width="${f(r * 0.03)}"/>`;
    s +=
      circle(ex, ey, r * 0.14, '#f4a300') +
      circle(ex - r * 0.04, ey - r * 0.04, r * 0.04, '#ffe08a');
  }
  const tx = x - r * 0.1;
  const ty = y + r * 0.5;
  s += `<rect x="${f(tx - r * 0.4)}" y="${f(ty - r * 0.2)}" width="${f(r * 0.8)}" height="${f(r * 0.5)}" rx="${f(r * 0.12)}" fill="#b5762f" transform="rotate(${f(rng.float(-20, 20))} ${f(tx)} ${f(ty)})"/>`;
  s += `<rect x="${f(tx - r * 0.34)}" y="${f(ty - r * 0.14)}" width="${f(r * 0.68)}" height="${f(r * 0.38)}" rx="${f(r * 0.1)}" fill="#e2b170" transform="rotate(${f(rng.float(-20, 20))} ${f(tx)} ${f(ty)})"/>`;
  return s;
}

function berries(rng: Rng, x: number, y: number, r: number): string {
  let s = circle(x, y, r * 0.85, '#f6efe4');
  const colors = ['#3d348b', '#5e4b9c', '#c1121f', '#e5383b', '#f7b801'];
  for (let i = 0; i < 45; i++) {
    const a = rng.float(0, 6.28);
    const d = Math.sqrt(rng.next()) * 0.7 * r;
    const cx = x + Math.cos(a) * d;
    const cy = y + Math.sin(a) * d;
    const br = r * rng.float(0.06, 0.1);
    s +=
      circle(cx, cy, br, rng.pick(colors)) +
      circle(cx - br * 0.3, cy - br * 0.3, br * 0.3, '#ffffff', ' opacity="0.45"');
  }
  return s;
}

export const food: Scene = (rng, w, h) => {
  const [t1, t2] = rng.pick(TABLES);
  const m = Math.min(w, h);
  let defs = linear('table', [
    { offset: 0, color: t1 },
    { offset: 1, color: t2 },
  ]);
  defs += radial('plate', [
    { offset: 0, color: '#ffffff' },
    { offset: 0.8, color: '#f4f1ea' },
    { offset: 1, color: '#dcd6cb' },
  ]);
  defs += radial('shade', [
    { offset: 0.7, color: '#000000', opacity: 0.35 },
    { offset: 1, color: '#000000', opacity: 0 },
  ]);
  let body = rect(w, h, 'url(#table)');
  // Grain or stripes on the table so it does not look like a flat fill.
  for (let i = 0; i < 14; i++) {
    const y = rng.float(0, h);
    body += `<rect y="${f(y)}" width="${w}" height="${f(rng.float(2, 10))}" fill="${mix(t2, '#000000', 0.2)}" opacity="${f(rng.float(0.05, 0.15))}"/>`;
  }
  const px = w / 2 + rng.float(-0.08, 0.08) * w;
  const py = h / 2 + rng.float(-0.06, 0.06) * h;
  const pr = m * rng.float(0.32, 0.38);
  body += circle(px + pr * 0.06, py + pr * 0.1, pr * 1.12, 'url(#shade)');
  body += circle(px, py, pr, 'url(#plate)') + circle(px, py, pr * 0.78, '#f7f4ee');
  body += rng.pick([pizza, salad, breakfast, berries])(rng, px, py, pr * 0.76);
  // Coffee cup in a corner, partly off the edge like a real overhead shot.
  const cx = rng.pick([0.12, 0.88]) * w;
  const cy = rng.pick([0.12, 0.88]) * h;
  const cr = m * 0.12;
  body += circle(cx + cr * 0.08, cy + cr * 0.12, cr * 1.3, 'url(#shade)');
  body += circle(cx, cy, cr, '#ffffff') + circle(cx, cy, cr * 0.78, '#6b3e26');
  body += `<path d="${blob(rng, cx, cy, cr * 0.35, 0.3)}" fill="#e8cfae" opacity="0.9"/>`;
  return svgDoc(w, h, defs, body);
};
