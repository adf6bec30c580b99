// What the story viewer draws, decoupled from the stories store so the lab harness can feed it
// synthetic reels. The page maps the store onto these shapes once per frame at most.

/** Tiny RGB pixels of an item's picture, drawn stretched until the picture is ready. */
export interface ViewerPlaceholder {
  width: number;
  height: number;
  /** width × height × 3 bytes, base64. */
  rgb: string;
}

export interface ViewerItem {
  id: string;
  url: string;
  width: number;
  height: number;
  /** Unix seconds, for the header's relative time. */
  takenAt: number;
  /** 5 s for images (content §9), the video's length for videos. */
  durationMs: number;
  /** Set for story videos; `url` is then the poster shown until the video has a frame. */
  videoUrl: string | null;
  /** Drawn in the first frame whenever the picture is not decoded yet (never a black frame). */
  placeholder?: ViewerPlaceholder | null;
}

export interface ViewerReel {
  id: string;
  username: string;
  avatarUrl: string | null;
  /** null while the reel's items are still being fetched. */
  items: readonly ViewerItem[] | null;
  /** Where the reel opens (its first unseen item); 0 when absent. */
  startIndex?: number;
  /**
   * The item the reel opens at, known from the tray before its items are fetched: shown (and its
   * picture preloaded) while `items` is null, so a tap never waits for the reel's items.
   */
  cover?: ViewerItem | null;
}

export interface StoryViewerSnapshot {
  /** Every reel in tray order: the viewer keeps textures for a window around the current one. */
  reels: readonly ViewerReel[];
  /** -1 when nothing is selected. */
  reelIndex: number;
  /** null while the current reel's items load. */
  itemIndex: number | null;
  /** Paused by the Pause button (holding the screen pauses on top of this). */
  paused: boolean;
  /** Story videos play without sound until the member unmutes. */
  muted: boolean;
}

export interface StoryViewerCallbacks {
  /** A tap on the right, ArrowRight, or the current item's time ran out. */
  onNext(): void;
  /** A tap on the left third, or ArrowLeft. */
  onPrevious(): void;
  /** Swipe down or Escape. */
  onClose(): void;
  /** The item's image is on screen (drives the seen marker and the live region). */
  onItemShown?(reelId: string, itemId: string): void;
  /** Holding the screen paused (true) or released (false) playback. */
  onHoldChange?(holding: boolean): void;
  /**
   * A horizontal swipe (or a click on a neighbour's preview) settled on the next (1) or the
   * previous (-1) reel. Without it the viewer moves as Next/Previous would.
   */
  onReel?(step: 1 | -1): void;
}

export interface TextureStats {
  liveTextures: number;
  /** Estimated GPU bytes: width × height × 4 summed over live textures. */
  textureBytes: number;
}
