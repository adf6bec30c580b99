// Non-figurative pieces: bokeh lights, soft gradient blobs, bold shapes and confetti.
import type { Rng } from '../random.ts';
import type { Scene } from './landscapes.ts';
import { ACCENTS, GRADIENTS } from './palettes.ts';
import { f, linear, mix, radial, rect, smoothPath, svgDoc, type Point } from './svg.ts';

/**
 * Soft discs drawn with radial gradients that fade at the rim: they read as out-of-focus lights
 * at a fraction of the cost of an SVG blur filter.
 */
function softDiscs(pal: string[], prefix: string, edge: number): string {
  return pal
    .map((c, i) =>
      radial(`${prefix}${i}`, [
        { offset: 0, color: mix(c, '#ffffff', 0.25) },
        { offset: edge, color: c, opacity: 0.9 },
        { offset: 1, color: c, opacity: 0 },
      ]),
    )
    .join('');
}

export const bokeh: Scene = (rng, w, h) => {
  const pal = rng.pick(ACCENTS);
  let defs = linear('bg', [
    { offset: 0, color: mix(rng.pick(pal), '#05050f', 0.85) },
    { offset: 1, color: mix(rng.pick(pal), '#05050f', 0.7) },
  ]);
  defs += softDiscs(pal, 'far', 0.55) + softDiscs(pal, 'near', 0.85);
  let body = rect(w, h, 'url(#bg)');
  for (const [kind, count, rmin, rmax, omin, omax] of [
    ['far', rng.int(18, 28), 0.07, 0.16, 0.25, 0.5],
    ['near', rng.int(12, 20), 0.025, 0.07, 0.4, 0.8],
  ] as const) {
    for (let i = 0; i < count; i++) {
      body += `<circle cx="${f(rng.float(0, w))}" cy="${f(rng.float(0, h))}" r="${f(rng.float(rmin, rmax) * w)}" fill="url(#${kind}${rng.int(0, pal.length - 1)})" opacity="${f(rng.float(omin, omax))}"/>`;
    }
  }
  return svgDoc(w, h, defs, body);
};

/** Big colour fields that melt into each other, like a mesh gradient. */
export const blobs: Scene = (rng, w, h) => {
  const pal = rng.pick(ACCENTS).map((c) => mix(c, '#ffffff', 0.15));
  let defs = pal
    .map((c, i) =>
      radial(`b${i}`, [
        { offset: 0, color: c },
        { offset: 0.45, color: c, opacity: 0.75 },
        { offset: 1, color: c, opacity: 0 },
      ]),
    )
    .join('');
  let body = rect(w, h, mix(rng.pick(pal), '#ffffff', 0.7));
  const big = Math.max(w, h);
  for (let i = 0; i < 7; i++) {
    const r = rng.float(0.35, 0.65) * big;
    body += `<circle cx="${f(rng.float(-0.1, 1.1) * w)}" cy="${f(rng.float(-0.1, 1.1) * h)}" r="${f(r)}" fill="url(#b${i % pal.length})"/>`;
  }
  // A crisp ring on top gives the eye somewhere to rest.
  if (rng.chance(0.6)) {
    const r = rng.float(0.18, 0.3) * Math.min(w, h);
    defs += linear('ring', [
      { offset: 0, color: '#ffffff', opacity: 0.95 },
      { offset: 1, color: '#ffffff', opacity: 0.3 },
    ]);
    body += `<circle cx="${f(w / 2)}" cy="${f(h / 2)}" r="${f(r)}" fill="none" stroke="url(#ring)" stroke-width="${f(r * 0.06)}"/>`;
  }
  return svgDoc(w, h, defs, body);
};

