// Profile pictures: a diagonal gradient with the member's initials in white.
import type { Rng } from '../random.ts';
import { GRADIENTS } from './palettes.ts';
import { f, linear, radial, rect, svgDoc } from './svg.ts';

export const AVATAR_SIZE = 320;

export function initials(fullName: string, username: string): string {
  const words = fullName.split(/\s+/).filter(Boolean);
  const letters = words.length ? words.slice(0, 2).map((w) => w[0]) : [username[0]];
  return letters.join('').toUpperCase();
}

export function avatarSvg(rng: Rng, text: string, size = AVATAR_SIZE): string {
  const [a, b] = rng.pick(GRADIENTS);
  const defs =
    linear(
      'bg',
      [
        { offset: 0, color: a },
        { offset: 1, color: b },
      ],
      1,
      1,
    ) +
    radial('shine', [
      { offset: 0, color: '#ffffff', opacity: 0.35 },
      { offset: 1, color: '#ffffff', opacity: 0 },
    ]);
  const fontSize = text.length > 1 ? size * 0.38 : size * 0.46;
  const body =
    rect(size, size, 'url(#bg)') +
    `<circle cx="${f(size * 0.3)}" cy="${f(size * 0.25)}" r="${f(size * 0.6)}" fill="url(#shine)"/>` +
    `<text x="50%" y="50%" dy="0.35em" text-anchor="middle" font-family="DejaVu Sans, sans-serif" font-weight="bold" font-size="${f(fontSize)}" fill="#ffffff" fill-opacity="0.95">${text}</text>`;
  return svgDoc(size, size, defs, body);
}
