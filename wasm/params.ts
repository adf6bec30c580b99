/**
 * The grade's parameter block (wasm/grade.ts): f64 values at the address the caller passes, in
 * this order (shaders/filter/wasmGrade.ts paramBlock).
 */
// AssemblyScript: one name for the block's offsets, folded to constants at compile time.
// eslint-disable-next-line @typescript-eslint/no-namespace
export namespace P {
  export const MIX = 0;
  export const GRADING = 1;
  export const ADJUSTING = 2;
  export const SATURATION = 3;
  export const SHIFT = 4; // 3
  export const SHADOW = 7; // 3
  export const LIGHT = 10; // 3
  export const BEND = 13;
  export const ADJ_CONTRAST = 14;
  export const ADJ_SATURATION = 15;
  export const WARMTH = 16;
  export const FADE_SCALE = 17;
  export const FADE_OFFSET = 18;
  export const HIGHLIGHTS = 19;
  export const SHADOWS = 20;
  export const LOOK_VIGNETTE = 21;
  export const PER_PIXEL = 22;
  export const ADJ_VIGNETTE = 23;
  export const SHARPEN = 24;
  export const TONE_SCALE = 25;
  export const TONE_OFFSET = 26;
  /** 1: the input words are BGRA (a VideoFrame's own order), 0: RGBA; the output is RGBA. */
  export const BGRA = 27;
}
