// The story viewer's Pixi renderer: started on demand, or ahead of a tap (prepareRenderer) so
// the WebGL context, Pixi's systems and the sprite shader are ready when the viewer opens.
// WebGL only: a silent fall back to another renderer would hide a broken GPU path.
import { Application, RendererType, Sprite, Texture } from 'pixi.js';

/** A renderer started ahead by prepareRenderer(), waiting for the viewer to open. */
let prepared: Promise<Application> | null = null;
/** How long a prepared renderer waits for a viewer before it is destroyed. */
const SPARE_RENDERER_MS = 60_000;

function isContextLost(app: Application): boolean {
  const gl = (app.renderer as { gl?: WebGLRenderingContext }).gl;
  return gl?.isContextLost() ?? false;
}

async function startRenderer(width: number, height: number): Promise<Application> {
  const app = new Application();
  await app.init({
    preference: 'webgl',
    width,
    height,
    background: '#000000',
    // MSAA multiplies the fill cost of a full-screen surface; the photo does not need it.
    antialias: false,
    autoDensity: true,
    resolution: 1,
    // The viewer draws on demand (render()); Pixi's own ticker never runs.
    autoStart: false,
    sharedTicker: false,
    // Not Pixi's browser extensions (events, accessibility, DOM, filters: a second round of
    // chunks fetched after this one ran, on a cold tap's path): gestures and controls are DOM.
    skipExtensionImports: true,
  });
  if (app.renderer.type !== RendererType.WEBGL) {
    app.destroy({ removeView: true });
    throw new Error('The story viewer needs WebGL.');
  }
  return app;
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
      (app) => app.destroy(true),
      () => undefined,
    );
  }, SPARE_RENDERER_MS);
}

/** The prepared renderer at this size when there is a usable one, else a new one. */
export async function takeRenderer(width: number, height: number): Promise<Application> {
  const waiting = prepared;
  prepared = null;
  let app = waiting ? await waiting.catch(() => null) : null;
  // A spare whose context the browser took back meanwhile is no use.
  if (app && isContextLost(app)) {
    app.destroy(true);
    app = null;
  }
  if (!app) return startRenderer(width, height);
  app.renderer.resize(width, height, 1);
  return app;
}
