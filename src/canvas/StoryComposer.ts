/**
 * The story composer surface (DESIGN "Story"): a plain class owning a PixiJS Application. It draws
 * the fitted picture full frame and the story text, turns pointer input into store actions, and
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
  Text,
  Texture,
} from 'pixi.js';
import { subscribe } from 'valtio';
import { hasSavedText, type StoryDraft, type TextTransformDelta } from '../state/storyDraft';
import { ComposerGestures } from './composer/gestures';
import { followPixelRatio } from './followPixelRatio';
import { hitsText } from './composer/gestureMath';
import { storyTextStyle, textStyleKey } from './composer/textStyle';

export interface StoryComposerCallbacks {
  transform(delta: TextTransformDelta): void;
  tapText(): void;
  tapCanvas(): void;
}

/** Extra canvas pixels around the text that still grab it (about 12 CSS px on a phone). */
const GRAB_SLOP = 36;
/** The text is rasterised at up to this many times its base size (crisp when scaled up). */
const MAX_TEXT_RESOLUTION = 4;
/** The surface's density follows the screen's up to this. */
const MAX_RESOLUTION = 2;

export class StoryComposer {
  private readonly scene = new Container();
  private readonly picture = new Sprite();
  private readonly textGroup = new Container();
  private readonly text = new Text({ text: '', anchor: 0.5 });
  private readonly gestures: ComposerGestures;
  private readonly unsubscribe: () => void;
  private readonly resizeObserver: ResizeObserver;
  private readonly stopPixelRatio: () => void;
  private pictureSource: ImageBitmap | null = null;
  private textKey = '';
  private frameRequest = 0;
  private destroyed = false;

  private constructor(
    private readonly app: Application,
    private readonly host: HTMLElement,
    private readonly draft: StoryDraft,
    callbacks: StoryComposerCallbacks,
  ) {
    this.textGroup.addChild(this.text);
    this.scene.addChild(this.picture, this.textGroup);
    app.stage.addChild(this.scene);
    const canvas = app.canvas;
    canvas.classList.add('story-composer__canvas');
    canvas.setAttribute('aria-hidden', 'true');
    host.appendChild(canvas);
    this.gestures = new ComposerGestures(canvas, draft.canvasSize, {
      hitsText: (point) => this.text.visible && this.textHit(point),
      canTransform: () => hasSavedText(this.draft),
      transform: (step) => callbacks.transform(step),
      tapText: () => callbacks.tapText(),
      tapCanvas: () => callbacks.tapCanvas(),
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

  private textHit(point: { x: number; y: number }): boolean {
    const t = this.draft.activeText;
    const size = { width: this.text.width, height: this.text.height };
    return hitsText(point, t, size, GRAB_SLOP);
  }

  /** Copies the draft into the scene (cheap: the text is laid out again only when it changed). */
  private applyDraft(): void {
    const d = this.draft;
    if (d.image !== this.pictureSource) this.setPicture(d.image);
    const t = d.activeText;
    const key = textStyleKey(t);
    if (key !== this.textKey) {
      this.textKey = key;
      this.text.style = storyTextStyle(t, d.canvasSize.width);
      this.text.text = t.rawText;
    }
    // While the DOM editor is open it shows the text; the canvas copy would double it.
    this.text.visible = d.textEdit === 'saved' && t.rawText !== '';
    this.textGroup.position.set(t.position.x, t.position.y);
    this.textGroup.rotation = t.rotation;
    this.textGroup.scale.set(t.scale);
    // Rasterise big enough for the text's scale, in steps so a pinch does not redraw each frame.
    const resolution = Math.min(MAX_TEXT_RESOLUTION, Math.max(1, Math.ceil(t.scale * 2) / 2));
    if (this.text.resolution !== resolution) this.text.resolution = resolution;
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
