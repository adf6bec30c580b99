// @vitest-environment node
import { expect, it, vi } from 'vitest';
import { namedFilterUniforms } from '../../../shaders/filter';

// Where relaxed SIMD validates but its build fails to load, the worker loads the plain build
// instead of falling back to the JavaScript twin (about 3× slower).
const RELAXED = 1;
const PLAIN = 2;
vi.mock('../../../shaders/filter/wasmGrade', () => ({
  hasRelaxedSimd: () => true,
  instantiateGrader: async (bytes: ArrayBuffer) =>
    new Uint8Array(bytes)[0] === PLAIN ? { grade: (data: Uint8ClampedArray) => data } : null,
}));

it('loads the plain module when the relaxed one does not load', async () => {
  const fetched: string[] = [];
  vi.stubGlobal('fetch', async (url: string) => {
    fetched.push(String(url));
    return new Response(new Uint8Array([String(url).includes('relaxed') ? RELAXED : PLAIN]));
  });
  const { gradeOnCpu } = await import('../../../workers/cpuGrade');
  const image = { data: new Uint8ClampedArray([9, 9, 9, 255]), width: 1, height: 1 };
  const engine = await gradeOnCpu(image, namedFilterUniforms('normal', 1), 'auto', () => {});
  expect(engine).toBe('wasm');
  expect(fetched.map((url) => url.includes('relaxed'))).toEqual([true, false]);
  vi.unstubAllGlobals();
});
