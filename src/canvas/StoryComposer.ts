/**
 * The story composer surface (DESIGN "Story"): a plain class owning a PixiJS Application. It draws
 * the fitted picture full frame, the pen's strokes and the text layers (in that order, so text
 * sits over drawing), turns pointer input into store actions, and
 * renders the finished 1080×1920 composite. React mounts `host` and calls destroy() on unmount;
 * the class follows the store itself (subscribe, one render per frame), so dragging, pinching
 * and resizing never re-render React.
 *
 * WebGL only, like the viewer and the filter preview: a silent fallback to another renderer would
 * hide a broken GPU path, so a non-WebGL renderer is refused.
 */
import './noEval';
import {
  Application,
  Container,
  ImageSource,
  RenderTexture,
  RendererType,
  Sprite,
  Texture,
} from 'pixi.js';
import { subscribe } from 'valtio';
import { hasSavedText, type StoryDraft } from '../state/storyDraft';
import type { Size } from '../state/storyLayers';
import { ComposerGestures, type GestureCallbacks } from './composer/gestures';
import { SelectionFrame } from './composer/SelectionFrame';
import { StrokesView } from './composer/StrokesView';
import { TextLayerView } from './composer/TextLayerView';
import { followPixelRatio } from './followPixelRatio';
import { hitsText } from './composer/gestureMath';

/** What the composer asks of the store (drawing() and canTransform() it answers itself). */
export type StoryComposerCallbacks = Omit<
  GestureCallbacks,
  'textAt' | 'canTransform' | 'drawing'
> & {
  /** A layer was laid out: its size at scale 1, to keep it inside the picture. */
  measured(id: number, box: Size): void;
};

/** Extra canvas pixels around the text that still grab it (about 12 CSS px on a phone). */
const GRAB_SLOP = 36;
/** The surface's density follows the screen's up to this. */
const MAX_RESOLUTION = 2;

export class StoryComposer {
  private readonly scene = new Container();
  private readonly picture = new Sprite();
  private readonly strokes = new StrokesView();
  private readonly textLayers = new Container();
  private readonly views = new Map<number, TextLayerView>();
  private readonly selection = new SelectionFrame();
  private readonly gestures: ComposerGestures;
  private readonly unsubscribe: () => void;
  private readonly resizeObserver: ResizeObserver;
  private readonly stopPixelRatio: () => void;
  private pictureSource: ImageBitmap | null = null;
  private frameRequest = 0;
  private destroyed = false;

  private constructor(
    private readonly app: Application,
    private readonly host: HTMLElement,
    private readonly draft: StoryDraft,
    private readonly callbacks: StoryComposerCallbacks,
  ) {
    this.scene.addChild(
      this.picture,
      this.strokes.container,
      this.textLayers,
      this.selection.graphics,
    );
    app.stage.addChild(this.scene);
    const canvas = app.canvas;
    canvas.classList.add('story-composer__canvas');
    canvas.setAttribute('aria-hidden', 'true');
    host.appendChild(canvas);
    this.gestures = new ComposerGestures(canvas, draft.canvasSize, {
      ...callbacks,
      textAt: (point) => this.textAt(point),
      canTransform: () => hasSavedText(this.draft),
      drawing: () => this.draft.tool === 'pen',
    });
    this.unsubscribe = subscribe(draft, () => this.requestRender());
    this.resizeObserver = new ResizeObserver(() => this.requestRender());
    this.resizeObserver.observe(host);
    this.stopPixelRatio = followPixelRatio(app.renderer, MAX_RESOLUTION, () =>
      this.requestRender(),
    );
    this.requestRender();
  }

  static async create(
    host: HTMLElement,
    draft: StoryDraft,
    callbacks: StoryComposerCallbacks,
  ): Promise<StoryComposer> {
    const app = new Application();
    await app.init({
      preference: 'webgl',
      width: 1,
      height: 1,
      background: '#000000',
      antialias: true,
      autoDensity: true,
      autoStart: false,
      resolution: Math.min(window.devicePixelRatio || 1, MAX_RESOLUTION),
    });
    if (app.renderer.type !== RendererType.WEBGL) {
      app.destroy({ removeView: true });
      throw new Error('The story composer needs WebGL.');
    }
    return new StoryComposer(app, host, draft, callbacks);
  }

  get canvas(): HTMLCanvasElement {
    return this.app.canvas;
  }

  /** Draws now (normally renders wait for the next animation frame). */
  renderNow(): void {
    if (this.destroyed) return;
    cancelAnimationFrame(this.frameRequest);
    this.frameRequest = 0;
    this.applyDraft();
    this.layoutToHost();
    this.app.render();
  }

