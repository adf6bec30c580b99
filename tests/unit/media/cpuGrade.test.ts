// @vitest-environment node
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { namedFilterUniforms } from '../../../shaders/filter';

// The WebAssembly grade hands back a view of the module's memory, which the next grade on the
// thread overwrites. A stand-in grader with one shared output buffer, as the module has.
const shared = new Uint8ClampedArray(4);
let failNext = false;
vi.mock('../../../shaders/filter/wasmGrade', () => ({
  hasRelaxedSimd: () => false,
  instantiateGrader: async () => ({
    grade: (data: Uint8ClampedArray) => {
      if (failNext) {
        failNext = false;
        throw new RangeError('WebAssembly.Memory.grow(): Maximum memory size exceeded');
      }
      shared.set(data.subarray(0, 4));
      return shared;
    },
  }),
}));

const { gradeOnCpu } = await import('../../../workers/cpuGrade');

const image = (value: number) => ({
  data: new Uint8ClampedArray([value, value, value, 255]),
  width: 1,
  height: 1,
});

describe('gradeOnCpu', () => {
  beforeEach(() => {
    vi.stubGlobal('fetch', async () => new Response(new ArrayBuffer(8)));
    vi.spyOn(console, 'warn').mockImplementation(() => {});
  });
  afterEach(() => vi.unstubAllGlobals());

  it('hands each of two grades at once its own pixels', async () => {
    const u = namedFilterUniforms('normal', 1);
    const seen: number[] = [];
    const [a, b] = await Promise.all([
      gradeOnCpu(image(10), u, 'auto', (pixels) => seen.push(pixels[0])),
      gradeOnCpu(image(200), u, 'auto', (pixels) => seen.push(pixels[0])),
    ]);
    expect([a, b]).toEqual(['wasm', 'wasm']);
    expect(seen).toEqual([10, 200]);
  });

  it('grades in JavaScript when the WebAssembly grade throws, unless it was forced', async () => {
    const u = namedFilterUniforms('normal', 1);
    failNext = true;
    let graded: number | null = null;
    const engine = await gradeOnCpu(image(42), u, 'auto', (pixels) => (graded = pixels[0]));
    expect(engine).toBe('js');
    expect(graded).toBe(42);
    failNext = true;
    await expect(gradeOnCpu(image(42), u, 'wasm', () => {})).rejects.toThrow(RangeError);
  });
});
