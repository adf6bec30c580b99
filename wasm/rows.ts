/**
 * The grade's per-row helpers (wasm/grade.ts): sharpen's luma and detail, and the vignettes'
 * factors, each for one row, four pixels at a time.
 */
import { clampTo, smooth4 } from './simd';

/**
 * Luma (0..1) of one row of the original, for sharpen's 4-neighbour detail; 4 at a time. Red
 * sits at bit `shiftR` of each word (0: RGBA, 16: BGRA). 10000 · luma = 2126 r + 7152 g + 722 b
 * (simd.ts's LR, LG, LB) exactly, in integers: the words' even bytes (red and blue, or blue and
 * red) and odd bytes (green and alpha) as 16-bit lanes, two dot products and a scale (the float
 * sum it replaces unpacked each channel on its own and rounded at every step).
 */
export function lumaRow(pixels: usize, width: i32, luma: usize, shiftR: i32): void {
  const evenWeights = i32x4.splat(shiftR == 0 ? 2126 | (722 << 16) : 722 | (2126 << 16));
  const oddWeights = i32x4.splat(7152);
  const low = i16x8.splat(0xff);
  const scale = f32x4.splat(<f32>(1.0 / 2550000.0));
  // The row is padded: the last group may read past its end (into the next row or padding).
  for (let x = 0; x < width; x += 4) {
    const words = v128.load(pixels + ((<usize>x) << 2));
    const even = i32x4.dot_i16x8_s(v128.and(words, low), evenWeights);
    const odd = i32x4.dot_i16x8_s(i16x8.shr_u(words, 8), oddWeights);
    v128.store(
      luma + ((<usize>x) << 2),
      f32x4.mul(f32x4.convert_i32x4_s(i32x4.add(even, odd)), scale),
    );
  }
}

/**
 * One row's adjustment vignette factor per pixel (1 − amount · smoothstep(0.3, 1, corner)),
 * times `scale`, into `keep`, 4 at a time; `dx2` holds each column's squared x distance from the
 * centre.
 */
export function vignetteRow(
  dx2: usize,
  dy2: f32,
  amount: f32,
  scale: f32,
  width: i32,
  keep: usize,
): void {
  const dy = f32x4.splat(dy2);
  const diagonal = f32x4.splat(1.41421356);
  const low = f32x4.splat(0.3);
  const span = f32x4.splat(<f32>(1 / 0.7));
  const zero = f32x4.splat(0);
  const one = f32x4.splat(1);
  const three = f32x4.splat(3);
  const vignette = f32x4.splat(amount);
  const times = f32x4.splat(scale);
  for (let x = 0; x < width; x += 4) {
    const at = (<usize>x) << 2;
    const corner = f32x4.mul(f32x4.sqrt(f32x4.add(v128.load(dx2 + at), dy)), diagonal);
    let s = f32x4.mul(f32x4.sub(corner, low), span);
    s = f32x4.pmax(zero, f32x4.pmin(s, one));
    const smooth = f32x4.mul(f32x4.mul(s, s), f32x4.sub(three, f32x4.add(s, s)));
    v128.store(keep + at, f32x4.mul(f32x4.sub(one, f32x4.mul(vignette, smooth)), times));
  }
}

export function detailAt(
  here: usize,
  above: usize,
  below: usize,
  x: i32,
  left: i32,
  right: i32,
  amount: f32,
  detail: usize,
): void {
  const at = (<usize>x) << 2;
  const around =
    load<f32>(here + ((<usize>right) << 2)) +
    load<f32>(here + ((<usize>left) << 2)) +
    load<f32>(below + at) +
    load<f32>(above + at);
  store<f32>(detail + at, amount * (load<f32>(here + at) - around * 0.25));
}

/**
 * One row's sharpen detail per pixel (amount · (luma − the mean of its 4 neighbours), edges
 * repeated like CLAMP_TO_EDGE) into `detail`: 4 at a time inside the row, one at a time at its
 * ends. `amount` carries the 255 scale; the results are scaled after (exact: the shader's detail
 * is amount · (…), here (amount · 255) · (…)).
 */
export function detailRow(
  here: usize,
  above: usize,
  below: usize,
  width: i32,
  amount: f32,
  detail: usize,
): void {
  const quarter = f32x4.splat(0.25);
  const sharpen = f32x4.splat(amount);
  let x = 1;
  for (; x + 4 <= width - 1; x += 4) {
    const at = (<usize>x) << 2;
    const sides = f32x4.add(v128.load(here + at + 4), v128.load(here + at - 4));
    const around = f32x4.add(sides, f32x4.add(v128.load(below + at), v128.load(above + at)));
    const centre = v128.load(here + at);
    v128.store(detail + at, f32x4.mul(sharpen, f32x4.sub(centre, f32x4.mul(around, quarter))));
  }
  for (; x < width - 1; x++) detailAt(here, above, below, x, x - 1, x + 1, amount, detail);
  detailAt(here, above, below, 0, 0, width > 1 ? 1 : 0, amount, detail);
  if (width > 1) detailAt(here, above, below, width - 1, width - 2, width - 1, amount, detail);
}

/** The look's own vignette per pixel of a row: 1 − amount · smoothstep(0.35, 1, corner). */
export function lookVignetteRow(dx2: usize, dy2: f32, amount: f32, width: i32, fade: usize): void {
  const dy = f32x4.splat(dy2);
  const zero = f32x4.splat(0);
  const one = f32x4.splat(1);
  for (let x = 0; x < width; x += 4) {
    const at = (<usize>x) << 2;
    const corner = f32x4.mul(
      f32x4.sqrt(f32x4.add(v128.load(dx2 + at), dy)),
      f32x4.splat(1.41421356),
    );
    const s = clampTo(
      f32x4.mul(f32x4.sub(corner, f32x4.splat(0.35)), f32x4.splat(<f32>(1 / 0.65))),
      zero,
      one,
    );
    v128.store(fade + at, f32x4.sub(one, f32x4.mul(f32x4.splat(amount), smooth4(s))));
  }
}
