/**
 * The style step's live filter preview: a plain class owning a PixiJS Application. React mounts
 * `canvas`, calls setImage/setFilter, and destroy() on unmount; renders are batched to one frame.
 * WebGL only: the preview must run the same GLSL as the export, so a canvas fallback is refused.
 *
 * Rendering is on demand (the ticker never runs). setImage draws the cropped, rotated and sized
 * photo once into `prepared`; after that a filter or strength change only rewrites uniforms and
 * draws one full-frame quad (LookQuad) — the slider's per-frame cost is a single shader pass.
 */
import './noEval';
import {
  Application,
  Container,
  ImageSource,
  Rectangle,
  RenderTexture,
  RendererType,
  Sprite,
  Texture,
} from 'pixi.js';
import {
  EXPORT_LONG_SIDE,
  assertRightAngle,
  coverScale,
  fitLongSide,
  rotatedSize,
  type Rect,
} from '../../workers/geometry';
import { straightenZoom } from '../../workers/straighten';
import {
  FILTER_NAMES,
  clampStraighten,
  type Adjustments,
  type FilterName,
} from '../../shaders/filter';
import { LookFilter } from './LookFilter';
import { LookQuad } from './LookQuad';

export interface FilterPreviewOptions {
  /** Canvas to draw into; Pixi creates one when omitted. */
  canvas?: HTMLCanvasElement;
  /** Long side of the drawing buffer (default 1080, like the export). */
  maxSize?: number;
}

export interface PreviewPixels {
  pixels: Uint8ClampedArray;
  width: number;
  height: number;
}

export class FilterPreview {
  /** The photo placed for the output frame; drawn only into `prepared`, never to the screen. */
  private readonly sprite = new Sprite();
  private readonly placed = new Container();
  private readonly quad = new LookQuad();
  /** The output frame's pixels before the look, redrawn only by setImage and setStraighten. */
  private prepared: RenderTexture | null = null;
  /** The photo's GPU copy (with mipmaps), kept while straighten may redraw `prepared`. */
  private photo: Texture | null = null;
  private placement: { quarterTurn: number; rotated: Rect; output: Rect } | null = null;
  private straighten = 0;
  private frameRequest = 0;
  private destroyed = false;

  private constructor(
    private readonly app: Application,
    private readonly maxSize: number,
    /** A canvas passed in belongs to the caller (React): destroy() leaves it in the DOM. */
    private readonly ownsCanvas: boolean,
  ) {
    this.sprite.anchor.set(0.5);
    this.placed.addChild(this.sprite);
    app.stage.addChild(this.quad);
  }

  static async create(options: FilterPreviewOptions = {}): Promise<FilterPreview> {
    const app = new Application();
    await app.init({
      preference: 'webgl',
      canvas: options.canvas,
      width: 1,
      height: 1,
      resolution: 1,
      antialias: false,
      autoStart: false,
      background: '#ffffff',
    });
    if (app.renderer.type !== RendererType.WEBGL) {
      app.destroy({ removeView: !options.canvas });
      throw new Error('The filter preview needs WebGL.');
    }
    return new FilterPreview(app, options.maxSize ?? EXPORT_LONG_SIDE, !options.canvas);
  }

  get canvas(): HTMLCanvasElement {
    return this.app.canvas;
  }

  /**
   * Shows `crop` (in the bitmap's own pixels) of an upright, opaque bitmap, rotated clockwise by
   * `rotationAngle`; the drawing buffer takes the rotated crop's aspect ratio and `longSide`.
   * The bitmap stays the caller's and must stay open while this preview shows it.
   */
  setImage(
    bitmap: ImageBitmap,
    crop: Rect,
    rotationAngle: number,
    longSide = this.maxSize,
    straighten = this.straighten,
  ): void {
    if (this.destroyed) return;
    const angle = assertRightAngle(rotationAngle);
    this.photo?.destroy(true);
    // Mipmaps keep the downscale from the ≤ 2048 px preview smooth; they are built once, here.
    const source = new ImageSource({ resource: bitmap, autoGenerateMipmaps: true });
    this.photo = new Texture({
      source,
      frame: new Rectangle(crop.x, crop.y, crop.width, crop.height),
    });
    const rotated = rotatedSize(crop, angle);
    const output = fitLongSide(rotated, longSide);
    this.app.renderer.resize(output.width, output.height);
    this.placement = {
      quarterTurn: angle,
      rotated: { x: 0, y: 0, ...rotated },
      output: { x: 0, y: 0, ...output },
    };
    const { width, height } = output;
    if (!this.prepared || this.prepared.width !== width || this.prepared.height !== height) {
      this.prepared?.destroy(true);
      this.prepared = RenderTexture.create({ width, height });
    }
    this.straighten = clampStraighten(straighten);
    this.drawPrepared();
    this.quad.setInput(this.prepared);
  }

