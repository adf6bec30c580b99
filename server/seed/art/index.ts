// Scene registry: the plan picks a kind per picture (so the caption can match it) and the
// renderer turns kind + seed into SVG text.
import type { Rng } from '../random.ts';
import { blobs, bokeh, confetti, shapes } from './abstract.ts';
import { food } from './food.ts';
import { GRADIENTS } from './palettes.ts';
import { f, linear, rect, svgDoc } from './svg.ts';
import { aurora, city, dunes, mountains, sea } from './landscapes.ts';

export { avatarSvg, initials, AVATAR_SIZE } from './avatar.ts';

const SCENES = { mountains, sea, city, dunes, aurora, bokeh, blobs, shapes, confetti, food };
export type SceneKind = keyof typeof SCENES;

/** Landscapes dominate, as on the real network; weights are repeats in the list. */
const WEIGHTED: SceneKind[] = [
  'mountains',
  'mountains',
  'mountains',
  'sea',
  'sea',
  'sea',
  'city',
  'city',
  'dunes',
  'aurora',
  'bokeh',
  'blobs',
  'shapes',
  'confetti',
  'food',
  'food',
];

export const pickScene = (rng: Rng): SceneKind => rng.pick(WEIGHTED);

export const pictureSvg = (kind: SceneKind, rng: Rng, w: number, h: number): string =>
  SCENES[kind](rng, w, h);

/** The promotion's 72×72 image: a bright gradient badge with a compass-like ring. */
export function promoSvg(rng: Rng, size: number): string {
  const [a, b] = rng.pick(GRADIENTS);
  const c = size / 2;
  const defs = linear(
    'bg',
    [
      { offset: 0, color: a },
      { offset: 1, color: b },
    ],
    1,
    1,
  );
  const body =
    rect(size, size, 'url(#bg)') +
    `<circle cx="${c}" cy="${c}" r="${f(size * 0.3)}" fill="none" stroke="#ffffff" stroke-width="${f(size * 0.07)}"/>` +
    `<path d="M${f(c + size * 0.13)},${f(c - size * 0.13)}L${f(c + size * 0.05)},${f(c + size * 0.05)}L${f(c - size * 0.13)},${f(c + size * 0.13)}L${f(c - size * 0.05)},${f(c - size * 0.05)}Z" fill="#ffffff"/>`;
  return svgDoc(size, size, defs, body);
}
