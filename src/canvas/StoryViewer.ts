/**
 * The full-screen story viewer: a plain class owning a PixiJS WebGLRenderer (./story/renderer
 * makes it directly, no Application; CONVENTIONS §5).
 * React mounts a container, feeds snapshots with update() (batched to one frame by the page),
 * and calls destroy() on unmount. Per-frame values — progress, the drag pose — live here only.
 *
 * Drawing cost (issue 18): the loop runs only while something moves (a playing story's progress,
 * a video, the spinner, a finger or an animation) and the canvas is redrawn only when what it
 * shows changed — the progress bars are DOM, so a playing picture costs no WebGL frame. The
 * drawing buffer is never denser than the story picture (./story/resolution). The renderer is
 * started by ./story/renderer, ahead of a tap when the tray asks (prepare()).
 */
import './noEval';
import type { Texture } from 'pixi.js';
import { displayProperties } from '../lib/displayProperties';
import { attachGestures } from './story/gestures';
import { storyFrame, type FrameRect } from './story/layout';
import { PlaceholderTextures } from './story/placeholder';
import { prepareRenderer, takeRenderer, type ViewerRenderer } from './story/renderer';
import { ProgressBars } from './story/progressBars';
import { StoryHeader } from './story/header';
import { movingResolution, storyResolution } from './story/resolution';
import { StoryMotion } from './story/motion';
import { StoryScene } from './story/scene';
import { TextureCache } from './story/textureCache';
import {
  currentItemOf,
  currentReelOf,
  shownItemOf,
  startItemOf,
  wantedTextures,
} from './story/window';
import { CurrentVideo } from './story/currentVideo';
import { needsMipmaps, textureFromBitmap } from './story/pictures';
import { IdleGpuWork } from './story/gpuWork';
import { FrameMarks, type ShownKind } from './story/frameMarks';
import { FrameLoop } from './story/loop';
import { ShownPictures } from './story/shownPictures';
import type { StoryVideo } from './story/video';
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
  /** Decoded image for a story picture's URL; the viewer owns and closes the bitmap. */
  loadImage(url: string, signal: AbortSignal): Promise<ImageBitmap>;
  callbacks: StoryViewerCallbacks;
  /** Unix seconds, for relative times (tests and the lab pin it). */
  now?: () => number;
}

export { STORY_FRAME_MARK, type ShownKind } from './story/frameMarks';

export class StoryViewer {
  private readonly scene = new StoryScene();
  private readonly bars = new ProgressBars();
  private readonly header = new StoryHeader();
  private readonly textures: TextureCache<Texture>;
  private readonly placeholders = new PlaceholderTextures();
  private readonly pictures: ShownPictures;
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
  private readonly video = new CurrentVideo();
  private frame: FrameRect = { x: 0, y: 0, width: 1, height: 1 };
  private screenKey = '';
  private pixelRatio = window.devicePixelRatio || 1;
  /** The drawing buffer's density at rest (./story/resolution). */
  private restResolution = 1;
  /** Milliseconds the current item has played. */
  private elapsed = 0;
  private shownKey = '';
  private advanceRequested = false;
  private holding = false;
  private destroyed = false;
  /** Uploads and mip levels done on frames that draw nothing. */
  private readonly gpuWork = new IdleGpuWork();
  private readonly motion: StoryMotion;
  private readonly loop = new FrameLoop({
    tick: (delta, now) => this.tick(delta, now),
    draw: () => {
      this.app.render();
      this.markFrame();
    },
    busy: () => this.motion.busy,
    idleWork: () => this.idleWork(),
    workPending: () => this.gpuWork.pending,
  });
  private readonly wake = this.loop.wake;
  /** What the last frame drew for the shown item, and the last item/kind marked. */
  private shownKind: ShownKind = 'fallback';
  private readonly marks = new FrameMarks();
  /** Whether the container says the neighbour previews are faded (a drag moves the story). */
  private previewsFaded = false;