  /** Turns the photo by `degrees` (−45..45) with the zoom that keeps the frame filled. */
  setStraighten(degrees: number): void {
    const next = clampStraighten(degrees);
    if (next === this.straighten || this.destroyed) return;
    this.straighten = next;
    this.drawPrepared();
  }

  /** Places the photo for the output frame and draws it into `prepared` (the look's input). */
  private drawPrepared(): void {
    if (!this.photo || !this.placement || !this.prepared) return;
    const { quarterTurn, rotated, output } = this.placement;
    const zoom = straightenZoom(rotated, this.straighten);
    this.sprite.texture = this.photo;
    this.sprite.rotation = ((quarterTurn + this.straighten) * Math.PI) / 180;
    this.sprite.scale.set((output.width / rotated.width) * zoom);
    this.sprite.position.set(output.width / 2, output.height / 2);
    this.app.renderer.render({ container: this.placed, target: this.prepared, clear: true });
    this.sprite.texture = Texture.EMPTY;
    this.requestRender();
  }

  setFilter(filterName: FilterName, strength: number, adjustments?: Partial<Adjustments>): void {
    this.quad.setLook(filterName, strength, adjustments);
    this.requestRender();
  }

  /** Draws now (normally renders wait for the next animation frame). */
  renderNow(): void {
    if (this.destroyed) return;
    cancelAnimationFrame(this.frameRequest);
    this.frameRequest = 0;
    this.app.render();
  }

  /** RGBA of the current preview, top row first (tests and lab pages). */
  readPixels(): PreviewPixels {
    this.renderNow();
    const { width, height } = this.app.renderer;
    return this.app.renderer.extract.pixels({
      target: this.app.stage,
      frame: new Rectangle(0, 0, width, height),
    });
  }

  /** One square thumbnail per filter, rendered with Pixi from a small copy of the photo. */
  async renderThumbnails(
    small: ImageBitmap,
    size = 96,
  ): Promise<Map<FilterName, HTMLCanvasElement>> {
    const texture = new Texture({ source: new ImageSource({ resource: small }) });
    const sprite = new Sprite(texture);
    const look = new LookFilter();
    sprite.anchor.set(0.5);
    sprite.scale.set(coverScale(small, { width: size, height: size }));
    sprite.position.set(size / 2, size / 2);
    sprite.filters = [look];
    const holder = new Container();
    holder.addChild(sprite);
    const thumbnails = new Map<FilterName, HTMLCanvasElement>();
    try {
      for (const name of FILTER_NAMES) {
        look.setLook(name, 1);
        const canvas = this.app.renderer.extract.canvas({
          target: holder,
          frame: new Rectangle(0, 0, size, size),
        });
        thumbnails.set(name, canvas as HTMLCanvasElement);
      }
    } finally {
      holder.destroy({ children: true });
      texture.destroy(true);
      look.destroy();
    }
    return thumbnails;
  }

  destroy(): void {
    if (this.destroyed) return;
    this.destroyed = true;
    cancelAnimationFrame(this.frameRequest);
    this.placed.destroy({ children: true });
    this.prepared?.destroy(true);
    this.photo?.destroy(true);
    this.app.destroy({ removeView: this.ownsCanvas }, { children: true });
  }

  private requestRender(): void {
    if (this.frameRequest || this.destroyed) return;
    this.frameRequest = requestAnimationFrame(() => {
      this.frameRequest = 0;
      if (!this.destroyed) this.app.render();
    });
  }
}
