// Outdoor scenes: mountains at sunset, the sea, a city skyline, desert dunes, an aurora forest.
import type { Rng } from '../random.ts';
import { SKIES, type SkyPalette } from './palettes.ts';
import { f, linear, mix, radial, rect, smoothPath, svgDoc, type Point } from './svg.ts';

export type Scene = (rng: Rng, w: number, h: number) => string;

function sky(p: SkyPalette, w: number, h: number, horizon: number) {
  const defs = linear('sky', [
    { offset: 0, color: p.sky[0] },
    { offset: horizon * 0.6, color: p.sky[1] },
    { offset: horizon, color: p.sky[2] },
    { offset: 1, color: p.sky[2] },
  ]);
  return { defs, body: rect(w, h, 'url(#sky)') };
}

/** A sun (or moon) with a soft halo drawn by a radial gradient, far cheaper than a blur. */
function sun(p: SkyPalette, x: number, y: number, r: number) {
  const defs = radial('halo', [
    { offset: 0, color: p.sun, opacity: 0.75 },
    { offset: 0.3, color: p.sun, opacity: 0.25 },
    { offset: 1, color: p.sun, opacity: 0 },
  ]);
  const body = `<circle cx="${f(x)}" cy="${f(y)}" r="${f(r * 5)}" fill="url(#halo)"/><circle cx="${f(x)}" cy="${f(y)}" r="${f(r)}" fill="${p.sun}"/>`;
  return { defs, body };
}

function clouds(rng: Rng, w: number, h: number, top: number, bottom: number) {
  const defs = radial('cloud', [
    { offset: 0, color: '#ffffff', opacity: 0.45 },
    { offset: 1, color: '#ffffff', opacity: 0 },
  ]);
  let body = '';
  for (let i = rng.int(2, 5); i > 0; i--) {
    const rx = rng.float(0.15, 0.35) * w;
    body += `<ellipse cx="${f(rng.float(0, w))}" cy="${f(rng.float(top, bottom) * h)}" rx="${f(rx)}" ry="${f(rx * rng.float(0.12, 0.22))}" fill="url(#cloud)"/>`;
  }
  return { defs, body };
}

/** A ridge across the picture, filled down to the bottom edge. */
function ridge(rng: Rng, w: number, h: number, base: number, amp: number, steps: number) {
  const pts: Point[] = [];
  for (let i = 0; i <= steps; i++) {
    const x = -0.1 * w + (i / steps) * 1.2 * w;
    pts.push([x, base - rng.float(0.2, 1) * amp]);
  }
  return `${smoothPath(pts)}L${f(1.1 * w)},${f(h)}L${f(-0.1 * w)},${f(h)}Z`;
}

export const mountains: Scene = (rng, w, h) => {
  const p = rng.pick(SKIES);
  const horizon = rng.float(0.55, 0.7);
  const s = sky(p, w, h, horizon);
  const sn = sun(p, rng.float(0.25, 0.75) * w, rng.float(0.3, 0.5) * h, rng.float(0.05, 0.08) * w);
  const cl = clouds(rng, w, h, 0.1, 0.35);
  let defs = s.defs + sn.defs + cl.defs;
  let body = s.body + cl.body + sn.body;
  for (let i = 0; i < 4; i++) {
    const base = h * (horizon - 0.05 + i * 0.1);
    const amp = h * (0.32 - i * 0.06);
    const far = mix(p.land[i], p.sky[2], 0.35 - i * 0.1);
    defs += linear(`m${i}`, [
      { offset: 0, color: far },
      { offset: 1, color: mix(p.land[i], '#000000', 0.25) },
    ]);
    body += `<path d="${ridge(rng, w, h, base, amp, rng.int(6, 11) - i)}" fill="url(#m${i})"/>`;
  }
  return svgDoc(w, h, defs, body);
};

