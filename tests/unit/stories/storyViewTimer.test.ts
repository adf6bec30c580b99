// @vitest-environment node
import { afterEach, beforeEach, describe, expect, it, vi, type Mock } from 'vitest';
import { StoryViewTimer } from '../../../src/features/stories/storyViewTimer';
import { STORY_ANALYTICS_TICK_MS } from '../../../src/lib/tokens';

let log: Mock<(name: string, extra: Record<string, unknown>) => void>;
let timer: StoryViewTimer;

beforeEach(() => {
  vi.useFakeTimers();
  log = vi.fn<(name: string, extra: Record<string, unknown>) => void>();
  timer = new StoryViewTimer(log);
});
afterEach(() => {
  timer.stop();
  vi.useRealTimers();
});

const views = () => log.mock.calls.map(([name, extra]) => [name, extra]);

describe('story analytics timer', () => {
  it('ticks every 100 ms while the item plays and logs the total when the viewer leaves it', () => {
    expect(STORY_ANALYTICS_TICK_MS).toBe(100);
    timer.setCurrent('r1', 'i1');
    timer.shown('r1', 'i1');
    vi.advanceTimersByTime(1250);
    timer.setCurrent('r1', 'i2');
    expect(views()).toEqual([
      ['story_item_view', { reel_id: 'r1', item_id: 'i1', viewed_ms: 1200 }],
    ]);
  });

  it('does not count while the item is still loading', () => {
    timer.setCurrent('r1', 'i1');
    vi.advanceTimersByTime(3000);
    timer.shown('r1', 'i1');
    vi.advanceTimersByTime(500);
    timer.stop();
    expect(views()).toEqual([
      ['story_item_view', { reel_id: 'r1', item_id: 'i1', viewed_ms: 500 }],
    ]);
  });

  it('stops ticking while paused, held or hidden', () => {
    timer.setCurrent('r1', 'i1');
    timer.shown('r1', 'i1');
    vi.advanceTimersByTime(300);
    timer.setPaused(true);
    vi.advanceTimersByTime(5000);
    timer.setPaused(false);
    vi.advanceTimersByTime(200);
    timer.setHolding(true);
    vi.advanceTimersByTime(5000);
    timer.setHolding(false);
    timer.setHidden(true);
    vi.advanceTimersByTime(5000);
    timer.setHidden(false);
    vi.advanceTimersByTime(100);
    timer.stop();
    expect(log).toHaveBeenCalledWith('story_item_view', {
      reel_id: 'r1',
      item_id: 'i1',
      viewed_ms: 600,
    });
    expect(vi.getTimerCount()).toBe(0); // nothing left running once the viewer closed
  });

  it('runs no timer at all while nothing plays', () => {
    timer.setCurrent('r1', 'i1');
    expect(vi.getTimerCount()).toBe(0);
    timer.shown('r1', 'i1');
    expect(vi.getTimerCount()).toBe(1);
    timer.setPaused(true);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('logs nothing for an item left before it appeared, and ignores stale shown calls', () => {
    timer.setCurrent('r1', 'i1');
    timer.setCurrent('r1', 'i2');
    timer.shown('r1', 'i1');
    vi.advanceTimersByTime(1000);
    timer.setCurrent(null, null);
    expect(log).not.toHaveBeenCalled();
  });

  it('counts an item again from zero when it is shown again later', () => {
    timer.setCurrent('r1', 'i1');
    timer.shown('r1', 'i1');
    vi.advanceTimersByTime(400);
    timer.setCurrent('r1', 'i1'); // same item: no leave
    timer.setCurrent('r2', 'j1');
    timer.setCurrent('r1', 'i1');
    timer.shown('r1', 'i1');
    vi.advanceTimersByTime(200);
    timer.stop();
    expect(views().map(([, x]) => (x as { viewed_ms: number }).viewed_ms)).toEqual([400, 200]);
  });
});
