/**
 * Reads the export's frame canvas straight into a buffer the caller owns (the WebAssembly grade's
 * memory): a VideoFrame of the canvas copied out (WebCodecs' copyTo with a format). A 2D canvas
 * has no read into an existing buffer: getImageData makes a new array, which the grade then
 * copies into its memory. Side by side in a worker (Chromium 156, 1080×810, a flush of the
 * canvas's drawing included in both): 3.1 against 6.1 ms (median of 22). The copy keeps the
 * frame's own byte order where it is BGRA (Chromium's canvases on x86): the grade reads either
 * order, and copyTo's conversion to RGBA cost 1.7 ms against 0.5 (median of 22, 03:07 UTC, load
 * 1.7).
 *
 * The first read on a thread is checked against getImageData byte for byte; where they differ
 * (colour handling, alpha) or VideoFrame, its canvas source or the RGBA conversion is missing,
 * this thread uses getImageData from then on.
 */
let verdict: 'unchecked' | 'same' | 'unusable' = 'unchecked';

/** What a read wrote into the caller's buffer: its byte order, or nothing (false). */
export type ReadOrder = 'rgba' | 'bgra' | false;

/** `rgba` (getImageData's bytes) against `read`, which is in `order`. */
export function sameBytes(
  rgba: Uint8ClampedArray,
  read: Uint8ClampedArray,
  order: 'rgba' | 'bgra',
) {
  if (rgba.length !== read.length) return false;
  if (order === 'rgba') {
    for (let i = 0; i < rgba.length; i += 1) if (rgba[i] !== read[i]) return false;
    return true;
  }
  for (let i = 0; i < rgba.length; i += 4) {
    const same =
      rgba[i] === read[i + 2] &&
      rgba[i + 1] === read[i + 1] &&
      rgba[i + 2] === read[i] &&
      rgba[i + 3] === read[i + 3];
    if (!same) return false;
  }
  return true;
}

/** The order a copy of `frame` is asked for: its own where that is BGRA, else RGBA. */
function copyOrder(frame: VideoFrame): 'rgba' | 'bgra' {
  return frame.format === 'BGRA' || frame.format === 'BGRX' ? 'bgra' : 'rgba';
}

const FORMAT = { rgba: 'RGBA', bgra: 'BGRA' } as const;

/**
 * Writes `canvas`'s pixels (straight alpha, as getImageData gives them, in RGBA or BGRA order:
 * the result says which) into `dest`, whose length is 4 × width × height. False, with `dest` of
 * no use, where this thread cannot.
 */
export async function readCanvasInto(
  canvas: OffscreenCanvas,
  dest: Uint8ClampedArray<ArrayBuffer>,
): Promise<ReadOrder> {
  if (verdict === 'unusable' || typeof VideoFrame === 'undefined') return false;
  let frame: VideoFrame | null = null;
  let order: 'rgba' | 'bgra' = 'rgba';
  try {
    frame = new VideoFrame(canvas, { timestamp: 0 });
    order = copyOrder(frame);
    await frame.copyTo(dest, { format: FORMAT[order], colorSpace: 'srgb' });
    if (verdict === 'unchecked') verdict = matchesCanvas(canvas, dest, order) ? 'same' : 'unusable';
  } catch {
    verdict = 'unusable';
  } finally {
    frame?.close();
  }
  return verdict === 'same' ? order : false;
}

/** The first read on a thread, checked byte for byte against getImageData: `read`, in `order`. */
function matchesCanvas(
  canvas: OffscreenCanvas,
  read: Uint8ClampedArray,
  order: 'rgba' | 'bgra',
): boolean {
  const check = canvas.getContext('2d')?.getImageData(0, 0, canvas.width, canvas.height).data;
  const same = !!check && sameBytes(check, read, order);
  if (!same) {
    console.warn('VideoFrame.copyTo differs from getImageData here; reading with getImageData.');
  }
  return same;
}

/**
 * Bands of a frame canvas read through one VideoFrame of it (a split grade's two reads). Close it
 * before anything is drawn or put on the canvas: while the frame is open, the canvas's first
 * write copies its whole backing store first (2–3 ms for 1080×810 in a worker, against 0.2–0.5
 * ms for the same putImageData with no frame open).
 */
export interface CanvasBands {
  /** Rows y..y + count, in a new buffer, in the frame's own order (BGRA costs no conversion). */
  rows(
    y: number,
    count: number,
  ): Promise<{ rows: Uint8ClampedArray<ArrayBuffer>; order: 'rgba' | 'bgra' }>;
  /** Rows y..y + count into `dest`, in the order returned; false where it could not. */
  into(y: number, count: number, dest: Uint8ClampedArray<ArrayBuffer>): Promise<ReadOrder>;
  close(): void;
}

/**
 * A reader of `canvas`'s rows through one VideoFrame, where this thread's first whole read
 * already matched getImageData (readCanvasInto); null otherwise (read with getImageData).
 */
export function canvasBands(canvas: OffscreenCanvas): CanvasBands | null {
  if (verdict !== 'same') return null;
  let frame: VideoFrame;
  try {
    frame = new VideoFrame(canvas, { timestamp: 0 });
  } catch {
    return null;
  }
  const { width } = canvas;
  const copy = (
    y: number,
    count: number,
    dest: Uint8ClampedArray<ArrayBuffer>,
    order: 'rgba' | 'bgra',
  ) =>
    frame.copyTo(dest, {
      rect: { x: 0, y, width, height: count },
      format: FORMAT[order],
      colorSpace: 'srgb',
    });
  return {
    async rows(y, count) {
      // The helper's gradeRows takes either order: asking for RGBA cost 2 ms more here.
      const order = copyOrder(frame);
      const dest = new Uint8ClampedArray(4 * width * count);
      await copy(y, count, dest, order);
      return { rows: dest, order };
    },
    async into(y, count, dest) {
      const order = copyOrder(frame);
      try {
        await copy(y, count, dest, order);
        return order;
      } catch {
        return false;
      }
    },
    // Closing twice is harmless (VideoFrame.close on a closed frame does nothing).
    close: () => frame.close(),
  };
}
