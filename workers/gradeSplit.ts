/**
 * One export's WebAssembly grade split between two threads: the media worker running the export
 * grades the upper half of the frame while the pool's other worker, when it is idle, grades the
 * lower half (src/media/workerPool.ts lends it through a MessagePort). The frame is read from its
 * canvas in two bands, the lower first, so that the helper grades while the upper band is read.
 * The halves are graded by WasmGrader.gradeRows, which gives the whole frame's bytes exactly
 * (sharpen reads the row across the seam, read with each band; the vignette uses the row's place
 * in the whole frame).
 * A helper that is busy with its own job, has no WebAssembly or does not answer in time is not
 * waited for: the export grades the lower half itself, with the same bytes.
 */
import { bandInput, swapRedBlue, type WasmGrader } from '../shaders/filter/wasmGrade';
import { filterVariant, type FilterUniforms } from '../shaders/filter';
import type { CanvasBands } from './frameRead';

/** Graded rows of the frame (a view valid only during the call) and the first row's index. */
export type PutRows = (rows: Uint8ClampedArray<ArrayBuffer>, y: number) => void;
/** Reads rows y..y + count of the frame as they were before any graded row was put back. */
export type ReadRows = (y: number, count: number) => Uint8ClampedArray;

interface BandRequest {
  /** The frame's rows bandInput(first, last, height).top to .bottom, transferred: the helper
   * grades them in place (RGBA) and sends the buffer back. */
  rows: ArrayBuffer;
  /** The rows are BGRA (the VideoFrame's own order), not RGBA. */
  bgra: boolean;
  width: number;
  height: number;
  first: number;
  last: number;
  u: FilterUniforms;
}

/** Sent instead of a request when the export did not grade on the CPU: the helper lets go. */
interface BandCancel {
  cancel: true;
}

/** The rows back, first..last graded in place, or untouched when the helper declined. */
interface BandReply {
  rows: ArrayBuffer;
  graded: boolean;
}

/**
 * The export's thread grades this share of the rows: it also reads them from the canvas (the
 * helper's are read before it starts), so the helper takes a little more than half.
 */
export const UPPER_SHARE = 0.45;
/** Below this many rows a frame is graded by one thread: the messages would cost more. */
export const SPLIT_MIN_ROWS = 64;
/**
 * How long the export waits for the helper's half before grading it itself (a helper in a long
 * synchronous step of its own job, or ended).
 */
export const HELPER_TIMEOUT_MS = 25;

/** Every this many exports with a helper at hand, the way not chosen is measured again. */
export const RECHECK_EVERY = 5;
/** Measurements kept per way and program variant (their median decides). */
const KEPT = 3;

function median(values: number[]): number {
  const sorted = [...values].sort((x, y) => x - y);
  return sorted[sorted.length >> 1];
}

/**
 * Split or grade alone: chosen by measurement, per program variant. Two threads help only where
 * the second has a core of its own; on a machine whose other cores are busy (other tabs, other
 * programs) the halves share one core and the split's reads and messages only add. Each export
 * with a helper at hand times its read, grade and write-back (the canvas's drawing flushed
 * before, so the resize is not counted) and the faster way of the last few is taken, the other
 * one again every `RECHECK_EVERY` exports so that a change of load is seen.
 */
export class SplitChoice {
  private readonly times = new Map<string, { split: number[]; alone: number[]; count: number }>();

  private of(u: FilterUniforms) {
    const variant = filterVariant(u);
    let kept = this.times.get(variant);
    if (!kept) {
      kept = { split: [], alone: [], count: 0 };
      this.times.set(variant, kept);
    }
    return kept;
  }

  /** True when this export (with a helper at hand) should split. */
  split(u: FilterUniforms): boolean {
    const kept = this.of(u);
    kept.count += 1;
    const { split, alone } = kept;
    if (!split.length) return true;
    if (!alone.length) return false;
    const faster = median(split) < median(alone);
    // Counted per variant: exports that take turns between looks still recheck each of them.
    return kept.count % RECHECK_EVERY === 0 ? !faster : faster;
  }

  /**
   * What an export's read, grade and write-back took, split or alone, for a frame of `pixels`
   * (kept per pixel: exports of one look differ in size, 1080×566 to 1080×1350).
   */
  record(u: FilterUniforms, split: boolean, ms: number, pixels: number): void {
    const kept = this.of(u)[split ? 'split' : 'alone'];
    kept.push(ms / Math.max(1, pixels));
    if (kept.length > KEPT) kept.shift();
  }
}

/** This thread's choice (photoPipeline asks it when a helper is lent). */
export const splitChoice = new SplitChoice();

/**
 * The helper's side: answers one band request on `port` with the frame, its band graded in
 * place, or untouched (declined) when `busy()` (its own job started), the module is missing or
 * the grade throws; then closes.
 */
export function serveGradeBand(
  port: MessagePort,
  grader: Promise<WasmGrader | null>,
  busy: () => boolean,
): void {
  port.onmessage = (event: MessageEvent<BandRequest | BandCancel>) => {
    const request = event.data;
    if ('cancel' in request) {
      port.close();
      return;
    }
    void gradeBand(request, grader, busy).then((graded) => {
      const reply: BandReply = { rows: request.rows, graded };
      port.postMessage(reply, [request.rows]);
      port.close();
    });
  };
}