export const sea: Scene = (rng, w, h) => {
  const p = rng.pick(SKIES);
  const horizon = rng.float(0.5, 0.62);
  const hy = horizon * h;
  const s = sky(p, w, h, horizon);
  const sx = rng.float(0.3, 0.7) * w;
  const r = rng.float(0.06, 0.09) * w;
  const sn = sun(p, sx, hy - r * rng.float(0.2, 1.4), r);
  const cl = clouds(rng, w, h, 0.08, horizon - 0.1);
  let defs = s.defs + sn.defs + cl.defs;
  defs += linear('water', [
    { offset: 0, color: mix(p.sky[2], p.land[1], 0.45) },
    { offset: 1, color: p.land[3] },
  ]);
  let body = s.body + cl.body + sn.body;
  if (rng.chance(0.5)) {
    const ix = rng.float(0, 0.6) * w;
    body += `<path d="${smoothPath([
      [ix, hy + 2],
      [ix + 0.1 * w, hy - rng.float(0.02, 0.06) * h],
      [ix + 0.3 * w, hy - rng.float(0.01, 0.03) * h],
      [ix + 0.4 * w, hy + 2],
    ])}Z" fill="${mix(p.land[2], p.sky[2], 0.3)}"/>`;
  }
  body += `<rect y="${f(hy)}" width="${w}" height="${f(h - hy)}" fill="url(#water)"/>`;
  // The sun's glitter path on the water: short strokes that widen towards the viewer.
  for (let y = hy + 6; y < h; y += rng.float(10, 22) * (1 + (y - hy) / h)) {
    const t = (y - hy) / (h - hy);
    const half = r * (0.6 + t * 2.2) * rng.float(0.4, 1);
    const o = 0.55 * (1 - t) + 0.05;
    body += `<rect x="${f(sx - half + rng.float(-8, 8))}" y="${f(y)}" width="${f(half * 2)}" height="${f(2 + t * 6)}" rx="${f(1 + t * 3)}" fill="${p.sun}" opacity="${(Math.round(o * 100) / 100).toString()}"/>`;
  }
  for (let i = 0; i < 9; i++) {
    const t = (i + 1) / 10;
    const y = hy + t * t * (h - hy);
    const amp = 3 + t * 14;
    const pts: Point[] = [];
    const phase = rng.float(0, 6.28);
    for (let x = -40; x <= w + 40; x += 60)
      pts.push([x, y + Math.sin(x / (40 + t * 60) + phase) * amp]);
    body += `<path d="${smoothPath(pts)}" fill="none" stroke="#ffffff" stroke-width="${f(1 + t * 3)}" opacity="${f(0.08 + t * 0.14)}"/>`;
  }
  return svgDoc(w, h, defs, body);
};

export const city: Scene = (rng, w, h) => {
  const p = rng.pick(SKIES.filter((_, i) => i !== 6));
  const ground = h * rng.float(0.82, 0.92);
  const s = sky(p, w, h, 0.85);
  const moon = sun(p, rng.float(0.15, 0.85) * w, rng.float(0.12, 0.3) * h, 0.04 * w);
  let defs = s.defs + moon.defs;
  let body = s.body;
  for (let i = rng.int(30, 70); i > 0; i--) {
    body += `<circle cx="${f(rng.float(0, w))}" cy="${f(rng.float(0, 0.45) * h)}" r="${f(rng.float(0.8, 2.4))}" fill="#ffffff" opacity="${f(rng.float(0.3, 0.9))}"/>`;
  }
  body += moon.body;
  const layers = [
    { color: mix(p.land[1], p.sky[2], 0.3), min: 0.25, max: 0.55, lit: 0.08 },
    { color: p.land[3], min: 0.12, max: 0.38, lit: 0.4 },
  ];
  for (const layer of layers) {
    // Lit windows are batched into three paths of different brightness: hundreds of separate
    // rects made this scene several times slower to render.
    const windows = ['', '', ''];
    let x = -rng.float(0, 40);
    while (x < w) {
      const bw = rng.float(0.05, 0.12) * w;
      const bh = rng.float(layer.min, layer.max) * h;
      const top = ground - bh;
      body += `<rect x="${f(x)}" y="${f(top)}" width="${f(bw - 3)}" height="${f(bh + h)}" fill="${layer.color}"/>`;
      if (rng.chance(0.2)) {
        body += `<rect x="${f(x + bw / 2 - 2)}" y="${f(top - 0.06 * h)}" width="4" height="${f(0.06 * h)}" fill="${layer.color}"/>`;
      }
      for (let wy = top + 14; wy < ground - 12; wy += 22) {
        for (let wx = x + 10; wx < x + bw - 16; wx += 18) {
          if (rng.chance(layer.lit)) windows[rng.int(0, 2)] += `M${f(wx)},${f(wy)}h8v11h-8Z`;
        }
      }
      x += bw;
    }
    windows.forEach((d, i) => {
      if (d) body += `<path d="${d}" fill="#ffd98a" opacity="${0.55 + i * 0.2}"/>`;
    });
  }
  defs += linear('street', [
    { offset: 0, color: mix(p.land[3], '#000000', 0.3) },
    { offset: 1, color: '#05060c' },
  ]);
  body += `<rect y="${f(ground)}" width="${w}" height="${f(h - ground)}" fill="url(#street)"/>`;
  return svgDoc(w, h, defs, body);
};

