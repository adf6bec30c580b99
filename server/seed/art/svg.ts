// Small helpers for writing SVG by hand: short numbers, colour mixing, smooth paths.

/** One decimal place keeps the SVG text small without visible loss. */
export const f = (n: number) => String(Math.round(n * 10) / 10);

export type Point = [number, number];

function parseHex(hex: string): [number, number, number] {
  const v = parseInt(hex.slice(1), 16);
  return [(v >> 16) & 255, (v >> 8) & 255, v & 255];
}

const toHex = (c: number) =>
  Math.round(Math.max(0, Math.min(255, c)))
    .toString(16)
    .padStart(2, '0');

/** Linear mix of two #rrggbb colours; t=0 gives a, t=1 gives b. */
export function mix(a: string, b: string, t: number): string {
  const [ar, ag, ab] = parseHex(a);
  const [br, bg, bb] = parseHex(b);
  return `#${toHex(ar + (br - ar) * t)}${toHex(ag + (bg - ag) * t)}${toHex(ab + (bb - ab) * t)}`;
}

/**
 * A closed, smooth outline through the points (Catmull-Rom turned into cubic Béziers), used for
 * ridges, dunes and blobs so nothing looks like a jagged polygon.
 */
export function smoothPath(points: Point[], closed = false): string {
  const n = points.length;
  const at = (i: number) =>
    closed ? points[(i + n) % n] : points[Math.max(0, Math.min(n - 1, i))];
  let d = `M${f(points[0][0])},${f(points[0][1])}`;
  const last = closed ? n : n - 1;
  for (let i = 0; i < last; i++) {
    const [p0, p1, p2, p3] = [at(i - 1), at(i), at(i + 1), at(i + 2)];
    const c1: Point = [p1[0] + (p2[0] - p0[0]) / 6, p1[1] + (p2[1] - p0[1]) / 6];
    const c2: Point = [p2[0] - (p3[0] - p1[0]) / 6, p2[1] - (p3[1] - p1[1]) / 6];
    d += `C${f(c1[0])},${f(c1[1])} ${f(c2[0])},${f(c2[1])} ${f(p2[0])},${f(p2[1])}`;
  }
  return closed ? `${d}Z` : d;
}

export interface Stop {
  offset: number;
  color: string;
  opacity?: number;
}

const stops = (list: Stop[]) =>
  list
    .map(
      (s) =>
        `<stop offset="${f(s.offset * 100)}%" stop-color="${s.color}"${
          s.opacity === undefined ? '' : ` stop-opacity="${Math.round(s.opacity * 100) / 100}"`
        }/>`,
    )
    .join('');

/** A gradient from top to bottom (or along the given unit vector). */
export function linear(id: string, list: Stop[], x2 = 0, y2 = 1): string {
  return `<linearGradient id="${id}" x1="0" y1="0" x2="${x2}" y2="${y2}">${stops(list)}</linearGradient>`;
}

export function radial(id: string, list: Stop[]): string {
  return `<radialGradient id="${id}">${stops(list)}</radialGradient>`;
}

export const blur = (id: string, sd: number) =>
  `<filter id="${id}" x="-50%" y="-50%" width="200%" height="200%"><feGaussianBlur stdDeviation="${f(sd)}"/></filter>`;

export function svgDoc(w: number, h: number, defs: string, body: string): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}"><defs>${defs}</defs>${body}</svg>`;
}

export const rect = (w: number, h: number, fill: string) =>
  `<rect width="${w}" height="${h}" fill="${fill}"/>`;
