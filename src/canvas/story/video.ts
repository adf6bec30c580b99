// A story video for the Pixi viewer: an off-DOM <video> feeding a VideoSource texture. The
// viewer owns one at a time (the current item's); it plays only while the story plays, and its
// clock drives the progress bar. Any failure leaves the poster on screen for the item's duration.
import { Texture, VideoSource } from 'pixi.js';

export type VideoState = 'loading' | 'ready' | 'failed';

export class StoryVideo {
  readonly texture: Texture;
  private readonly video: HTMLVideoElement;
  private state: VideoState = 'loading';
  private wantPlaying = false;
  /** Pixi's VideoSource.load() resets the element once; play() before that would be undone. */
  private sourceLoaded = false;
  private playPending = false;
  private destroyed = false;

  constructor(
    readonly url: string,
    muted: boolean,
  ) {
    const video = document.createElement('video');
    video.muted = muted;
    video.playsInline = true;
    video.preload = 'auto';
    video.crossOrigin = 'anonymous';
    video.setAttribute('aria-hidden', 'true');
    video.addEventListener('error', this.fail);
    video.addEventListener('loadeddata', this.onLoaded);
    video.src = url;
    this.video = video;
    // autoPlay off: the viewer decides (hold, pause, hidden tab); the texture follows new frames.
    const source = new VideoSource({ resource: video, autoPlay: false, autoLoad: false });
    // A failed load is handled by the 'error' listener above; the promise would only repeat it.
    source.load().then(
      () => {
        this.sourceLoaded = true;
        this.setPlaying(this.wantPlaying);
      },
      () => undefined,
    );
    this.texture = new Texture({ source });
  }

  get status(): VideoState {
    return this.state;
  }

  /** True once a frame can be drawn (until then the viewer shows the poster). */
  get hasFrame(): boolean {
    return this.state === 'ready' && this.video.readyState >= HTMLMediaElement.HAVE_CURRENT_DATA;
  }

  /** Waiting for data while it should be playing. */
  get buffering(): boolean {
    return this.state === 'loading' || (this.wantPlaying && this.video.readyState < 3);
  }

  get ended(): boolean {
    return this.video.ended;
  }

  get currentMs(): number {
    return this.video.currentTime * 1000;
  }

  /** The media's own length, or null until its metadata is in. */
  get durationMs(): number | null {
    const { duration } = this.video;
    return Number.isFinite(duration) && duration > 0 ? duration * 1000 : null;
  }

  get width(): number {
    return this.video.videoWidth;
  }

  get height(): number {
    return this.video.videoHeight;
  }

  setMuted(muted: boolean): void {
    this.video.muted = muted;
  }

  /** Called every frame: follows the wanted state, whatever paused or reset the element. */
  setPlaying(playing: boolean): void {
    if (this.destroyed || this.state === 'failed') return;
    this.wantPlaying = playing;
    const { video } = this;
    if (!playing) {
      if (!video.paused) video.pause();
      return;
    }
    // An ended video stays on its last frame; the viewer moves on.
    if (!video.paused || video.ended || this.playPending || !this.sourceLoaded) return;
    this.playPending = true;
    video.play().then(
      () => {
        this.playPending = false;
      },
      (error: unknown) => {
        this.playPending = false;
        if (this.destroyed) return;
        const name = error instanceof DOMException ? error.name : '';
        // Paused or reset before play() settled: the next frame asks again if still wanted.
        if (name === 'AbortError') return;
        if (name === 'NotAllowedError' && !video.muted) {
          // The browser refused sound without a gesture: play muted rather than not at all.
          video.muted = true;
          return;
        }
        this.fail();
      },
    );
  }

  destroy(): void {
    if (this.destroyed) return;
    this.destroyed = true;
    this.video.removeEventListener('error', this.fail);
    this.video.removeEventListener('loadeddata', this.onLoaded);
    // VideoSource.destroy pauses the video and empties its src, releasing the decoder.
    this.texture.destroy(true);
  }

  private readonly onLoaded = () => {
    if (this.state === 'loading') this.state = 'ready';
  };

  private readonly fail = () => {
    if (this.destroyed) return;
    if (this.state !== 'failed') console.error('Story video failed to play', this.url);
    this.state = 'failed';
    this.wantPlaying = false;
    this.video.pause();
  };
}
