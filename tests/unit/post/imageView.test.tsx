import { act, render } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi, type Mock } from 'vitest';
import { setEventSink, type EventSink } from '../../../src/lib/eventLog';
import { MemoryRouter } from '../../../src/lib/router';
import { IMAGE_VIEW_THRESHOLD_MS } from '../../../src/lib/tokens';
import { resetImageViewsForTests, watchImageView } from '../../../src/features/post/imageView';
import { PostMedia } from '../../../src/features/post/PostMedia';
import type { WirePost } from '../../../src/api/types';
import { resetGatingState, revealGatedPost } from '../../../src/state/gating';
import { wirePost } from '../feed/fixtures';

/** Stands in for the browser's observer: the test says what is on screen. */
class FakeIntersectionObserver {
  static instances: FakeIntersectionObserver[] = [];
  readonly targets = new Set<Element>();
  constructor(
    readonly callback: IntersectionObserverCallback,
    readonly options?: IntersectionObserverInit,
  ) {
    FakeIntersectionObserver.instances.push(this);
  }
  observe(el: Element) {
    this.targets.add(el);
  }
  unobserve(el: Element) {
    this.targets.delete(el);
  }
  disconnect() {
    this.targets.clear();
  }
  takeRecords() {
    return [];
  }
}

function show(el: Element, ratio: number) {
  const io = FakeIntersectionObserver.instances.find((i) => i.targets.has(el));
  if (!io) throw new Error('element is not observed');
  const entry = { target: el, isIntersecting: ratio > 0, intersectionRatio: ratio };
  act(() =>
    io.callback([entry as IntersectionObserverEntry], io as unknown as IntersectionObserver),
  );
}

const advance = (ms: number) => act(() => vi.advanceTimersByTime(ms));

let sink: Mock<EventSink>;
const imageViews = () =>
  sink.mock.calls.filter(([name]) => name === 'image_view').map(([, x]) => x);
let hidden = false;

beforeEach(() => {
  vi.useFakeTimers();
  vi.stubGlobal('IntersectionObserver', FakeIntersectionObserver);
  FakeIntersectionObserver.instances = [];
  resetImageViewsForTests();
  window.history.replaceState({ key: 'page1' }, '', '/');
  sink = vi.fn<EventSink>();
  setEventSink(sink);
  hidden = false;
  Object.defineProperty(document, 'hidden', { configurable: true, get: () => hidden });
});
afterEach(() => {
  setEventSink(null);
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

function renderFeedMedia(id: string, overrides: Partial<WirePost> = {}) {
  const view = render(
    <MemoryRouter>
      <article className="post-card">
        <PostMedia post={wirePost(id, overrides)} />
      </article>
    </MemoryRouter>,
  );
  const media = view.container.querySelector('.post-media');
  if (!media) throw new Error('no media');
  return { ...view, media };
}

describe('image_view', () => {
  it('logs once the media has been half visible for 250 ms, with its id and surface', () => {
    const { media } = renderFeedMedia('p1');
    expect(FakeIntersectionObserver.instances[0].options).toMatchObject({ threshold: 0.5 });
    show(media, 0.4);
    advance(1000);
    expect(imageViews()).toEqual([]); // under half visible never counts
    show(media, 0.5);
    advance(IMAGE_VIEW_THRESHOLD_MS - 1);
    expect(imageViews()).toEqual([]);
    advance(1);
    expect(imageViews()).toEqual([{ media_id: 'p1', surface: 'feed' }]);
  });

  it('needs 250 ms without a break', () => {
    const { media } = renderFeedMedia('p1');
    show(media, 1);
    advance(200);
    show(media, 0.2);
    show(media, 1);
    advance(200);
    expect(imageViews()).toEqual([]);
    advance(50);
    expect(imageViews()).toHaveLength(1);
  });

  it('logs a post once per page view, even when its card is unmounted and mounted again', () => {
    const first = renderFeedMedia('p1');
    show(first.media, 1);
    advance(IMAGE_VIEW_THRESHOLD_MS);
    show(first.media, 0);
    show(first.media, 1);
    advance(IMAGE_VIEW_THRESHOLD_MS);
    first.unmount(); // a windowed feed drops cards that scroll far away
    const again = renderFeedMedia('p1');
    show(again.media, 1);
    advance(IMAGE_VIEW_THRESHOLD_MS);
    expect(imageViews()).toHaveLength(1);

    window.history.pushState({ key: 'page2' }, '', '/'); // a new visit to the feed
    show(again.media, 0);
    show(again.media, 1);
    advance(IMAGE_VIEW_THRESHOLD_MS);
    expect(imageViews()).toHaveLength(2);
  });

  it('shares one observer between posts', () => {
    const a = renderFeedMedia('p1');
    const b = renderFeedMedia('p2');
    expect(FakeIntersectionObserver.instances).toHaveLength(1);
    show(a.media, 1);
    show(b.media, 1);
    advance(IMAGE_VIEW_THRESHOLD_MS);
    expect(imageViews().map((x) => (x as { media_id: string }).media_id)).toEqual(['p1', 'p2']);
  });

  it('does not count while the tab is hidden, and restarts the count when it is back', () => {
    const { media } = renderFeedMedia('p1');
    show(media, 1);
    advance(200);
    hidden = true;
    document.dispatchEvent(new Event('visibilitychange'));
    advance(1000);
    expect(imageViews()).toEqual([]);
    hidden = false;
    document.dispatchEvent(new Event('visibilitychange'));
    advance(IMAGE_VIEW_THRESHOLD_MS - 1);
    expect(imageViews()).toEqual([]);
    advance(1);
    expect(imageViews()).toHaveLength(1);
  });

  it('logs nothing for media unmounted before the threshold', () => {
    const { media, unmount } = renderFeedMedia('p1');
    show(media, 1);
    advance(100);
    unmount();
    advance(1000);
    expect(imageViews()).toEqual([]);
  });

  it('reads the surface from the card around the media', () => {
    for (const [className, surface] of [
      ['post-detail post-detail--modal', 'post_modal'],
      ['post-detail post-detail--page', 'post_page'],
      ['embed-card', 'embed'],
      ['somewhere-else', 'other'],
    ]) {
      const wrapper = document.createElement('div');
      wrapper.className = className;
      const el = wrapper.appendChild(document.createElement('div'));
      const stop = watchImageView(el, `m-${surface}`);
      show(el, 1);
      advance(IMAGE_VIEW_THRESHOLD_MS);
      stop();
      expect(imageViews().at(-1)).toEqual({ media_id: `m-${surface}`, surface });
    }
  });

  it('waits for a gated post to be revealed: a blurred photo is not a view', async () => {
    resetGatingState();
    const gating_info = {
      title: 'Sensitive',
      description: 'd',
      buttons: ['See Photo'],
      gating_type: 'sensitive',
    };
    const { media } = renderFeedMedia('g1', { gating_info });
    expect(() => show(media, 1)).toThrow('element is not observed');
    advance(1000);
    expect(imageViews()).toEqual([]);
    await act(async () => revealGatedPost('g1'));
    show(media, 1);
    advance(IMAGE_VIEW_THRESHOLD_MS);
    expect(imageViews()).toEqual([{ media_id: 'g1', surface: 'feed' }]);
  });

  it('does nothing where IntersectionObserver is missing', () => {
    vi.stubGlobal('IntersectionObserver', undefined);
    const { media } = renderFeedMedia('p1');
    expect(media).toBeInTheDocument();
    advance(1000);
    expect(imageViews()).toEqual([]);
  });
});
