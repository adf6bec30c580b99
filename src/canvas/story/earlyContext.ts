// The story viewer's canvas and WebGL2 context, made the moment a member heads for a reel
// (issue 18), before Pixi's code has arrived: on this kind of machine (software WebGL) creating
// the context and enabling its extensions costs 40–150 ms of the main thread, which then
// overlaps the viewer chunks' download instead of following it. No Pixi here: the tray imports
// this, and the home page's JavaScript budget has no room for Pixi (./renderer hands the context
// to Pixi's init).
import { storyFrame } from './layout';
import { storyResolution } from './resolution';

/** What Pixi's GlContextSystem asks for with the viewer's options (./renderer): an opaque
 * background, no MSAA, Pixi's defaults otherwise. */
export const STORY_CONTEXT_ATTRIBUTES: WebGLContextAttributes = {
  alpha: false,
  premultipliedAlpha: true,
  antialias: false,
  stencil: true,
  preserveDrawingBuffer: false,
  powerPreference: 'default',
};

/** Every extension Pixi's GlContextSystem.getExtensions() asks a WebGL2 context for: enabled
 * here, each is a cached lookup when Pixi asks. */
const PIXI_EXTENSIONS = [
  'EXT_texture_filter_anisotropic',
  'OES_texture_float_linear',
  'WEBGL_compressed_texture_s3tc',
  'WEBGL_compressed_texture_s3tc_srgb',
  'WEBGL_compressed_texture_etc',
  'WEBGL_compressed_texture_etc1',
  'WEBGL_compressed_texture_pvrtc',
  'WEBKIT_WEBGL_compressed_texture_pvrtc',
  'WEBGL_compressed_texture_atc',
  'WEBGL_compressed_texture_astc',
  'EXT_texture_compression_bptc',
  'EXT_texture_compression_rgtc',
  'WEBGL_lose_context',
  'EXT_color_buffer_float',
  'WEBGL_provoking_vertex',
];

export interface EarlyContext {
  canvas: HTMLCanvasElement;
  gl: WebGL2RenderingContext;
  /** CSS size and density the canvas was made at (the viewer's full-screen surface). */
  width: number;
  height: number;
  resolution: number;
}

let early: EarlyContext | null = null;
/** How long an early context waits for the viewer before it is given back (as ./renderer's
 * spare): when the viewer's code fails to load, nothing else would release it. */
export const EARLY_CONTEXT_MS = 60_000;

/** Gives a context back to the browser now, not whenever its canvas is collected. */
export function releaseContext(gl: WebGL2RenderingContext): void {
  try {
    gl.getExtension('WEBGL_lose_context')?.loseContext();
  } catch {
    // Already lost or gone: nothing to give back.
  }
}

/**
 * The viewer's surface fills the window (.story-viewer: position fixed, inset 0, on a page with
 * nothing to scroll). Not the home page's clientWidth: with classic scrollbars that is the
 * scrollbar's width narrower, and the viewer's first frame would pay a resize.
 */
function surfaceSize(): { width: number; height: number } {
  return {
    width: Math.max(1, window.innerWidth),
    height: Math.max(1, window.innerHeight),
  };
}

/**
 * Makes the viewer's canvas, at the size its first frame will have, and its WebGL2 context;
 * once (again after takeStoryContext() took it). Without WebGL2 nothing is kept: Pixi then makes
 * its own context, as before.
 */
export function startStoryContext(): void {
  if (early && !early.gl.isContextLost()) return;
  early = null;
  const { width, height } = surfaceSize();
  const frame = storyFrame(width, height);
  const pixelRatio = window.devicePixelRatio || 1;
  const resolution = storyResolution(pixelRatio, width, height, frame.width, frame.height);
  const canvas = document.createElement('canvas');
  canvas.width = Math.round(width * resolution);
  canvas.height = Math.round(height * resolution);
  const gl = canvas.getContext('webgl2', STORY_CONTEXT_ATTRIBUTES);
  if (!gl) return;
  for (const name of PIXI_EXTENSIONS) gl.getExtension(name);
  const made = { canvas, gl, width, height, resolution };
  early = made;
  setTimeout(() => {
    if (early !== made) return;
    early = null;
    releaseContext(gl);
  }, EARLY_CONTEXT_MS);
}

/** The context startStoryContext() made, if it is still usable; the caller owns it after. */
export function takeStoryContext(): EarlyContext | null {
  const taken = early;
  early = null;
  return taken && !taken.gl.isContextLost() ? taken : null;
}
