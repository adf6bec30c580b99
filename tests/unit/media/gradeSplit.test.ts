// @vitest-environment node
/**
 * An export's WebAssembly grade split with the pool's idle worker (workers/gradeSplit.ts): the
 * two halves, put back where they belong, are the bytes of the whole frame graded by one thread,
 * whether the helper grades its half, declines (busy, no module) or never answers.
 */
import fs from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { FILTERS } from '../../../shaders/filter/looks';
import { filterUniforms } from '../../../shaders/filter/uniforms';
import { instantiateGrader, swapRedBlue, type WasmGrader } from '../../../shaders/filter/wasmGrade';
import {
  RECHECK_EVERY,
  SplitChoice,
  gradeSplit,
  releaseHelper,
  serveGradeBand,
} from '../../../workers/gradeSplit';

async function loadGrader(): Promise<WasmGrader> {
  const loaded = await instantiateGrader(fs.readFileSync(path.resolve('wasm/grade.wasm')));
  if (!loaded) throw new Error('grade.wasm did not load');
  return loaded;
}

/** Random opaque colours, an odd height so the halves differ by a row. */
function randomFrame(width: number, height: number) {
  const data = new Uint8ClampedArray(4 * width * height);
  let seed = 7;
  for (let i = 0; i < data.length; i += 1) {
    seed = (seed * 1103515245 + 12345) >>> 0;
    data[i] = i % 4 === 3 ? 255 : seed >>> 24;
  }
  return { data, width, height };
}

const EVERY = {
  brightness: 30,
  contrast: 20,
  saturation: -25,
  warmth: 15,
  fade: 20,
  highlights: -40,
  shadows: 35,
  vignette: 60,
  sharpen: 70,
};

let own: WasmGrader;
let helper: WasmGrader;

beforeAll(async () => {
  own = await loadGrader();
  // The helper is another thread with its own module: another instance here.
  helper = await loadGrader();
});

/**
 * A frame's rows read as a VideoFrame of the canvas gives them where its own order is BGRA
 * (frameRead.ts canvasBands); `closed` says whether the frame was closed yet.
 */
function bgraBands(image: ReturnType<typeof randomFrame>) {
  const { data, width } = image;
  const rowsOf = (y: number, count: number) =>
    swapRedBlue(data.slice(4 * width * y, 4 * width * (y + count)));
  const bands = {
    closed: false,
    reads: [] as number[][],
    rows(y: number, count: number) {
      bands.reads.push([y, count]);
      return Promise.resolve({ rows: rowsOf(y, count), order: 'bgra' as const });
    },
    into(y: number, count: number, dest: Uint8ClampedArray<ArrayBuffer>) {
      bands.reads.push([y, count]);
      dest.set(rowsOf(y, count));
      return Promise.resolve('bgra' as const);
    },
    close() {
      bands.closed = true;
    },
  };
  return bands;
}

/** A helper that is never busy and counts the bands it grades. */
function countingHelper() {
  const counting = {
    served: 0,
    serve: (port: MessagePort) =>
      serveGradeBand(
        port,
        Promise.resolve({
          ...helper,
          gradeRows: (...args: Parameters<WasmGrader['gradeRows']>) => {
            counting.served += 1;
            return helper.gradeRows(...args);
          },
        }),
        () => false,
      ),
  };
  return counting;
}

/** The split's output assembled as the export's putImageData calls would. */
async function split(
  image: ReturnType<typeof randomFrame>,
  serve: (port: MessagePort) => void,
  // Long by default: a helper that answers is waited for on a loaded machine too.
  timeoutMs = 10_000,
  bands: ReturnType<typeof bgraBands> | null = null,
) {
  const u = filterUniforms(FILTERS.clarendon, 1, EVERY);
  const { port1, port2 } = new MessageChannel();
  serve(port1);
  const { width, height, data } = image;
  const whole = own.grade(data, width, height, u).slice();
  const out = new Uint8ClampedArray(data.length);
  const puts: number[] = [];
  const reads: number[][] = [];
  const helped = await gradeSplit(
    own,
    { width, height },
    u,
    port2,
    (y, count) => {
      reads.push([y, count]);
      // The canvas: fresh rows each read, as getImageData gives; graded rows are put back only
      // above the lower band's first row.
      return data.slice(4 * width * y, 4 * width * (y + count));
    },
    (rows, y) => {
      // Nothing is put on the canvas while a VideoFrame of it is open (a copy of its backing).
      if (bands && !bands.closed) throw new Error('put while the frame was open');
      puts.push(y);
      out.set(rows, 4 * width * y);
    },
    timeoutMs,
    bands,
  );
  return { out, puts, reads, whole, helped };
}

