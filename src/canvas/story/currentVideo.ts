import { StoryVideo } from './video';

/**
 * Keeps exactly one StoryVideo: the current item's, when it is a video, under the key of the item
 * on screen. Showing an item again (Previous, or reopening the reel) starts its video from the top.
 */
export class CurrentVideo {
  private video: StoryVideo | null = null;
  private key = '';

  /** The video of the item under `key` (its `url`, null for a picture), made when it changes. */
  sync(key: string, url: string | null | undefined, muted: boolean): StoryVideo | null {
    const wanted = url ? key : '';
    if (this.video && this.key !== wanted) this.destroy();
    if (url && !this.video) {
      this.video = new StoryVideo(url, muted);
      this.key = wanted;
    }
    return this.video;
  }

  /** The video's own length once its metadata is in, if it is the one under `key`. */
  durationMs(key: string): number | null {
    return this.video && this.key === key ? this.video.durationMs : null;
  }

  destroy(): void {
    this.video?.destroy();
    this.video = null;
  }
}
