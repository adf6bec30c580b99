/**
 * The full-screen story viewer: a plain class owning a PixiJS Application (CONVENTIONS §5).
 * React mounts a container, feeds snapshots with update() (batched to one frame by the page),
 * and calls destroy() on unmount. Per-frame values — progress, the spinner — live here only.
 * WebGL only: a silent fall back to another renderer would hide a broken GPU path.
 */
import './noEval';
import { Application, ImageSource, RendererType, Sprite, Texture } from 'pixi.js';
import { followPixelRatio } from './followPixelRatio';
import { coverFit, preloadWindow, storyFrame, type FrameRect } from './story/layout';
import { attachGestures } from './story/gestures';
import { StoryOverlay } from './story/overlay';
import { TextureCache, type WantedTexture } from './story/textureCache';
import { StoryVideo } from './story/video';
import type {
  StoryViewerCallbacks,
  StoryViewerSnapshot,
  TextureStats,
  ViewerItem,
  ViewerReel,
} from './story/types';

export type { StoryViewerCallbacks, StoryViewerSnapshot, ViewerItem, ViewerReel, TextureStats };

export interface StoryViewerOptions {
  /** The element the canvas fills (and follows on resize). */
  container: HTMLElement;
  /** Decoded image for a story or avatar URL; the viewer owns and closes the bitmap. */
  loadImage(url: string, signal: AbortSignal): Promise<ImageBitmap>;
  callbacks: StoryViewerCallbacks;
  /** Unix seconds, for relative times (tests and the lab pin it). */
  now?: () => number;
}

const avatarKey = (reelId: string) => `avatar:${reelId}`;

/** A texture whose destroy also frees the decoded bitmap behind it. */
function textureFromBitmap(bitmap: ImageBitmap): Texture {
  const source = new ImageSource({ resource: bitmap, autoGenerateMipmaps: true });
  source.once('destroy', () => bitmap.close());
  return new Texture({ source });
}

/** Full-screen redraws every frame: the density is capped so 3× phones do not triple the fill rate. */
const MAX_RESOLUTION = 2;

export class StoryViewer {
  private readonly sprite = new Sprite();
  private readonly overlay = new StoryOverlay();
  private readonly textures: TextureCache<Texture>;
  private readonly detachGestures: () => void;
  private readonly stopPixelRatio: () => void;
  private snapshot: StoryViewerSnapshot = {
    reels: [],
    reelIndex: -1,
    itemIndex: null,
    paused: false,
    muted: true,
  };
  /** The current item's video, if it is one (only the current video is loaded). */
  private video: StoryVideo | null = null;
  /** currentKey() of the item the video belongs to. */
  private videoKey = '';
  private fittedSize = '';
  private frame: FrameRect = { x: 0, y: 0, width: 1, height: 1 };
  private screenKey = '';
  /** Milliseconds the current item has played. */
  private elapsed = 0;
  private shownKey = '';
  private advanceRequested = false;
  private holding = false;
  private spinnerAngle = 0;
  private destroyed = false;

  private constructor(
    private readonly app: Application,
    private readonly options: StoryViewerOptions,
  ) {
    this.textures = new TextureCache<Texture>(async (url, signal) =>
      textureFromBitmap(await options.loadImage(url, signal)),
    );
    app.stage.addChild(this.sprite, this.overlay);
    app.canvas.classList.add('story-viewer__canvas');
    this.detachGestures = attachGestures(app.canvas, {
      tap: (zone) => (zone === 'previous' ? options.callbacks.onPrevious() : this.requestNext()),
      hold: (holding) => {
        this.holding = holding;
        options.callbacks.onHoldChange?.(holding);
      },
      swipeDown: () => options.callbacks.onClose(),
      key: (action) => {
        if (action === 'next') this.requestNext();
        else if (action === 'previous') options.callbacks.onPrevious();
        else options.callbacks.onClose();
      },
    });
    app.ticker.add(this.tick);
    // The ticker draws every frame, so the next frame shows the new density.
    this.stopPixelRatio = followPixelRatio(app.renderer, MAX_RESOLUTION, () => {});
  }

  static async create(options: StoryViewerOptions): Promise<StoryViewer> {
    const app = new Application();
    await app.init({
      preference: 'webgl',
      resizeTo: options.container,
      background: '#000000',
      // MSAA multiplies the fill cost of a full-screen surface; the photo does not need it.
      antialias: false,
      autoDensity: true,
      resolution: Math.min(window.devicePixelRatio || 1, MAX_RESOLUTION),
    });
    if (app.renderer.type !== RendererType.WEBGL) {
      app.destroy({ removeView: true });
      throw new Error('The story viewer needs WebGL.');
    }
    options.container.appendChild(app.canvas);
    return new StoryViewer(app, options);
  }

  get canvas(): HTMLCanvasElement {
    return this.app.canvas;
  }

  /** Shows a new position; textures outside the preload window are destroyed at once. */
  update(snapshot: StoryViewerSnapshot): void {
    if (this.destroyed) return;
    const before = this.currentKey();
    this.snapshot = snapshot;
    if (this.currentKey() !== before) {
      this.elapsed = 0;
      this.advanceRequested = false;
    }
    this.textures.retain(this.wantedTextures());
  }

  stats(): TextureStats {
    return this.textures.stats();
  }

  /** How far the current item has played (0..1); for tests and the lab. */
  progress(): number {
    const item = this.currentItem();
    return item ? Math.min(1, this.elapsed / this.durationOf(item)) : 0;
  }

