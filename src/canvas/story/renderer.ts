// The story viewer's Pixi renderer: started on demand, or ahead of a tap (prepareRenderer) so
// the WebGL context, Pixi's systems and the sprite shader are ready when the viewer opens. It
// starts on the context ./earlyContext made when the member headed for a reel, if there is one.
// A WebGLRenderer made directly, not through Application/autoDetectRenderer: those first make a
// throwaway WebGL context to ask whether WebGL works (isWebGLSupported, 20–30 ms here) and import
// the renderer in a second step. WebGL only: a silent fall back would hide a broken GPU path.
import {
  Container,
  DOMAdapter,
  Sprite,
  Texture,
  WebGLRenderer,
  getTestContext,
  type WebGLOptions,
} from 'pixi.js';
import { releaseContext, takeStoryContext } from './earlyContext';

/** The viewer's renderer and the stage it draws: the part of Pixi's Application it used. */
export class ViewerRenderer {
  readonly stage = new Container();

  constructor(readonly renderer: WebGLRenderer) {}

  get canvas(): HTMLCanvasElement {
    return this.renderer.canvas;
  }

  get screen() {
    return this.renderer.screen;
  }

  get contextLost(): boolean {
    return this.renderer.gl.isContextLost();
  }

  render(): void {
    this.renderer.render({ container: this.stage });
  }

  /** Destroys the stage and its children, the renderer, and removes the canvas. */
  destroy(): void {
    this.stage.destroy({ children: true });
    this.renderer.destroy({ removeView: true });
  }
}

/** A renderer started ahead by prepareRenderer(), waiting for the viewer to open. */
let prepared: Promise<ViewerRenderer> | null = null;
/** How long a prepared renderer waits for a viewer before it is destroyed. */
const SPARE_RENDERER_MS = 60_000;

/**
 * Pixi asks a throwaway WebGL1 context of its own (getTestContext) for the GPU's fragment shader
 * precision, once per page: a second context, 30–75 ms of the main thread on a tap's path here.
 * The viewer's context answers that question about the same GPU, so Pixi is handed it. (Pixi's
 * only other use of that context, a Batcher made without `maxTextures`, loses it afterwards; no
 * renderer path does that.) A context Pixi already made is kept.
 */
function answerPixiTestContext(gl: WebGL2RenderingContext): void {
  const adapter = DOMAdapter.get();
  DOMAdapter.set({
    ...adapter,
    createCanvas: () => ({ getContext: () => gl }) as unknown as HTMLCanvasElement,
  });
  try {
    getTestContext();
  } finally {
    DOMAdapter.set(adapter);
  }
}

async function startRenderer(width: number, height: number): Promise<ViewerRenderer> {
  const early = takeStoryContext();
  // On the early context: its canvas already has the size the viewer's first frame needs, so
  // nothing is reallocated (each size change costs 13–18 ms here).
  const surface: Partial<WebGLOptions> = early
    ? {
        canvas: early.canvas,
        context: early.gl,
        width: early.width,
        height: early.height,
        resolution: early.resolution,
      }
    : { width, height, resolution: 1 };
  const renderer = new WebGLRenderer();
  try {
    if (early) answerPixiTestContext(early.gl);
    await renderer.init({
      ...surface,
      background: '#000000',
      // MSAA multiplies the fill cost of a full-screen surface; the photo does not need it.
      antialias: false,
      autoDensity: true,
      // Not Pixi's browser extensions (events, accessibility, DOM, filters: a second round of
      // chunks fetched after this one ran, on a cold tap's path): gestures and controls are DOM.
      skipExtensionImports: true,
    });
  } catch (error) {
    // A full-screen context nobody will use: given back now, not when its canvas is collected.
    if (early) releaseContext(early.gl);
    throw error;
  }
  return new ViewerRenderer(renderer);
}

/** Starts a renderer ahead of a tap; one at most waits, and gives its context back unused. */
export function prepareRenderer(): void {
  if (prepared) return;
  const pending = startRenderer(1, 1).then((app) => {
    // One draw compiles the batch shader the pictures use.
    const sprite = new Sprite(Texture.WHITE);
    app.stage.addChild(sprite);
    app.render();
    sprite.destroy();
    return app;
  });
  prepared = pending;
  pending.catch(() => {
    if (prepared === pending) prepared = null;
  });
  // A spare nobody takes (the member never opened a story) gives its WebGL context back.
  setTimeout(() => {
    if (prepared !== pending) return;
    prepared = null;
    void pending.then(
      (app) => app.destroy(),
      () => undefined,
    );
  }, SPARE_RENDERER_MS);
}

/** The prepared renderer at this size when there is a usable one, else a new one. */
export async function takeRenderer(width: number, height: number): Promise<ViewerRenderer> {
  const waiting = prepared;
  prepared = null;
  let app = waiting ? await waiting.catch(() => null) : null;
  // A spare whose context the browser took back meanwhile is no use.
  if (app?.contextLost) {
    app.destroy();
    app = null;
  }
  // Sized by the viewer's first layout (one reallocation at most, none on an early context).
  return app ?? startRenderer(width, height);
}
