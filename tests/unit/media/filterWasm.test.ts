// @vitest-environment node
/**
 * The WebAssembly SIMD grade (wasm/grade.ts → wasm/grade.wasm and, with relaxed SIMD's fused
 * multiply-add, wasm/grade-relaxed.wasm; shaders/filter/wasmGrade.ts) against the same per-pixel
 * transcription of filter.frag the JavaScript twin is held to, and the committed modules against
 * a fresh build of their source.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import v8 from 'node:v8';
import { beforeAll, describe, expect, it } from 'vitest';
import { CURVE_STEPS, applyFilterCpu } from '../../../shaders/filter/cpu';
import { FILTERS, FILTER_NAMES, type FilterName } from '../../../shaders/filter/looks';
import { ADJUSTMENT_NAMES, adjustmentRange } from '../../../shaders/filter/adjustments';
import { filterUniforms } from '../../../shaders/filter/uniforms';
import {
  bandInput,
  hasRelaxedSimd,
  instantiateGrader,
  type WasmGrader,
} from '../../../shaders/filter/wasmGrade';
import type { Adjustments } from '../../../shaders/filter';
import { applyFilterReference, sweepFrame } from './filterReference';

const MODULES = ['wasm/grade.wasm', 'wasm/grade-relaxed.wasm'];
let grader: WasmGrader;

type Image = ReturnType<typeof sweepFrame>;

function gradeWasm(
  image: Image,
  name: FilterName,
  strength: number,
  adjustments?: Partial<Adjustments>,
) {
  const out = new Uint8ClampedArray(image.data.length);
  const u = filterUniforms(FILTERS[name], name === 'normal' ? 0 : strength, adjustments);
  grader.gradeInto(image.data, image.width, image.height, u, out);
  return out;
}

const worst = (a: Uint8ClampedArray, b: Uint8ClampedArray) =>
  a.reduce((most, v, i) => Math.max(most, Math.abs(v - b[i])), 0);

const every = {
  brightness: 40,
  contrast: -30,
  saturation: 50,
  warmth: -40,
  fade: 35,
  highlights: -60,
  shadows: 45,
  vignette: 70,
  sharpen: 80,
};

describe.each(MODULES)('the WebAssembly grade (%s)', (module) => {
  beforeAll(async () => {
    // Node 20 has relaxed SIMD behind a flag (Chromium and Node 22+ have it on).
    if (module.includes('relaxed') && !hasRelaxedSimd()) {
      v8.setFlagsFromString('--experimental-wasm-relaxed-simd');
    }
    const loaded = await instantiateGrader(fs.readFileSync(path.resolve(module)));
    if (!loaded) throw new Error(`${module} did not load`);
    grader = loaded;
  });

  it.each(FILTER_NAMES)('%s matches the per-pixel shader maths within 1/255', (name) => {
    const image = sweepFrame();
    for (const strength of [1, 0.35]) {
      const exact = applyFilterReference(image, FILTERS[name], strength).data;
      expect(
        worst(gradeWasm(image, name, strength), exact),
        `${name} ${strength}`,
      ).toBeLessThanOrEqual(1);
    }
  });

  it.each(ADJUSTMENT_NAMES)('%s at both ends matches it too', (name) => {
    const image = sweepFrame();
    const { min, max } = adjustmentRange(name);
    for (const filter of ['normal', 'clarendon', 'slumber'] as const) {
      for (const value of [min, max]) {
        const exact = applyFilterReference(image, FILTERS[filter], 0.8, { [name]: value });
        const fast = gradeWasm(image, filter, 0.8, { [name]: value });
        expect(worst(fast, exact.data), `${filter} ${name} ${value}`).toBeLessThanOrEqual(1);
      }
    }
  });

  it('every adjustment at once, after every filter, matches it', () => {
    const image = sweepFrame();
    for (const filter of FILTER_NAMES) {
      const exact = applyFilterReference(image, FILTERS[filter], 1, every).data;
      expect(worst(gradeWasm(image, filter, 1, every), exact), filter).toBeLessThanOrEqual(1);
    }
  });

  it('Normal without adjustments changes nothing', () => {
    const image = sweepFrame();
    expect(gradeWasm(image, 'normal', 1)).toEqual(image.data);
  });

  it('agrees with the JavaScript twin on a large frame of pseudo-random colours', () => {
    // 701×499 (odd sizes: rows end inside a group of four), more colours than the twin's cache.
    const width = 701;
    const height = 499;
    const data = new Uint8ClampedArray(width * height * 4);
    let seed = 7;
    for (let i = 0; i < data.length; i += 4) {
      seed = (seed * 1103515245 + 12345) >>> 0;
      data[i] = seed >>> 24;
      data[i + 1] = (seed >>> 16) & 0xff;
      data[i + 2] = (seed >>> 8) & 0xff;
      data[i + 3] = i % 7 === 0 ? 128 : 255;
    }
    const image = { data, width, height };
    for (const [filter, adjustments] of [
      ['clarendon', undefined],
      ['clarendon', every],
      ['perpetua', every],
    ] as const) {
      const twin = applyFilterCpu(image, FILTERS[filter], 1, adjustments).data;
      const fast = gradeWasm(image, filter, 1, adjustments);
      expect(worst(fast, twin), filter).toBeLessThanOrEqual(1);
      // Alpha is carried over as it is.
      for (let i = 3; i < data.length; i += 4 * 97) expect(fast[i]).toBe(data[i]);
    }
  });

  it('graded in bands of rows (as a split between two threads would), the frame comes out the same', () => {
    const image = sweepFrame();
    const { width, height, data } = image;
    for (const adjustments of [undefined, every]) {
      const u = filterUniforms(FILTERS.perpetua, 1, adjustments);
      const whole = new Uint8ClampedArray(data.length);
      grader.gradeInto(data, width, height, u, whole);
      for (const cuts of [
        [0, 1, height],
        [0, 17, height],
        [0, 20, 21, height - 1, height],
      ]) {
        const banded = new Uint8ClampedArray(data.length);
        for (let i = 0; i + 1 < cuts.length; i += 1) {
          const [first, last] = [cuts[i], cuts[i + 1]];
          const { top, bottom } = bandInput(first, last, height);
          const rows = data.slice(4 * width * top, 4 * width * bottom);
          banded.set(grader.gradeRows(rows, width, height, first, last, u), 4 * width * first);
        }
        expect(banded, `${cuts.join(',')} ${adjustments ? 'adjusted' : ''}`).toEqual(whole);
      }
    }
  });
});

it('the module reads curve tables of the length the twin makes them', () => {
  const source = fs.readFileSync('wasm/curves.ts', 'utf8');
  expect(source).toContain(`export const CURVE_STEPS: f64 = ${CURVE_STEPS};`);
  expect(source).toContain(`export const CURVE_LENGTH = ${CURVE_STEPS + 2};`);
});

it('the committed modules are the builds of wasm/grade.ts (npm run build:wasm)', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'glint-wasm-'));
  try {
    const script = JSON.parse(fs.readFileSync('package.json', 'utf8')).scripts[
      'build:wasm'
    ] as string;
    const commands = script.split('&&').map((command) => command.trim().split(/\s+/));
    expect(commands.map((command) => command[command.indexOf('--outFile') + 1])).toEqual(MODULES);
    for (const command of commands) {
      const args = command
        .slice(1)
        .map((arg) => (MODULES.includes(arg) ? path.join(dir, path.basename(arg)) : arg));
      execFileSync(path.resolve('node_modules/.bin/asc'), args, { stdio: 'pipe' });
    }
    for (const module of MODULES) {
      const built = fs.readFileSync(path.join(dir, path.basename(module)));
      expect(
        built.equals(fs.readFileSync(module)),
        `${module}: run \`npm run build:wasm\` and commit it`,
      ).toBe(true);
    }
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}, 90_000);
