// @vitest-environment node
// Spec §9 (accounts-platform and content): the style sheets break only at the spec's widths, and the
// layout constants (feed width, confirm dialog, dropdowns) hold. Reads every CSS file under src/.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { FULL_BLEED_MAX_WIDTH } from '../../../src/canvas/story/layout';
import {
  BREAKPOINTS,
  CONFIRM_DIALOG_WIDTH,
  DROPDOWN_MAX_HEIGHT,
  FEED_WIDTH,
  LARGE_SCREEN_MIN,
  MEDIUM_SCREEN_MAX,
  NOTIFICATION_DROPDOWN_WIDTH,
} from '../../../src/lib/tokens';

const SRC = path.resolve(__dirname, '../../../src');
/** "Style breakpoints 413, 500, 735, 736, 768, 876". */
const SPEC_BREAKPOINTS = [413, 500, 735, 736, 768, 876];

function cssFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return cssFiles(full);
    return entry.name.endsWith('.css') ? [full] : [];
  });
}

interface Rule {
  file: string;
  /** The enclosing at-rule preludes, outermost first ("@media (max-width: 735px)"). */
  atRules: string[];
  selectors: string[];
  declarations: Map<string, string>;
}

/** The breakpoints as custom media (src/styles/media.css), by name: `--phone` → its query. */
const CUSTOM_MEDIA = new Map(
  [
    ...fs
      .readFileSync(path.join(SRC, 'styles/media.css'), 'utf8')
      .matchAll(/@custom-media\s+(--[\w-]+)\s+([^;]+);/g),
  ].map((m) => [m[1]!, m[2]!.trim()]),
);

/** An @media prelude with its custom media written out, as the build does. */
const expandMedia = (prelude: string): string =>
  prelude.replace(/\((--[\w-]+)\)/g, (whole, name: string) => CUSTOM_MEDIA.get(name) ?? whole);

/** A small block parser: enough for plain CSS (nested at-rules, no CSS nesting in rules). */
function parseCss(file: string, source: string): { rules: Rule[]; atPreludes: string[] } {
  // Statements without a block (@import, @custom-media) carry no rules.
  const text = source
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/@(import|custom-media)\b[^;{]*;/g, '');
  const rules: Rule[] = [];
  const atPreludes: string[] = [];
  const stack: string[] = [];
  let start = 0;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (ch === '{') {
      const prelude = text.slice(start, i).trim().replace(/\s+/g, ' ');
      if (prelude.startsWith('@')) {
        const expanded = expandMedia(prelude);
        atPreludes.push(expanded);
        stack.push(expanded);
        start = i + 1;
        continue;
      }
      const end = text.indexOf('}', i);
      const body = text.slice(i + 1, end);
      const declarations = new Map<string, string>();
      for (const part of body.split(';')) {
        const colon = part.indexOf(':');
        if (colon < 0) continue;
        const name = part.slice(0, colon).trim();
        declarations.set(
          name,
          part
            .slice(colon + 1)
            .trim()
            .replace(/\s+/g, ' '),
        );
      }
      const selectors = prelude.split(',').map((s) => s.trim());
      rules.push({ file, atRules: [...stack], selectors, declarations });
      i = end;
      start = end + 1;
    } else if (ch === '}') {
      stack.pop();
      start = i + 1;
    }
  }
  return { rules, atPreludes };
}

const files = cssFiles(SRC);
const parsed = files.map((file) => ({
  file: path.relative(SRC, file),
  ...parseCss(path.relative(SRC, file), fs.readFileSync(file, 'utf8')),
}));
const allRules = parsed.flatMap((p) => p.rules);

/** Every width feature of every @media prelude, with where it came from. */
const mediaWidths = parsed.flatMap(({ file, atPreludes }) =>
  atPreludes
    .filter((prelude) => prelude.startsWith('@media'))
    .flatMap((prelude) =>
      [...prelude.matchAll(/\(([^()]*)\)/g)]
        .map((m) => m[1]!.trim())
        .filter((feature) => feature.includes('width') && !feature.includes('aspect-ratio'))
        .map((feature) => ({ file, prelude, feature })),
    ),
);

/** The root custom properties (tokens.css). */
const rootVars = new Map<string, string>();
for (const rule of allRules) {
  if (rule.atRules.length === 0 && rule.selectors.includes(':root')) {
    for (const [name, value] of rule.declarations)
      if (name.startsWith('--')) rootVars.set(name, value);
  }
}

const resolve = (value: string): string =>
  value.replace(/var\((--[\w-]+)\)/g, (whole, name: string) => {
    const found = rootVars.get(name);
    return found === undefined ? whole : resolve(found);
  });

/** The resolved value of `property` in the top-level (no @media) rule for `selector`. */
function declared(selector: string, property: string): string | undefined {
  const values = allRules
    .filter((rule) => rule.atRules.length === 0 && rule.selectors.includes(selector))
    .map((rule) => rule.declarations.get(property))
    .filter((value): value is string => value !== undefined);
  return values.length ? resolve(values[values.length - 1]!) : undefined;
}

