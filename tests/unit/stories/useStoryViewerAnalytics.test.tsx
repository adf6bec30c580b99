import { act, renderHook } from '@testing-library/react';
import { useRef } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi, type Mock } from 'vitest';
import type { StoryViewerCallbacks } from '../../../src/canvas/StoryViewer';
import { useStoryViewer } from '../../../src/features/stories/useStoryViewer';
import { setEventSink, type EventSink } from '../../../src/lib/eventLog';
import { initialStoriesState, storiesState, type Reel } from '../../../src/state/stories';

// The Pixi viewer needs WebGL; a stand-in hands back the callbacks the hook gives it.
const viewer = vi.hoisted(() => ({ callbacks: null as StoryViewerCallbacks | null }));
vi.mock('../../../src/canvas/StoryViewer', () => ({
  StoryViewer: {
    create: vi.fn((options: { callbacks: StoryViewerCallbacks }) => {
      viewer.callbacks = options.callbacks;
      return Promise.resolve({ update: vi.fn(), destroy: vi.fn() });
    }),
  },
}));
vi.mock('../../../src/api/storyMedia', () => ({ fetchStoryBitmap: vi.fn() }));

const item = (id: string) => ({ id }) as Reel['items'][number];
const reel = {
  id: 'r1',
  user: { id: 'u1', username: 'amy', profile_pic_url: '' },
  itemIds: ['a', 'b'],
  items: [item('a'), item('b')],
} as unknown as Reel;

let sink: Mock<EventSink>;
const storyViews = () =>
  sink.mock.calls.filter(([name]) => name === 'story_item_view').map(([, extra]) => extra);

function mountViewer() {
  return renderHook(() => {
    const container = useRef<HTMLDivElement | null>(document.createElement('div'));
    const callbacks = useRef<StoryViewerCallbacks>({
      onNext: () => {},
      onPrevious: () => {},
      onClose: () => {},
    });
    return useStoryViewer(container, callbacks);
  });
}

/** Store writes reach the hook through valtio's (microtask-batched) subscription. */
const settle = () => act(() => vi.advanceTimersByTimeAsync(0));

beforeEach(() => {
  vi.useFakeTimers();
  Object.assign(storiesState, initialStoriesState(), {
    reels: { r1: reel },
    current: { reelId: 'r1', itemIndex: 0 },
  });
  sink = vi.fn<EventSink>();
  setEventSink(sink);
});
afterEach(() => {
  setEventSink(null);
  vi.useRealTimers();
});

describe('story viewer analytics', () => {
  it('logs the view time of each item the viewer leaves, paused time excluded', async () => {
    const view = mountViewer();
    await settle();
    act(() => viewer.callbacks?.onItemShown?.('r1', 'a'));
    await act(() => vi.advanceTimersByTimeAsync(700));
    storiesState.paused = true;
    await settle();
    await act(() => vi.advanceTimersByTimeAsync(5000));
    storiesState.paused = false;
    await settle();
    await act(() => vi.advanceTimersByTimeAsync(300));
    storiesState.current = { reelId: 'r1', itemIndex: 1 };
    await settle();
    expect(storyViews()).toEqual([{ reel_id: 'r1', item_id: 'a', viewed_ms: 1000 }]);

    act(() => viewer.callbacks?.onItemShown?.('r1', 'b'));
    act(() => viewer.callbacks?.onHoldChange?.(true));
    await act(() => vi.advanceTimersByTimeAsync(2000));
    act(() => viewer.callbacks?.onHoldChange?.(false));
    await act(() => vi.advanceTimersByTimeAsync(200));
    view.unmount(); // closing the viewer leaves the item too
    expect(storyViews()).toEqual([
      { reel_id: 'r1', item_id: 'a', viewed_ms: 1000 },
      { reel_id: 'r1', item_id: 'b', viewed_ms: 200 },
    ]);
  });
});
