// Story analytics (content §9 "Story analytics timers tick every 100 ms"). While a story item is
// on screen and playing (not paused, not held, tab visible) a timer ticks every
// STORY_ANALYTICS_TICK_MS and adds one tick to the item's view time; when the viewer leaves the
// item, one story_item_view event carries the total. Nothing ticks while playback is stopped.
import { logClientEvent } from '../../lib/eventLog';
import { STORY_ANALYTICS_TICK_MS } from '../../lib/tokens';

type Log = (name: string, extra: Record<string, unknown>) => void;

interface Tracked {
  reelId: string;
  itemId: string;
  /** The viewer has drawn the item (before that it is loading, not being viewed). */
  shown: boolean;
  viewedMs: number;
}

export class StoryViewTimer {
  private item: Tracked | null = null;
  private interval: ReturnType<typeof setInterval> | null = null;
  private paused = false;
  private holding = false;
  private hidden = false;

  constructor(
    private readonly log: Log = logClientEvent,
    private readonly tickMs = STORY_ANALYTICS_TICK_MS,
  ) {}

  /** The item the viewer is on (from the store), or null; moving off an item logs its view. */
  setCurrent(reelId: string | null, itemId: string | null): void {
    if (this.item && this.item.reelId === reelId && this.item.itemId === itemId) return;
    this.leave();
    this.item = reelId && itemId ? { reelId, itemId, shown: false, viewedMs: 0 } : null;
    this.sync();
  }

  /** The viewer drew the item (its onItemShown callback). */
  shown(reelId: string, itemId: string): void {
    if (this.item?.reelId !== reelId || this.item.itemId !== itemId) return;
    this.item.shown = true;
    this.sync();
  }

  setPaused(paused: boolean): void {
    this.paused = paused;
    this.sync();
  }

  setHolding(holding: boolean): void {
    this.holding = holding;
    this.sync();
  }

  setHidden(hidden: boolean): void {
    this.hidden = hidden;
    this.sync();
  }

  /** The viewer closed: the current item's view is logged and the timer stops. */
  stop(): void {
    this.setCurrent(null, null);
  }

  private get playing(): boolean {
    return this.item?.shown === true && !this.paused && !this.holding && !this.hidden;
  }

  private sync(): void {
    if (this.playing && this.interval === null) {
      this.interval = setInterval(() => {
        if (this.item) this.item.viewedMs += this.tickMs;
      }, this.tickMs);
    } else if (!this.playing && this.interval !== null) {
      clearInterval(this.interval);
      this.interval = null;
    }
  }

  private leave(): void {
    const left = this.item;
    this.item = null;
    this.sync();
    // An item that never appeared (left while loading) was not viewed, so it is not logged.
    if (left?.shown) {
      this.log('story_item_view', {
        reel_id: left.reelId,
        item_id: left.itemId,
        viewed_ms: left.viewedMs,
      });
    }
  }
}
