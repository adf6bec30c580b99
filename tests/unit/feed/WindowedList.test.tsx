import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { WindowedList } from '../../../src/features/feed/WindowedList';
import { computeWindow } from '../../../src/features/feed/windowing';

describe('computeWindow', () => {
  const heights = Array.from({ length: 10 }, () => 100);

  it('takes the items overlapping the band and pads the rest', () => {
    expect(computeWindow(heights, 250, 480)).toEqual({ start: 2, end: 5, before: 200, after: 500 });
  });

  it('starts at the top when the band begins above the list', () => {
    expect(computeWindow(heights, -1000, 150)).toEqual({ start: 0, end: 2, before: 0, after: 800 });
  });

  it('keeps the last item when the band is below the list', () => {
    expect(computeWindow(heights, 5000, 6000)).toEqual({
      start: 9,
      end: 10,
      before: 900,
      after: 0,
    });
  });

  it('is empty for no items', () => {
    expect(computeWindow([], 0, 100)).toEqual({ start: 0, end: 0, before: 0, after: 0 });
  });
});

describe('WindowedList', () => {
  it('keeps the DOM bounded with 500 items', () => {
    const items = Array.from({ length: 500 }, (_, i) => `post-${i}`);
    const { container } = render(
      <WindowedList
        items={items}
        getKey={(item) => item}
        estimateHeight={() => 700}
        renderItem={(item) => <article>{item}</article>}
      />,
    );
    const rendered = container.querySelectorAll('article').length;
    expect(rendered).toBeGreaterThan(0);
    expect(rendered).toBeLessThan(15);
    const list = container.firstElementChild as HTMLElement;
    // The space of the items not rendered is kept, so the page is as tall as the whole feed.
    expect(parseFloat(list.style.paddingBottom)).toBe((500 - rendered) * 700);
  });
});