  /**
   * The finished story at full resolution: the scene is rendered unscaled into a 1080×1920
   * RenderTexture (not read back from the on-screen canvas, whose size follows the window) and
   * extracted as an ImageBitmap for the JPEG encoder.
   */
  async renderComposite(): Promise<ImageBitmap> {
    if (this.destroyed) throw new Error('The story composer was closed.');
    const { width, height } = this.draft.canvasSize;
    this.applyDraft();
    const target = RenderTexture.create({ width, height, resolution: 1 });
    const shown = this.scene.scale.x;
    this.scene.scale.set(1);
    // The selection frame is a help on screen, never part of the story.
    this.selection.graphics.visible = false;
    try {
      this.app.renderer.render({ container: this.app.stage, target, clear: true });
      const canvas = this.app.renderer.extract.canvas(target) as HTMLCanvasElement;
      return await createImageBitmap(canvas);
    } finally {
      this.scene.scale.set(shown);
      target.destroy(true);
      this.requestRender();
    }
  }

  destroy(): void {
    if (this.destroyed) return;
    this.destroyed = true;
    cancelAnimationFrame(this.frameRequest);
    this.unsubscribe();
    this.stopPixelRatio();
    this.resizeObserver.disconnect();
    this.gestures.destroy();
    for (const view of this.views.values()) view.destroy();
    this.views.clear();
    if (this.picture.texture !== Texture.EMPTY) this.picture.texture.destroy(true);
    this.picture.texture = Texture.EMPTY;
    this.app.destroy({ removeView: true }, { children: true });
  }

  private requestRender(): void {
    if (this.destroyed || this.frameRequest) return;
    this.frameRequest = requestAnimationFrame(() => {
      this.frameRequest = 0;
      this.renderNow();
    });
  }

  /** The topmost shown text layer under `point` (canvas pixels), if any. */
  private textAt(point: { x: number; y: number }): number | null {
    const texts = this.draft.texts;
    for (let i = texts.length - 1; i >= 0; i--) {
      const layer = texts[i];
      const view = this.views.get(layer.id);
      if (!view?.group.visible) continue;
      if (hitsText(point, layer, view.box, GRAB_SLOP)) return layer.id;
    }
    return null;
  }

  /** Copies the draft into the scene (cheap: a layer is laid out again only when it changed). */
  private applyDraft(): void {
    const d = this.draft;
    if (d.image !== this.pictureSource) this.setPicture(d.image);
    this.strokes.update(d.strokes);
    const alive = new Set<number>();
    d.texts.forEach((layer, index) => {
      alive.add(layer.id);
      let view = this.views.get(layer.id);
      if (!view) {
        view = new TextLayerView();
        this.views.set(layer.id, view);
      }
      if (view.group.parent !== this.textLayers) this.textLayers.addChild(view.group);
      if (this.textLayers.children[index] !== view.group) {
        this.textLayers.setChildIndex(view.group, index);
      }
      const before = view.box;
      // While the DOM editor is open it shows the layer; the canvas copy would double it.
      const editing = d.textEdit === 'editing' && layer.id === d.selectedId;
      view.update(layer, d.canvasSize.width, !editing);
      const known = d.textBoxes[layer.id];
      if (view.box !== before || !known) this.callbacks.measured(layer.id, view.box);
    });
    for (const [id, view] of this.views) {
      if (alive.has(id)) continue;
      view.destroy();
      this.views.delete(id);
    }
    const selected =
      d.textEdit === 'saved' ? d.texts.find((t) => t.id === d.selectedId) : undefined;
    const view = selected ? this.views.get(selected.id) : undefined;
    this.selection.show(
      selected && view ? { layer: selected, box: view.box } : null,
      this.scene.scale.x,
    );
  }

  private setPicture(bitmap: ImageBitmap | null): void {
    const previous = this.picture.texture;
    this.pictureSource = bitmap;
    if (bitmap) {
      // Mipmaps keep the picture smooth when the 1080 px frame is shown a third of that size.
      const source = new ImageSource({ resource: bitmap, autoGenerateMipmaps: true });
      this.picture.texture = new Texture({ source });
      const { width, height } = this.draft.canvasSize;
      this.picture.setSize(width, height);
    } else {
      this.picture.texture = Texture.EMPTY;
    }
    if (previous !== Texture.EMPTY) previous.destroy(true);
  }

  /** The drawing buffer follows the host's CSS size; the scene is scaled to fit it. */
  private layoutToHost(): void {
    const width = Math.max(1, Math.round(this.host.clientWidth));
    const height = Math.max(1, Math.round(this.host.clientHeight));
    const { screen } = this.app;
    if (screen.width !== width || screen.height !== height) this.app.renderer.resize(width, height);
    this.scene.scale.set(width / this.draft.canvasSize.width);
  }
}
