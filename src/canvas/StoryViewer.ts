/**
 * The full-screen story viewer: a plain class owning a PixiJS Application (CONVENTIONS §5).
 * React mounts a container, feeds snapshots with update() (batched to one frame by the page),
 * and calls destroy() on unmount. Per-frame values — progress, the drag pose — live here only.
 * WebGL only: a silent fall back to another renderer would hide a broken GPU path.
 *
 * Drawing cost (issue 18): the loop runs only while something moves (a playing story's progress,
 * a video, the spinner, a finger or an animation) and the canvas is redrawn only when what it
 * shows changed — the progress bars are DOM, so a playing picture costs no WebGL frame. The
 * drawing buffer is never denser than the story picture (./story/resolution).
 */
import './noEval';
import { Application, ImageSource, RendererType, Texture } from 'pixi.js';
import { displayProperties } from '../lib/displayProperties';
import {
  closeDragPose,
  easeOutCubic,
  reelDragOffset,
  settleClose,
  settleReel,
  SETTLE_MS,
} from './story/drag';
import { attachGestures, type DragRelease } from './story/gestures';
import { preloadWindow, storyFrame, type FrameRect } from './story/layout';
import { PlaceholderTextures } from './story/placeholder';
import { ProgressBars } from './story/progressBars';
import { storyResolution } from './story/resolution';
import { StoryScene, type ScenePose } from './story/scene';
import { TextureCache, type WantedTexture } from './story/textureCache';
import type { DragAxis } from './story/drag';
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

/** The User Timing mark of a frame that shows an item anew (detail: itemId and ShownKind). */
export const STORY_FRAME_MARK = 'glint:story-frame';
/** picture: decoded (or a video frame); placeholder: its tiny pixels; fallback: the gradient. */
export type ShownKind = 'picture' | 'placeholder' | 'fallback';

/** A texture whose destroy also frees the decoded bitmap behind it. */
function textureFromBitmap(bitmap: ImageBitmap): Texture {
  const source = new ImageSource({ resource: bitmap, autoGenerateMipmaps: true });
  source.once('destroy', () => bitmap.close());
  return new Texture({ source });
}

/** The item a reel opens at: its start item once loaded, else the tray's cover. */
function startItemOf(reel: ViewerReel | undefined): ViewerItem | null {
  if (!reel) return null;
  if (reel.items) return reel.items[reel.startIndex ?? 0] ?? reel.items[0] ?? null;
  return reel.cover ?? null;
}

interface Animation {
  from: ScenePose;
  to: ScenePose;
  start: number;
  done(): void;
}

/** How long a settled swipe waits for the store to move to its reel before sliding back. */
const PENDING_REEL_MS = 4000;

const REST: ScenePose = { x: 0, y: 0, scale: 1, overlayAlpha: 1, previewAlpha: 1 };

export class StoryViewer {
  private readonly scene = new StoryScene();
  private readonly bars = new ProgressBars();
  private readonly textures: TextureCache<Texture>;
  private readonly placeholders = new PlaceholderTextures();
  private readonly detachGestures: () => void;
  private readonly stopPixelRatio: () => void;
  private readonly resizeObserver: ResizeObserver;
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
  private frame: FrameRect = { x: 0, y: 0, width: 1, height: 1 };
  private screenKey = '';
  private pixelRatio = window.devicePixelRatio || 1;
  /** Milliseconds the current item has played. */
  private elapsed = 0;
  private shownKey = '';
  private advanceRequested = false;
  private holding = false;
  private spinnerAngle = 0;
  private destroyed = false;
  /** Textures decoded but not yet on the GPU: uploaded one per frame, before they are shown. */
  private uploads: Texture[] = [];
  private drag: { axis: DragAxis; dx: number; dy: number } | null = null;
  private animation: Animation | null = null;
  /** A swipe settled on a neighbour: its reel index, until the snapshot moves there. */
  private pendingReel: { from: number; step: 1 | -1; since: number } | null = null;
  private pose: ScenePose = REST;
  private loopFrame = 0;
  private lastFrameTime = 0;
  private dirty = true;
  /** What the last frame drew for the shown item, and the last item/kind marked. */
  private shownKind: ShownKind = 'fallback';
  private markedKey = '';