  destroy(): void {
    if (this.destroyed) return;
    this.destroyed = true;
    this.stopPixelRatio();
    this.detachGestures();
    this.app.ticker.remove(this.tick);
    this.sprite.texture = Texture.EMPTY;
    this.video?.destroy();
    this.video = null;
    this.textures.destroy();
    this.app.destroy({ removeView: true }, { children: true });
  }

  private requestNext(): void {
    this.advanceRequested = true;
    this.options.callbacks.onNext();
  }

  private currentReel(): ViewerReel | null {
    return this.snapshot.reels[this.snapshot.reelIndex] ?? null;
  }

  private currentItem(): ViewerItem | null {
    const { itemIndex } = this.snapshot;
    return itemIndex === null ? null : (this.currentReel()?.items?.[itemIndex] ?? null);
  }

  private currentKey(): string {
    return `${this.currentReel()?.id ?? ''}/${this.currentItem()?.id ?? ''}`;
  }

  /** The current item first, then its reel, then 2 reels ahead and 1 behind (content §9). */
  private wantedTextures(): WantedTexture[] {
    const { reels, reelIndex } = this.snapshot;
    const wanted: WantedTexture[] = [];
    const current = this.currentItem();
    if (current) wanted.push({ key: current.id, url: current.url });
    for (const index of preloadWindow(reelIndex, reels.length)) {
      const reel = reels[index];
      if (reel.avatarUrl) wanted.push({ key: avatarKey(reel.id), url: reel.avatarUrl });
      for (const item of reel.items ?? []) {
        if (item.id !== current?.id) wanted.push({ key: item.id, url: item.url });
      }
    }
    return wanted;
  }

  private relayout(): void {
    const { width, height } = this.app.screen;
    const key = `${width}x${height}`;
    if (key === this.screenKey) return;
    this.screenKey = key;
    this.frame = storyFrame(width, height);
    this.overlay.layout(this.frame);
    this.fitSprite();
  }

  private fitSprite(): void {
    const { texture } = this.sprite;
    if (texture === Texture.EMPTY) return;
    const fit = coverFit(this.frame, texture.width, texture.height);
    this.sprite.position.set(fit.x, fit.y);
    this.sprite.scale.set(fit.scale);
  }

  /** A video's own length once its metadata is in, else the item's (5 s for images). */
  private durationOf(item: ViewerItem): number {
    const own = this.video && this.videoKey === this.currentKey() ? this.video.durationMs : null;
    return (item.videoUrl ? own : null) ?? item.durationMs;
  }

  /**
   * Keeps exactly one StoryVideo: the current item's, when it is a video. Showing an item again
   * (Previous, or reopening the reel) starts its video from the top.
   */
  private syncVideo(item: ViewerItem | null): StoryVideo | null {
    const key = item?.videoUrl ? this.currentKey() : '';
    if (this.video && this.videoKey !== key) {
      this.video.destroy();
      this.video = null;
    }
    if (item?.videoUrl && !this.video) {
      this.video = new StoryVideo(item.videoUrl, this.snapshot.muted);
      this.videoKey = key;
    }
    return this.video;
  }

  private readonly tick = (ticker: { deltaMS: number }) => {
    this.relayout();
    const reel = this.currentReel();
    const item = this.currentItem();
    const video = this.syncVideo(item);
    const poster = item ? this.textures.get(item.id) : null;
    // The poster shows until the video has a frame, and stays if the video fails.
    const texture = video?.hasFrame ? video.texture : poster;
    const shown = texture ?? Texture.EMPTY;
    const size = `${shown.width}x${shown.height}`;
    if (this.sprite.texture !== shown || this.fittedSize !== size) {
      this.sprite.texture = shown;
      this.fittedSize = size;
      this.fitSprite();
    }
    this.sprite.visible = texture !== null;
    this.overlay.visible = reel !== null;
    if (!reel) return;
    this.overlay.setOwner(reel.username, this.textures.get(avatarKey(reel.id)));
    this.overlay.setTakenAt(item?.takenAt ?? null, this.options.now?.() ?? Date.now() / 1000);
    const playing = !this.snapshot.paused && !this.holding && !document.hidden;
    const videoPlays = video !== null && video.status !== 'failed';
    const loading =
      (texture === null && !(item && this.textures.failed(item.id))) ||
      (videoPlays && playing && video.buffering);
    this.spinnerAngle += ticker.deltaMS / 150;
    this.overlay.setLoading(loading, this.spinnerAngle);
    if (item && texture && this.shownKey !== this.currentKey()) {
      this.shownKey = this.currentKey();
      this.options.callbacks.onItemShown?.(reel.id, item.id);
    }
    let finished = false;
    if (videoPlays) {
      // A video's own clock drives its progress, so buffering never runs the bar ahead.
      video.setMuted(this.snapshot.muted);
      video.setPlaying(playing);
      this.elapsed = video.currentMs;
      finished = video.ended;
    } else if (item && playing && (texture || this.textures.failed(item.id))) {
      // Time runs only while the image is on screen (or it failed, so the viewer never stalls).
      this.elapsed += ticker.deltaMS;
    }
    const count = reel.items?.length ?? 0;
    this.overlay.drawProgress(count, this.snapshot.itemIndex ?? 0, this.progress());
    if (item && (finished || this.elapsed >= this.durationOf(item)) && !this.advanceRequested) {
      this.requestNext();
    }
  };
}