export const dunes: Scene = (rng, w, h) => {
  const p = rng.pick(SKIES);
  const horizon = rng.float(0.5, 0.62);
  const s = sky(p, w, h, horizon);
  const sn = sun(p, rng.float(0.2, 0.8) * w, rng.float(0.25, 0.42) * h, rng.float(0.07, 0.1) * w);
  let defs = s.defs + sn.defs;
  let body = s.body + sn.body;
  const sand = ['#f2c894', '#e4a767', '#cf8a4c', '#a8653a'];
  for (let i = 0; i < 4; i++) {
    const base = h * (horizon + i * 0.1);
    const c = mix(sand[i], p.sky[1], 0.25);
    defs += linear(`d${i}`, [
      { offset: 0, color: mix(c, '#ffffff', 0.15) },
      { offset: 1, color: mix(c, '#000000', 0.3) },
    ]);
    const d = ridge(rng, w, h, base, h * 0.12, 4);
    body += `<path d="${d}" fill="url(#d${i})"/>`;
  }
  return svgDoc(w, h, defs, body);
};

export const aurora: Scene = (rng, w, h) => {
  const p = SKIES[7];
  const s = sky(p, w, h, 0.8);
  let defs = s.defs;
  let body = s.body;
  for (let i = rng.int(60, 110); i > 0; i--) {
    body += `<circle cx="${f(rng.float(0, w))}" cy="${f(rng.float(0, 0.6) * h)}" r="${f(rng.float(0.7, 2.2))}" fill="#ffffff" opacity="${f(rng.float(0.3, 0.9))}"/>`;
  }
  const hues = rng.pick([
    ['#4ef5b2', '#7c5cff'],
    ['#5cffd1', '#2fb7ff'],
    ['#b4ff6a', '#ff6ad5'],
  ]);
  // Each band is one curve stroked several times, wide and faint to narrow and brighter: a glow
  // without an SVG blur filter, which would be the slowest thing in the whole seed.
  for (let i = 0; i < 3; i++) {
    const pts: Point[] = [];
    const y0 = rng.float(0.18, 0.4) * h;
    for (let x = -0.1 * w; x <= 1.1 * w; x += 0.2 * w) {
      pts.push([x, y0 + rng.float(-0.08, 0.08) * h]);
    }
    const d = smoothPath(pts);
    const width = rng.float(0.04, 0.08) * w;
    for (let k = 7; k >= 1; k--) {
      body += `<path d="${d}" fill="none" stroke="${hues[i % 2]}" stroke-width="${f(width * k * 0.4)}" stroke-linecap="round" opacity="${f(0.3 / (k + 0.5))}"/>`;
    }
  }
  body += `<path d="${ridge(rng, w, h, 0.72 * h, 0.12 * h, 7)}" fill="#1c2548"/>`;
  // A row of pine trees: stacked triangles, darker than the hills behind them.
  let x = -20;
  const base = 0.86 * h;
  while (x < w + 20) {
    const th = rng.float(0.1, 0.22) * h;
    const tw = th * 0.42;
    for (let k = 0; k < 3; k++) {
      const y = base - th + (k * th) / 3.2;
      const ww = tw * (0.55 + k * 0.25);
      body += `<path d="M${f(x)},${f(y)}L${f(x + ww / 2)},${f(y + th / 2.4)}L${f(x - ww / 2)},${f(y + th / 2.4)}Z" fill="#0b1020"/>`;
    }
    x += rng.float(0.35, 0.8) * tw;
  }
  defs += linear('snow', [
    { offset: 0, color: '#3b4a78' },
    { offset: 1, color: '#8d9cc6' },
  ]);
  body += `<rect y="${f(base)}" width="${w}" height="${f(h - base)}" fill="url(#snow)"/>`;
  return svgDoc(w, h, defs, body);
};