function shape(rng: Rng, w: number, h: number, fill: string): string {
  const cx = rng.float(0.1, 0.9) * w;
  const cy = rng.float(0.1, 0.9) * h;
  const s = rng.float(0.14, 0.32) * Math.min(w, h);
  const rot = `transform="rotate(${f(rng.float(0, 360))} ${f(cx)} ${f(cy)})"`;
  switch (rng.int(0, 4)) {
    case 0:
      return `<circle cx="${f(cx)}" cy="${f(cy)}" r="${f(s)}" fill="${fill}"/>`;
    case 1:
      return `<rect x="${f(cx - s)}" y="${f(cy - s * 0.6)}" width="${f(s * 2)}" height="${f(s * 1.2)}" rx="${f(s * 0.25)}" fill="${fill}" ${rot}/>`;
    case 2:
      return `<path d="M${f(cx - s)},${f(cy)}A${f(s)},${f(s)} 0 0 1 ${f(cx + s)},${f(cy)}Z" fill="${fill}" ${rot}/>`;
    case 3:
      return `<path d="M${f(cx)},${f(cy - s)}L${f(cx + s)},${f(cy + s * 0.8)}L${f(cx - s)},${f(cy + s * 0.8)}Z" fill="${fill}" ${rot}/>`;
    default: {
      const pts: Point[] = [];
      for (let a = 0; a < 6.28; a += 0.9) {
        const r = s * rng.float(0.7, 1.15);
        pts.push([cx + Math.cos(a) * r, cy + Math.sin(a) * r]);
      }
      return `<path d="${smoothPath(pts, true)}" fill="${fill}"/>`;
    }
  }
}

/** Flat geometric shapes with soft shadows, in the spirit of a Bauhaus poster. */
export const shapes: Scene = (rng, w, h) => {
  const pal = rng.pick(ACCENTS);
  const paper = mix(rng.pick(pal), '#fbf7ef', 0.85);
  const items = Array.from({ length: rng.int(5, 8) }, () => ({
    seed: rng.fork(),
    fill: rng.pick(pal),
  }));
  let shadow = '';
  let body = '';
  for (const it of items) {
    const a = shape(it.seed.fork(), w, h, '#000000');
    shadow += a;
    body += a.replace('fill="#000000"', `fill="${it.fill}"`);
  }
  const dots = Array.from(
    { length: rng.int(20, 40) },
    () =>
      `<circle cx="${f(rng.float(0, w))}" cy="${f(rng.float(0, h))}" r="${f(rng.float(3, 7))}" fill="${rng.pick(pal)}"/>`,
  ).join('');
  return svgDoc(
    w,
    h,
    '',
    // A flat offset shadow (no blur filter: blurs are the slowest thing librsvg draws).
    `${rect(w, h, paper)}<g opacity="0.12" transform="translate(${f(w * 0.014)} ${f(w * 0.02)})">${shadow}</g>${body}${dots}`,
  );
};

export const confetti: Scene = (rng, w, h) => {
  const [a, b] = rng.pick(GRADIENTS);
  const pal = rng.pick(ACCENTS);
  let defs = linear('bg', [
    { offset: 0, color: mix(a, '#ffffff', 0.55) },
    { offset: 1, color: mix(b, '#ffffff', 0.45) },
  ]);
  defs += radial('glow', [
    { offset: 0, color: '#ffffff', opacity: 0.7 },
    { offset: 1, color: '#ffffff', opacity: 0 },
  ]);
  let body = rect(w, h, 'url(#bg)');
  body += `<circle cx="${f(w / 2)}" cy="${f(h / 2)}" r="${f(0.45 * Math.max(w, h))}" fill="url(#glow)"/>`;
  for (let i = rng.int(150, 220); i > 0; i--) {
    const x = rng.float(0, w);
    const y = rng.float(0, h);
    const c = rng.pick(pal);
    const rot = `transform="rotate(${f(rng.float(0, 180))} ${f(x)} ${f(y)})"`;
    const k = rng.next();
    if (k < 0.5) {
      body += `<rect x="${f(x)}" y="${f(y)}" width="${f(rng.float(20, 40))}" height="${f(rng.float(9, 15))}" rx="3" fill="${c}" ${rot}/>`;
    } else if (k < 0.8) {
      body += `<circle cx="${f(x)}" cy="${f(y)}" r="${f(rng.float(6, 14))}" fill="${c}"/>`;
    } else {
      body += `<path d="M${f(x)},${f(y)}q12,-15 24,0t24,0" fill="none" stroke="${c}" stroke-width="7" stroke-linecap="round" ${rot}/>`;
    }
  }
  return svgDoc(w, h, defs, body);
};