/** Every value `property` takes for `selector`, in any @media block too. */
function everyValue(selector: string, property: string): string[] {
  return allRules
    .filter((rule) => rule.selectors.includes(selector))
    .map((rule) => rule.declarations.get(property))
    .filter((value): value is string => value !== undefined)
    .map(resolve);
}

describe('style sheets follow the spec breakpoints', () => {
  it('reads the style sheets', () => {
    expect(files.length).toBeGreaterThan(10);
    expect(mediaWidths.length).toBeGreaterThan(20);
  });

  it('the tokens module lists the spec breakpoints', () => {
    expect([...BREAKPOINTS]).toEqual(SPEC_BREAKPOINTS);
    expect(MEDIUM_SCREEN_MAX).toBe(875);
    expect(LARGE_SCREEN_MIN).toBe(876);
  });

  it('every @media width is a spec breakpoint (875 only as "below 876")', () => {
    const offSpec = mediaWidths
      .filter(({ feature }) => {
        const m = /^(min|max)-width\s*:\s*(\d+)px$/.exec(feature);
        if (!m) return true; // em, range syntax, device-width …: not the spec's px breakpoints
        const [, kind, px] = m;
        const width = Number(px);
        if (width === MEDIUM_SCREEN_MAX) return kind !== 'max';
        return !SPEC_BREAKPOINTS.includes(width);
      })
      .map(({ file, prelude }) => `${file}: ${prelude}`);
    expect(offSpec).toEqual([]);
  });

  it('the story viewer goes full-bleed at a spec breakpoint, in CSS and in its canvas layout', () => {
    expect(SPEC_BREAKPOINTS).toContain(FULL_BLEED_MAX_WIDTH);
    const frameRules = allRules.filter(
      (rule) =>
        rule.file === 'features/stories/stories.css' &&
        rule.selectors.includes('.story-viewer__frame') &&
        rule.atRules.some((at) => at.startsWith('@media')),
    );
    expect(frameRules.length).toBeGreaterThan(0);
    for (const rule of frameRules) {
      expect(rule.atRules.join(' ')).toContain(`(max-width: ${FULL_BLEED_MAX_WIDTH}px)`);
    }
  });
});

describe('layout constants', () => {
  it('the tokens match the spec and tokens.ts', () => {
    expect(FEED_WIDTH).toBe(614);
    expect(CONFIRM_DIALOG_WIDTH).toBe(330);
    expect(DROPDOWN_MAX_HEIGHT).toBe(362);
    expect(NOTIFICATION_DROPDOWN_WIDTH).toBe(500);
    expect(rootVars.get('--feed-width')).toBe(`${FEED_WIDTH}px`);
    expect(rootVars.get('--confirm-dialog-width')).toBe(`${CONFIRM_DIALOG_WIDTH}px`);
    expect(rootVars.get('--dropdown-max-height')).toBe(`${DROPDOWN_MAX_HEIGHT}px`);
    expect(rootVars.get('--notification-dropdown-width')).toBe(`${NOTIFICATION_DROPDOWN_WIDTH}px`);
  });

  it('the home feed column is 614 px wide', () => {
    expect(declared('.home__feed', 'max-width')).toBe('614px');
    for (const value of everyValue('.home__feed', 'max-width')) expect(value).toBe('614px');
  });

  it('the confirm dialog is 330 px wide', () => {
    expect(declared('.confirm-dialog', 'width')).toBe('330px');
    for (const value of everyValue('.confirm-dialog', 'width')) expect(value).toBe('330px');
  });

  it('the search dropdown is at most 362 px high', () => {
    expect(declared('.search-dropdown__scroll', 'max-height')).toBe('362px');
    for (const value of everyValue('.search-dropdown__scroll', 'max-height'))
      expect(value).toBe('362px');
  });

  it('the notification dropdown is 500 px wide and at most 362 px high', () => {
    // Narrow windows may shrink it, never widen it: min(500px, …).
    expect(declared('.activity-popup', 'width')).toMatch(/^(500px|min\(500px, .+\))$/);
    // The whole dropdown, "See all activity" included (issue 17); a short window may lower it.
    expect(declared('.activity-popup', 'max-height')).toMatch(/^(362px|min\(362px, .+\))$/);
    for (const value of everyValue('.activity-popup', 'max-height'))
      expect(value).toMatch(/^(362px|min\(362px, .+\))$/);
  });

  it('the home sidebar shows from the large-screen breakpoint (876 px) beside a 614 px feed', () => {
    const shown = allRules.filter(
      (rule) =>
        rule.selectors.includes('.home__sidebar') && rule.declarations.get('display') === 'block',
    );
    expect(shown.map((rule) => rule.atRules.join(' '))).toEqual([
      `@media (min-width: ${LARGE_SCREEN_MIN}px)`,
    ]);
  });
});