describe('gradeSplit', () => {
  it("with the helper's half, gives the bytes of the whole frame graded on one thread", async () => {
    const image = randomFrame(301, 203);
    const counting = countingHelper();
    const { out, puts, reads, whole, helped } = await split(image, counting.serve);
    expect(counting.served).toBe(1);
    expect(helped).toBe(true);
    expect(puts).toEqual([0, 92]);
    expect(out).toEqual(whole);
    // The lower band (with the row above the seam) first, for the helper, then the upper one.
    expect(reads).toEqual([
      [91, 112],
      [0, 93],
    ]);
  });

  it('reads both bands through the frame in its own BGRA order, and closes it before the first put', async () => {
    const image = randomFrame(211, 157);
    const bands = bgraBands(image);
    const counting = countingHelper();
    const { out, puts, reads, whole, helped } = await split(image, counting.serve, 10_000, bands);
    expect(counting.served).toBe(1);
    expect(helped).toBe(true);
    expect(reads, 'nothing read through getImageData').toEqual([]);
    expect(bands.reads).toEqual([
      [70, 87],
      [0, 72],
    ]);
    expect(puts).toEqual([0, 71]);
    expect(out).toEqual(whole);
  });

  it('a helper that declines BGRA rows sends them back, graded here in their order', async () => {
    const image = randomFrame(90, 61);
    const { out, whole, helped } = await split(
      image,
      (port) => serveGradeBand(port, Promise.resolve(helper), () => true),
      10_000,
      bgraBands(image),
    );
    expect(helped).toBe(false);
    expect(out).toEqual(whole);
  });

  it('a helper that never answers BGRA rows: the lower half is read again, RGBA', async () => {
    const image = randomFrame(64, 81);
    const { out, reads, whole } = await split(image, () => undefined, 5, bgraBands(image));
    expect(out).toEqual(whole);
    expect(reads.at(-1), 'the lower half read again from the canvas').toEqual([37, 44]);
  });

  it('a helper busy with its own job declines, and the export grades both halves itself', async () => {
    const image = randomFrame(120, 97);
    const { out, whole, helped } = await split(image, (port) =>
      serveGradeBand(port, Promise.resolve(helper), () => true),
    );
    expect(out).toEqual(whole);
    expect(helped).toBe(false);
  });

  it('a helper without the module declines', async () => {
    const image = randomFrame(64, 80);
    const { out, whole } = await split(image, (port) =>
      serveGradeBand(port, Promise.resolve(null), () => false),
    );
    expect(out).toEqual(whole);
  });

  it('a helper that never answers is not waited for past the timeout', async () => {
    const image = randomFrame(64, 81);
    const { out, reads, whole } = await split(image, () => undefined, 5);
    expect(out).toEqual(whole);
    expect(reads.at(-1), 'the lower half read again from the canvas').toEqual([37, 44]);
  });

  it('an unused helper is released: it closes its end without grading', async () => {
    const { port1, port2 } = new MessageChannel();
    let asked = false;
    serveGradeBand(
      port1,
      Promise.resolve({
        ...helper,
        gradeRows: () => {
          asked = true;
          throw new Error('not asked');
        },
      }),
      () => false,
    );
    const closed = new Promise<void>((resolve) => port1.addEventListener('close', () => resolve()));
    releaseHelper(port2);
    await closed;
    expect(asked).toBe(false);
  });

  it('splits or grades alone as measured, per program variant, and measures the other way again now and then', () => {
    const choice = new SplitChoice();
    const sharpen = filterUniforms(FILTERS.clarendon, 1, EVERY);
    const look = filterUniforms(FILTERS.clarendon, 1);
    // Each way is measured once first.
    expect(choice.split(sharpen)).toBe(true);
    choice.record(sharpen, true, 12, 1);
    expect(choice.split(sharpen)).toBe(false);
    choice.record(sharpen, false, 9, 1);
    // Alone was faster: alone, but every RECHECK_EVERY-th export splits to measure it again.
    const ways = Array.from({ length: RECHECK_EVERY }, () => choice.split(sharpen));
    expect(ways.filter((w) => w)).toHaveLength(1);
    // The split got faster (a core came free): the median of the last three says split, and
    // the recheck now measures alone again.
    for (const ms of [6, 6]) choice.record(sharpen, true, ms, 1);
    expect([choice.split(sharpen), choice.split(sharpen), choice.split(sharpen)]).toEqual([
      true,
      true,
      false,
    ]);
    // Another program variant keeps its own measurements and its own count of exports.
    expect(choice.split(look)).toBe(true);
    choice.record(look, true, 5, 1);
    expect(choice.split(look)).toBe(false);
    choice.record(look, false, 9, 1);
    expect(Array.from({ length: RECHECK_EVERY - 2 }, () => choice.split(look))).toEqual([
      true,
      true,
      false,
    ]);
  });

  it('compares times per pixel, so a larger frame split is not taken for a slower way', () => {
    const choice = new SplitChoice();
    const look = filterUniforms(FILTERS.clarendon, 1);
    choice.split(look);
    choice.record(look, true, 12, 1080 * 1350);
    choice.split(look);
    choice.record(look, false, 8, 1080 * 566);
    // 12 ms for 1.46 MP beats 8 ms for 0.61 MP.
    expect(choice.split(look)).toBe(true);
  });
});