  private constructor(
    private readonly app: Application,
    private readonly options: StoryViewerOptions,
  ) {
    this.textures = new TextureCache<Texture>(
      async (url, signal) => textureFromBitmap(await options.loadImage(url, signal)),
      (key) => {
        const texture = this.textures.get(key);
        if (texture) this.uploads.push(texture);
        this.wake();
      },
    );
    app.stage.addChild(this.scene);
    app.canvas.classList.add('story-viewer__canvas');
    options.container.append(app.canvas, this.bars.element);
    this.detachGestures = attachGestures(app.canvas, {
      tap: (zone) => (zone === 'previous' ? options.callbacks.onPrevious() : this.requestNext()),
      hold: (holding) => {
        this.holding = holding;
        options.callbacks.onHoldChange?.(holding);
        this.animateTo({ ...this.pose, overlayAlpha: holding ? 0 : 1 }, () => {});
      },
      dragStart: (axis) => this.startDrag(axis),
      dragMove: (dx, dy) => this.moveDrag(dx, dy),
      dragEnd: (release) => this.endDrag(release),
      key: (action) => {
        if (action === 'next') this.requestNext();
        else if (action === 'previous') options.callbacks.onPrevious();
        else options.callbacks.onClose();
      },
    });
    this.stopPixelRatio = displayProperties().subscribe(({ pixelRatio }) => {
      this.pixelRatio = pixelRatio;
      this.screenKey = '';
      this.wake();
    });
    this.resizeObserver = new ResizeObserver(() => this.wake());
    this.resizeObserver.observe(options.container);
    document.addEventListener('visibilitychange', this.wake);
    this.wake();
  }

  static async create(options: StoryViewerOptions): Promise<StoryViewer> {
    const app = new Application();
    const { clientWidth, clientHeight } = options.container;
    await app.init({
      preference: 'webgl',
      width: Math.max(1, clientWidth),
      height: Math.max(1, clientHeight),
      background: '#000000',
      // MSAA multiplies the fill cost of a full-screen surface; the photo does not need it.
      antialias: false,
      autoDensity: true,
      resolution: 1,
      // The viewer draws on demand (render()); Pixi's own ticker never runs.
      autoStart: false,
      sharedTicker: false,
    });
    if (app.renderer.type !== RendererType.WEBGL) {
      app.destroy({ removeView: true });
      throw new Error('The story viewer needs WebGL.');
    }
    return new StoryViewer(app, options);
  }

  get canvas(): HTMLCanvasElement {
    return this.app.canvas;
  }