  private constructor(
    private readonly app: ViewerRenderer,
    private readonly options: StoryViewerOptions,
  ) {
    this.textures = new TextureCache<Texture>(
      async (url, signal) => {
        const bitmap = await options.loadImage(url, signal);
        // At rest's density: a picture loaded during a swipe is shown sharp after it.
        const drawnHeight = this.frame.height * this.restResolution;
        return textureFromBitmap(bitmap, needsMipmaps(bitmap, drawnHeight));
      },
      (key) => {
        const texture = this.textures.get(key);
        if (texture) this.gpuWork.add(texture);
        this.wake();
      },
    );
    this.pictures = new ShownPictures(this.textures, this.placeholders, this.gpuWork);
    this.motion = new StoryMotion({
      frame: () => this.frame,
      hasReel: (step) => this.snapshot.reels[this.snapshot.reelIndex + step] !== undefined,
      moveReel: (step) => this.moveReel(step),
      close: () => options.callbacks.onClose(),
      wake: this.wake,
    });
    app.stage.addChild(this.scene);
    app.canvas.classList.add('story-viewer__canvas');
    this.loop.watchContext(app.canvas);
    const { header, bars } = this;
    options.container.append(app.canvas, header.spinner, header.element, bars.element);
    this.detachGestures = attachGestures(app.canvas, {
      tap: (zone) => (zone === 'previous' ? options.callbacks.onPrevious() : this.requestNext()),
      hold: (holding) => {
        this.holding = holding;
        options.callbacks.onHoldChange?.(holding);
        this.motion.fadeOverlay(!holding);
      },
      dragStart: (axis) => {
        this.holding = false;
        this.motion.start(axis);
      },
      dragMove: (dx, dy) => this.motion.move(dx, dy),
      dragEnd: (release) => this.motion.end(release),
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
    // Laid out now, before any picture loads: a picture already decoded (the tray's prefetch)
    // loads in the next microtask and is given mipmaps or not by the frame it will be drawn in.
    this.relayout();
    document.addEventListener('visibilitychange', this.wake);
    this.wake();
  }

  /** Starts the renderer ahead of a tap (./story/renderer); create() takes it. */
  static prepare(): void {
    prepareRenderer();
  }

  static async create(options: StoryViewerOptions): Promise<StoryViewer> {
    const { clientWidth, clientHeight } = options.container;
    const app = await takeRenderer(Math.max(1, clientWidth), Math.max(1, clientHeight));
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
    if (snapshot.reelIndex !== reelBefore) this.motion.reelChanged(this.holding);
    const wanted = wantedTextures(snapshot, shownItemOf(this.snapshot));
    this.textures.retain(wanted);
    this.placeholders.retain(new Set(wanted.map((w) => w.key)));
    this.loop.dirty = true;
    this.wake();
  }

  stats(): TextureStats {
    return this.textures.stats();
  }

  /** How far the current item has played (0..1); for tests and the lab. */
  progress(): number {
    const item = currentItemOf(this.snapshot);
    return item ? Math.min(1, this.elapsed / this.durationOf(item)) : 0;
  }

  destroy(): void {
    if (this.destroyed) return;
    this.destroyed = true;
    this.loop.stop();
    this.stopPixelRatio();
    this.detachGestures();
    this.resizeObserver.disconnect();
    this.options.container.removeAttribute('data-previews-faded');
    document.removeEventListener('visibilitychange', this.wake);
    this.bars.destroy();
    this.header.destroy();
    this.video.destroy();
    this.scene.destroy();
    this.textures.destroy();
    this.placeholders.destroy();
    this.app.destroy();
  }

  private requestNext(): void {
    this.advanceRequested = true;
    this.options.callbacks.onNext();
  }

  private currentKey(): string {
    return `${currentReelOf(this.snapshot)?.id ?? ''}/${currentItemOf(this.snapshot)?.id ?? ''}`;
  }

  private relayout(): boolean {
    const { clientWidth, clientHeight } = this.options.container;
    const width = Math.max(1, clientWidth);
    const height = Math.max(1, clientHeight);
    const moving = this.motion.moving;
    const key = `${width}x${height}@${this.pixelRatio}${moving ? ' moving' : ''}`;
    if (key === this.screenKey) return false;
    this.screenKey = key;
    this.frame = storyFrame(width, height);
    const rest = storyResolution(
      this.pixelRatio,
      width,
      height,
      this.frame.width,
      this.frame.height,
    );
    this.restResolution = rest;
    const resolution = moving ? movingResolution(rest, width, height) : rest;
    this.app.renderer.resize(width, height, resolution);
    this.scene.layout(width, this.frame);
    this.bars.layout(this.frame);
    this.header.layout(this.frame);
    return true;
  }

  // ── Gestures ───────────────────────────────────────────────────────────────────────────

  private moveReel(step: 1 | -1): void {
    const { callbacks } = this.options;
    if (callbacks.onReel) callbacks.onReel(step);
    else if (step === 1) this.requestNext();
    else callbacks.onPrevious();
  }

  // ── The loop ───────────────────────────────────────────────────────────────────────────

  /** One piece of GPU work on a frame that draws nothing (./story/gpuWork). */
  private idleWork(): boolean {
    const { width, height } = this.app.screen;
    const moving = movingResolution(this.restResolution, width, height);
    const rest = this.frame.height * this.restResolution;
    return this.gpuWork.step(this.app.renderer, rest, this.frame.height * moving);
  }

  private markFrame(): void {
    const shown = shownItemOf(this.snapshot);
    if (shown) this.marks.mark(shown.id, this.shownKind);
  }

  /** One frame's state; returns whether something still moves (the loop goes on). */
  private tick(deltaMS: number, now: number): boolean {
    // Stepped first: the frame where a snap-back ends is laid out at rest, at full density (the
    // loop may stop after it, on a paused story).
    this.motion.step(now);
    if (this.relayout()) this.loop.dirty = true;
    const { pose } = this.motion;
    const reel = currentReelOf(this.snapshot);
    const item = currentItemOf(this.snapshot);
    const shown = shownItemOf(this.snapshot);
    const video = this.syncVideo(item);
    const picture = this.pictures.pictureOf(shown);
    // The poster shows until the video has a frame, and stays if the video fails.
    const videoFrame = video?.hasFrame ? video.texture : null;
    const texture = videoFrame ?? picture.texture;
    this.shownKind = picture.real || videoFrame ? 'picture' : texture ? 'placeholder' : 'fallback';
    const side = pose.x < 0 ? 1 : -1;
    const neighbour = this.pictures.pictureOf(
      startItemOf(this.snapshot.reels[this.snapshot.reelIndex + side]),
    ).texture;
    const { reels, reelIndex } = this.snapshot;
    const previous = this.pictures.previewOf(startItemOf(reels[reelIndex - 1]));
    const next = this.pictures.previewOf(startItemOf(reels[reelIndex + 1]));
    if (this.scene.setPose(pose)) this.loop.dirty = true;
    if (this.scene.setPictures(texture, neighbour, side)) this.loop.dirty = true;
    if (this.scene.setPreviews(previous, next)) this.loop.dirty = true;
    // The page's DOM names of the previews fade with them (data-previews-faded on the container).
    const faded = pose.previewAlpha < 1;
    if (faded !== this.previewsFaded) {
      this.previewsFaded = faded;
      this.options.container.toggleAttribute('data-previews-faded', faded);
    }
    // The header and the bars stay in the frame while the story slides sideways (they fade).
    const overlayAlpha = this.holding ? 0 : pose.overlayAlpha;
    this.bars.pose(0, pose.y, overlayAlpha);
    this.header.pose(pose.y, overlayAlpha);
    this.header.setOwner(reel);
    if (!reel) {
      this.header.setLoading(false);
      return this.motion.animating;
    }
    const nowSeconds = this.options.now?.() ?? Date.now() / 1000;
    this.header.setTakenAt(shown?.takenAt ?? null, nowSeconds);

    const playing = !this.snapshot.paused && !this.holding && !this.motion.busy && !document.hidden;
    const videoPlays = video !== null && video.status !== 'failed';
    const failed = shown !== null && this.textures.failed(shown.id);
    const loading =
      (!picture.real && !videoFrame && !failed && (shown !== null || reel.items === null)) ||
      (videoPlays && playing && video.buffering);
    // The spinner is DOM, turned by the compositor: no redraw of the canvas for it.
    this.header.setLoading(loading);
    if (videoFrame && videoPlays && playing) this.loop.dirty = true;

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
    return clockRuns || loading || this.motion.animating;
  }

  /** A video's own length once its metadata is in, else the item's (5 s for images). */
  private durationOf(item: ViewerItem): number {
    return (item.videoUrl ? this.video.durationMs(this.currentKey()) : null) ?? item.durationMs;
  }

  /** The current item's video, when it is one (see CurrentVideo). */
  private syncVideo(item: ViewerItem | null): StoryVideo | null {
    return this.video.sync(this.currentKey(), item?.videoUrl, this.snapshot.muted);
  }
}
