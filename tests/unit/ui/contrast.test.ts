// @vitest-environment node
// WCAG AA text contrast of the design tokens (issue 17): every text colour on every surface it sits
// on, and white text on the filled buttons. Reads src/styles/tokens.css itself.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const TOKENS = fs.readFileSync(path.resolve(__dirname, '../../../src/styles/tokens.css'), 'utf8');

function token(name: string): string {
  const match = new RegExp(`--${name}:\\s*(#[0-9a-fA-F]{6})\\b`).exec(TOKENS);
  if (!match) throw new Error(`--${name} is not a #rrggbb colour in tokens.css`);
  return match[1];
}

function luminance(hex: string): number {
  const channels = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16) / 255);
  const [r, g, b] = channels.map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4));
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

function contrast(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
}

const SURFACES = ['color-surface', 'color-bg', 'color-surface-muted', 'color-separator'];
const TEXT = [
  'color-text',
  'color-text-secondary',
  'color-text-muted',
  'color-primary',
  'color-primary-hover',
  'color-link',
  'color-danger',
  'color-success',
];

describe('design token contrast', () => {
  for (const text of TEXT) {
    for (const surface of SURFACES) {
      it(`--${text} on --${surface} is at least 4.5:1`, () => {
        expect(contrast(token(text), token(surface))).toBeGreaterThanOrEqual(4.5);
      });
    }
  }

  for (const fill of ['color-primary', 'color-primary-hover', 'color-danger']) {
    it(`white text on --${fill} is at least 4.5:1`, () => {
      expect(contrast('#ffffff', token(fill))).toBeGreaterThanOrEqual(4.5);
    });
  }

  it('the focus ring stands out 3:1 from the page and the cards', () => {
    for (const surface of ['color-surface', 'color-bg']) {
      expect(contrast(token('color-focus'), token(surface))).toBeGreaterThanOrEqual(3);
    }
  });
});