  /** Shows a new position; textures outside the preload window are destroyed at once. */
  update(snapshot: StoryViewerSnapshot): void {
    if (this.destroyed) return;
    const before = this.currentKey();
    const reelBefore = this.snapshot.reelIndex;
    this.snapshot = snapshot;
    if (this.currentKey() !== before) {
      this.elapsed = 0;
      this.advanceRequested = false;
    }
    // The swipe's target arrived: the story is at rest on it again.
    if (this.pendingReel && snapshot.reelIndex !== reelBefore) {
      this.pendingReel = null;
      this.animation = null;
      this.pose = { ...REST, overlayAlpha: this.holding ? 0 : 1 };
    }
    const wanted = this.wantedTextures();
    this.textures.retain(wanted);
    this.placeholders.retain(new Set(wanted.map((w) => w.key)));
    this.dirty = true;
    this.wake();
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
    cancelAnimationFrame(this.loopFrame);
    this.stopPixelRatio();
    this.detachGestures();
    this.resizeObserver.disconnect();
    document.removeEventListener('visibilitychange', this.wake);
    this.bars.destroy();
    this.video?.destroy();
    this.video = null;
    this.scene.destroy();
    this.textures.destroy();
    this.placeholders.destroy();
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

  /** What is on screen: the current item, or the reel's cover while its items load. */
  private shownItem(): ViewerItem | null {
    if (this.snapshot.itemIndex !== null) return this.currentItem();
    return this.currentReel()?.cover ?? null;
  }

  private currentKey(): string {
    return `${this.currentReel()?.id ?? ''}/${this.currentItem()?.id ?? ''}`;
  }

  /** The shown item first, then its reel, then 2 reels ahead and 1 behind (content §9). */
  private wantedTextures(): WantedTexture[] {
    const { reels, reelIndex } = this.snapshot;
    const wanted: WantedTexture[] = [];
    const shown = this.shownItem();
    if (shown) wanted.push({ key: shown.id, url: shown.url });
    for (const index of preloadWindow(reelIndex, reels.length)) {
      const reel = reels[index];
      // A neighbour's start first: it is what a swipe reveals.
      const start = startItemOf(reel);
      if (start && start.id !== shown?.id) wanted.push({ key: start.id, url: start.url });
      if (reel.avatarUrl) wanted.push({ key: avatarKey(reel.id), url: reel.avatarUrl });
      for (const item of reel.items ?? []) {
        if (item.id !== shown?.id && item.id !== start?.id) {
          wanted.push({ key: item.id, url: item.url });
        }
      }
    }
    return wanted;
  }

  /** The picture of `item`: decoded, else its placeholder, else null (the dark gradient). */
  private pictureOf(item: ViewerItem | null): { texture: Texture | null; real: boolean } {
    if (!item) return { texture: null, real: false };
    const texture = this.textures.get(item.id);
    if (texture) return { texture, real: true };
    return { texture: this.placeholders.get(item.id, item.placeholder), real: false };
  }

  private relayout(): boolean {
    const { clientWidth, clientHeight } = this.options.container;
    const width = Math.max(1, clientWidth);
    const height = Math.max(1, clientHeight);
    const key = `${width}x${height}@${this.pixelRatio}`;
    if (key === this.screenKey) return false;
    this.screenKey = key;
    this.frame = storyFrame(width, height);
    const resolution = storyResolution(
      this.pixelRatio,
      width,
      height,
      this.frame.width,
      this.frame.height,
    );
    this.app.renderer.resize(width, height, resolution);
    this.scene.layout(width, this.frame);
    this.bars.layout(this.frame);
    return true;
  }

  // ── Gestures ───────────────────────────────────────────────────────────────────────────

  private neighbourExists(step: 1 | -1): boolean {
    return this.snapshot.reels[this.snapshot.reelIndex + step] !== undefined;
  }

  private startDrag(axis: DragAxis): void {
    if (this.pendingReel) return;
    this.animation = null;
    this.drag = { axis, dx: 0, dy: 0 };
    this.holding = false;
    this.wake();
  }

  private moveDrag(dx: number, dy: number): void {
    if (!this.drag) return;
    this.drag.dx = dx;
    this.drag.dy = dy;
    const { width, height } = this.frame;
    if (this.drag.axis === 'horizontal') {
      const x = reelDragOffset(dx, width, this.neighbourExists(-1), this.neighbourExists(1));
      this.pose = { ...REST, x, previewAlpha: Math.max(0, 1 - Math.abs(x) / (width * 0.3)) };
    } else {
      const { y, scale } = closeDragPose(dy, height);
      this.pose = { ...REST, y, scale, overlayAlpha: 1 - Math.min(1, y / 120), previewAlpha: 0 };
    }
    this.wake();
  }

  private endDrag(release: DragRelease): void {
    const drag = this.drag;
    this.drag = null;
    if (!drag) return;
    const { width, height } = this.frame;
    if (drag.axis === 'horizontal') {
      const step = release.cancelled
        ? 0
        : settleReel(
            release.dx,
            release.vx,
            width,
            this.neighbourExists(-1),
            this.neighbourExists(1),
          );
      if (step === 0) {
        this.animateTo(REST, () => {});
        return;
      }
      // The neighbour slides fully in, then the store moves there (update() ends the swipe).
      this.pendingReel = { from: this.snapshot.reelIndex, step, since: performance.now() };
      this.animateTo({ ...REST, x: -step * width, previewAlpha: 0 }, () => this.moveReel(step));
      return;
    }
    if (!release.cancelled && settleClose(release.dy, release.vy, height)) {
      this.animateTo({ ...this.pose, y: height, overlayAlpha: 0 }, () =>
        this.options.callbacks.onClose(),
      );
    } else {
      this.animateTo(REST, () => {});
    }
  }

  private moveReel(step: 1 | -1): void {
    const { callbacks } = this.options;
    if (callbacks.onReel) callbacks.onReel(step);
    else if (step === 1) this.requestNext();
    else callbacks.onPrevious();
  }

  private animateTo(to: ScenePose, done: () => void): void {
    this.animation = { from: this.pose, to, start: performance.now(), done };
    this.wake();
  }

  private stepAnimation(now: number): void {
    // A swipe whose reel never came (it emptied meanwhile): the story slides back.
    if (this.pendingReel && !this.animation && now - this.pendingReel.since > PENDING_REEL_MS) {
      this.pendingReel = null;
      this.animateTo(REST, () => {});
    }
    const animation = this.animation;
    if (!animation) return;
    const t = easeOutCubic((now - animation.start) / SETTLE_MS);
    const mix = (a: number, b: number) => a + (b - a) * t;
    const { from, to } = animation;
    this.pose = {
      x: mix(from.x, to.x),
      y: mix(from.y, to.y),
      scale: mix(from.scale, to.scale),
      overlayAlpha: mix(from.overlayAlpha, to.overlayAlpha),
      previewAlpha: mix(from.previewAlpha, to.previewAlpha),
    };
    if (t >= 1) {
      this.animation = null;
      animation.done();
    }
  }

  // ── The loop ───────────────────────────────────────────────────────────────────────────

  private readonly wake = () => {
    if (this.destroyed || this.loopFrame) return;
    this.loopFrame = requestAnimationFrame(this.onFrame);
  };

  private readonly onFrame = (time: number) => {
    this.loopFrame = 0;
    if (this.destroyed) return;
    // After an idle stretch the clock restarts: time stood still while nothing moved.
    const delta = this.lastFrameTime ? Math.min(100, time - this.lastFrameTime) : 0;
    const moving = this.tick(delta, time);
    if (this.dirty) {
      this.dirty = false;
      this.app.render();
      this.markFrame();
    } else if (this.uploads.length && !this.drag && !this.animation) {
      // Idle frame: put one decoded picture on the GPU now, so showing it later is only a draw.
      const texture = this.uploads.shift()!;
      if (!texture.destroyed) this.app.renderer.texture.initSource(texture.source);
    }
    if (moving || this.uploads.length) {
      this.lastFrameTime = time;
      this.wake();
    } else {
      this.lastFrameTime = 0;
    }
  };

  /**
   * A User Timing mark when the frame shows an item differently than before (its placeholder,
   * then its picture): how the bench and the browser's profiler see what a tap shows when.
   */
  private markFrame(): void {
    const shown = this.shownItem();
    if (!shown) return;
    const kind = this.shownKind;
    const key = `${shown.id}/${kind}`;
    if (key === this.markedKey) return;
    this.markedKey = key;
    performance.mark(STORY_FRAME_MARK, { detail: { itemId: shown.id, kind } });
  }

  /** One frame's state; returns whether something still moves (the loop goes on). */
  private tick(deltaMS: number, now: number): boolean {
    if (this.relayout()) this.dirty = true;
    this.stepAnimation(now);
    const reel = this.currentReel();
    const item = this.currentItem();
    const shown = this.shownItem();
    const video = this.syncVideo(item);
    const picture = this.pictureOf(shown);
    // The poster shows until the video has a frame, and stays if the video fails.
    const videoFrame = video?.hasFrame ? video.texture : null;
    const texture = videoFrame ?? picture.texture;
    this.shownKind = picture.real || videoFrame ? 'picture' : texture ? 'placeholder' : 'fallback';
    const side = this.pose.x < 0 ? 1 : -1;
    const neighbour = this.pictureOf(
      startItemOf(this.snapshot.reels[this.snapshot.reelIndex + side]),
    ).texture;
    const previous = this.pictureOf(startItemOf(this.snapshot.reels[this.snapshot.reelIndex - 1]));
    const next = this.pictureOf(startItemOf(this.snapshot.reels[this.snapshot.reelIndex + 1]));
    if (this.scene.setPose(this.pose)) this.dirty = true;
    if (this.scene.setPictures(texture, neighbour, side)) this.dirty = true;
    if (this.scene.setPreviews(previous.texture, next.texture)) this.dirty = true;
    this.bars.pose(this.pose.x, this.pose.y, this.holding ? 0 : this.pose.overlayAlpha);
    this.scene.overlay.visible = reel !== null;
    if (!reel) return this.animation !== null;

    const overlay = this.scene.overlay;
    if (overlay.setOwner(reel.username, this.textures.get(avatarKey(reel.id)))) this.dirty = true;
    const nowSeconds = this.options.now?.() ?? Date.now() / 1000;
    if (overlay.setTakenAt(shown?.takenAt ?? null, nowSeconds)) this.dirty = true;

    const dragging = this.drag !== null || this.animation !== null || this.pendingReel !== null;
    const playing = !this.snapshot.paused && !this.holding && !dragging && !document.hidden;
    const videoPlays = video !== null && video.status !== 'failed';
    const failed = shown !== null && this.textures.failed(shown.id);
    const loading =
      (!picture.real && !videoFrame && !failed && (shown !== null || reel.items === null)) ||
      (videoPlays && playing && video.buffering);
    if (loading) this.spinnerAngle += deltaMS / 150;
    if (overlay.setLoading(loading, this.spinnerAngle)) this.dirty = true;
    if (videoFrame && videoPlays && playing) this.dirty = true;

    if (item && (picture.real || videoFrame) && this.shownKey !== this.currentKey()) {
      this.shownKey = this.currentKey();
      this.options.callbacks.onItemShown?.(reel.id, item.id);
    }
    let finished = false;
    let clockRuns = false;
    if (videoPlays) {
      // A video's own clock drives its progress, so buffering never runs the bar ahead.
      video.setMuted(this.snapshot.muted);
      video.setPlaying(playing);
      this.elapsed = video.currentMs;
      finished = video.ended;
      clockRuns = playing;
    } else if (item && playing && (picture.real || failed)) {
      // Time runs only while the picture is on screen (or it failed, so the viewer never stalls).
      this.elapsed += deltaMS;
      clockRuns = true;
    }
    const count = reel.items?.length ?? 0;
    this.bars.draw(count, this.snapshot.itemIndex ?? 0, this.progress());
    if (item && (finished || this.elapsed >= this.durationOf(item)) && !this.advanceRequested) {
      this.requestNext();
    }
    return clockRuns || loading || this.animation !== null || this.pendingReel !== null;
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
}
