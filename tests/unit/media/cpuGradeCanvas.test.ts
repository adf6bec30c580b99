// @vitest-environment node
import fs from 'node:fs';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { namedFilterUniforms } from '../../../shaders/filter';

// The frame read straight into the module's memory (frameRead.ts needs a VideoFrame): here each
// fake canvas carries its pixels, and its read resolves when the test says so.
interface FakeCanvas {
  width: number;
  height: number;
  value: number;
  read: Promise<void>;
}
vi.mock('../../../workers/frameRead', () => ({
  canvasBands: () => null,
  readCanvasInto: async (canvas: FakeCanvas, dest: Uint8ClampedArray) => {
    await canvas.read;
    dest.fill(canvas.value);
    return 'rgba';
  },
}));

const { gradeCanvasOnCpu } = await import('../../../workers/cpuGrade');

function canvas(width: number, height: number, value: number, read = Promise.resolve()) {
  return { width, height, value, read } as FakeCanvas & OffscreenCanvas;
}

beforeEach(() => {
  // The plain build, as the worker fetches it (Node 20 validates relaxed SIMD only behind a flag).
  const bytes = fs.readFileSync('wasm/grade.wasm');
  vi.stubGlobal('fetch', async () => new Response(bytes));
});
afterEach(() => vi.unstubAllGlobals());

it('hands the graded frame over before another grade on the thread grows the memory', async () => {
  // Main-thread fallback, two exports at once: the small frame's read finishes, and the large
  // frame's export starts a few microtasks later (growing the module's memory, which detaches
  // every view of it). Whenever it starts, the small export's pixels are handed over whole and
  // right, or not at all (null: the caller reads and grades the frame another way).
  const u = namedFilterUniforms('normal', 1, { brightness: 0, contrast: 0, vignette: 40 });
  let handed = 0;
  for (let ticks = 0; ticks < 12; ticks += 1) {
    let readSmall = () => {};
    const small = canvas(16, 16, 120, new Promise<void>((resolve) => (readSmall = resolve)));
    const seen: { length: number; centre: number }[] = [];
    const first = gradeCanvasOnCpu(small, u, 'wasm', (pixels) =>
      seen.push({ length: pixels.length, centre: pixels[4 * (8 * 16 + 8)] }),
    );
    for (let i = 0; i < 5; i += 1) await Promise.resolve();
    readSmall();
    for (let i = 0; i < ticks; i += 1) await Promise.resolve();
    // Each round's large frame is larger than the last, so that its layout grows the memory.
    const large = canvas(1000 + 100 * ticks, 1000, 60);
    const second = gradeCanvasOnCpu(large, u, 'wasm', () => {});
    const engine = await first;
    expect(await second).toBe('wasm');
    expect(seen).toHaveLength(engine ? 1 : 0);
    if (!engine) continue;
    handed += 1;
    expect(seen[0].length).toBe(4 * 16 * 16);
    // Vignette 40 leaves the centre of a flat frame about as it was.
    expect(Math.abs(seen[0].centre - 120)).toBeLessThanOrEqual(2);
  }
  expect(handed).toBeGreaterThan(0);
});

it('grades a frame read in BGRA order (a VideoFrame of a canvas) to the same RGBA bytes', async () => {
  const { instantiateGrader } = await import('../../../shaders/filter/wasmGrade');
  const { sameBytes } = await vi.importActual<typeof import('../../../workers/frameRead')>(
    '../../../workers/frameRead',
  );
  const grader = await instantiateGrader(fs.readFileSync('wasm/grade.wasm'));
  if (!grader) throw new Error('no WebAssembly SIMD');
  const width = 37;
  const height = 23;
  const rgba = new Uint8ClampedArray(4 * width * height);
  let seed = 7;
  for (let i = 0; i < rgba.length; i += 1) {
    seed = (seed * 1103515245 + 12345) >>> 0;
    rgba[i] = i % 4 === 3 ? 255 : seed >>> 24;
  }
  const bgra = rgba.map((_, i) => rgba[i - (i % 4) + [2, 1, 0, 3][i % 4]]);
  expect(sameBytes(rgba, bgra, 'bgra')).toBe(true);
  expect(sameBytes(rgba, bgra, 'rgba')).toBe(false);
  const all = { brightness: 30, contrast: 20, saturation: -25, warmth: 15, fade: 20 };
  for (const u of [
    namedFilterUniforms('clarendon', 1),
    namedFilterUniforms('clarendon', 0.6, { ...all, highlights: -40, vignette: 60, sharpen: 70 }),
    namedFilterUniforms('normal', 1, { shadows: 35, sharpen: 40 }),
  ]) {
    const expected = grader.grade(rgba, width, height, u).slice();
    let graded: Uint8ClampedArray | null = null;
    const fill = async (input: Uint8ClampedArray) => (input.set(bgra), 'bgra' as const);
    expect(await grader.gradeFilled(width, height, u, fill, (out) => (graded = out.slice()))).toBe(
      true,
    );
    expect(graded).toEqual(expected);
  }
});