async function gradeBand(
  { rows, width, height, first, last, u, bgra }: BandRequest,
  grader: Promise<WasmGrader | null>,
  busy: () => boolean,
): Promise<boolean> {
  if (busy()) return false;
  const loaded = await grader.catch(() => null);
  if (!loaded || busy()) return false;
  try {
    const { top } = bandInput(first, last, height);
    const graded = loaded.gradeRows(
      new Uint8ClampedArray(rows),
      width,
      height,
      first,
      last,
      u,
      undefined,
      bgra,
    );
    // gradeRows copied the rows into the module first: their buffer can take the result.
    new Uint8ClampedArray(rows, 4 * width * (first - top), graded.length).set(graded);
    return true;
  } catch {
    return false;
  }
}

/** Tells an unused helper to let go of the port (the export graded another way). */
export function releaseHelper(peer: MessagePort): void {
  const cancel: BandCancel = { cancel: true };
  peer.postMessage(cancel);
  peer.close();
}

function awaitReply(peer: MessagePort, timeoutMs: number): Promise<BandReply | null> {
  return new Promise((resolve) => {
    const done = (reply: BandReply | null) => {
      clearTimeout(timer);
      peer.onmessage = null;
      peer.close();
      resolve(reply);
    };
    const timer = setTimeout(() => done(null), timeoutMs);
    peer.onmessage = (event: MessageEvent<BandReply>) => done(event.data ?? null);
    peer.onmessageerror = () => done(null);
  });
}

function joinRows(a: Uint8ClampedArray, b: Uint8ClampedArray): Uint8ClampedArray {
  const joined = new Uint8ClampedArray(a.length + b.length);
  joined.set(a);
  joined.set(b, a.length);
  return joined;
}

/**
 * Reads and grades a `width × height` frame in two bands, the lower one on the helper behind
 * `peer` (the port is used up): `read` gives rows of the frame as they were before any graded row
 * was put back (its canvas), `put` takes each half's graded rows in the same synchronous step as
 * their grade or arrival; `bands`, when given, reads them instead (through a VideoFrame). The
 * lower band is read first and handed to the helper (transferred, not copied), then the upper
 * band is read and graded here. The bytes are those of grading the
 * whole frame on this thread; a helper that declines sends its rows back to be graded here, one
 * that does not answer in time has them read again. True when the helper graded its half.
 */
export async function gradeSplit(
  grader: WasmGrader,
  { width, height }: { width: number; height: number },
  u: FilterUniforms,
  peer: MessagePort,
  read: ReadRows,
  put: PutRows,
  timeoutMs = HELPER_TIMEOUT_MS,
  bands: CanvasBands | null = null,
): Promise<boolean> {
  const mid = Math.ceil(height * UPPER_SHARE);
  const lower = bandInput(mid, height, height);
  const count = lower.bottom - lower.top;
  // Through a VideoFrame where the thread can (no getImageData arrays, the frame's own byte
  // order; the upper band straight into the module's memory), else getImageData.
  let rows: Uint8ClampedArray;
  let bgra = false;
  try {
    const viaFrame = bands ? await bands.rows(lower.top, count).catch(() => null) : null;
    rows = viaFrame?.rows ?? read(lower.top, count);
    bgra = viaFrame?.order === 'bgra';
  } catch (error) {
    releaseHelper(peer);
    throw error;
  }
  // The row above the seam, as RGBA: the upper half is put back before the helper's answer.
  const seam = rows.slice(0, 4 * width * (mid - lower.top));
  if (bgra) swapRedBlue(seam);
  const request: BandRequest = {
    rows: rows.buffer as ArrayBuffer,
    bgra,
    width,
    height,
    first: mid,
    last: height,
    u,
  };
  peer.postMessage(request, [request.rows]);
  const ownStart = performance.now();
  const upper = bandInput(0, mid, height);
  try {
    // The direct read's graded view is put back in the grade's own step (never across an await).
    // The frame is closed once read, before the first put (CanvasBands).
    const direct = bands
      ? await grader.gradeFilled(
          width,
          height,
          u,
          (input) => bands.into(0, upper.bottom, input).finally(() => bands.close()),
          (graded) => put(graded, 0),
          0,
          mid,
        )
      : false;
    if (!direct) put(grader.gradeRows(read(0, upper.bottom), width, height, 0, mid, u), 0);
  } catch (error) {
    // The helper's answer, if it comes, goes nowhere.
    peer.close();
    throw error;
  }
  // The helper's half is a little larger than this one and started at the same time: it is
  // waited for twice as long as this half took, at least `timeoutMs` (the port keeps its answer
  // until it is listened to).
  const answer = await awaitReply(peer, Math.max(timeoutMs, 2 * (performance.now() - ownStart)));
  const at = 4 * width * (mid - lower.top);
  if (answer?.graded) {
    put(new Uint8ClampedArray(answer.rows, at, 4 * width * (height - mid)), mid);
    return true;
  }
  // Declined: the rows come back as they were sent. No answer: read again, RGBA.
  const own = answer ? new Uint8ClampedArray(answer.rows) : joinRows(seam, read(mid, height - mid));
  const ownBgra = !!answer && bgra;
  put(grader.gradeRows(own, width, height, mid, height, u, undefined, ownBgra), mid);
  return false;
}
