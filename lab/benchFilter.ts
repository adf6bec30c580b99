/**
 * Filter preview bench: the style step's Pixi surface on a square drawing buffer, fed the same
 * ≤ 2048 px preview the app gets from inspectPhoto. Times are taken to a GPU sync (a 1-pixel
 * readback), because WebGL calls return before the pixels exist.
 */
import { FilterPreview } from '../src/canvas/FilterPreview';
import { inspectPhoto } from '../src/media/mediaClient';
import { FILTER_NAMES, type FilterName } from '../shaders/filter';
import { centerCrop } from '../workers/geometry';

let surface: FilterPreview | null = null;
let gl: WebGLRenderingContext | WebGL2RenderingContext | null = null;
const pixel = new Uint8Array(4);

function sync(): void {
  gl?.readPixels(0, 0, 1, 1, gl.RGBA, gl.UNSIGNED_BYTE, pixel);
}

export async function setupPreview(
  file: File,
  longSide: number,
): Promise<{ width: number; height: number }> {
  surface?.destroy();
  surface = await FilterPreview.create({ maxSize: longSide });
  document.getElementById('preview')?.replaceChildren(surface.canvas);
  // getContext with the type Pixi already created returns that same context.
  gl = surface.canvas.getContext('webgl2') ?? surface.canvas.getContext('webgl');
  const { preview } = await inspectPhoto(file);
  surface.setImage(preview, centerCrop(preview), 0);
  surface.setFilter('normal', 1);
  surface.renderNow();
  sync();
  return { width: surface.canvas.width, height: surface.canvas.height };
}

const frame = () => new Promise<number>((resolve) => requestAnimationFrame(resolve));

export interface SliderSample {
  /** Per frame: strength change → render → GPU sync, in ms. */
  workMs: number[];
  /** rAF-to-rAF intervals while the slider moves (what the user sees), in ms. */
  intervalMs: number[];
}

/** Moves the strength slider 0 → 1 over `frames` animation frames, one change per frame. */
export async function slide(filterName: FilterName, frames: number): Promise<SliderSample> {
  if (!surface) throw new Error('setupPreview first');
  const workMs: number[] = [];
  const intervalMs: number[] = [];
  let last = await frame();
  for (let i = 1; i <= frames; i += 1) {
    const start = performance.now();
    surface.setFilter(filterName, i / frames);
    surface.renderNow();
    sync();
    workMs.push(performance.now() - start);
    const now = await frame();
    intervalMs.push(now - last);
    last = now;
  }
  return { workMs, intervalMs };
}

/** Switches to `filterName` (from a different filter) and draws it; ms to the synced pixels. */
export async function switchFilter(filterName: FilterName): Promise<number> {
  if (!surface) throw new Error('setupPreview first');
  const other = FILTER_NAMES.find((n) => n !== filterName && n !== 'normal') ?? 'normal';
  surface.setFilter(other, 1);
  surface.renderNow();
  sync();
  await frame();
  const start = performance.now();
  surface.setFilter(filterName, 1);
  surface.renderNow();
  sync();
  return performance.now() - start;
}
