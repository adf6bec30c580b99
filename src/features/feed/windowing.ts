// Pure maths for the windowed feed: which items fall inside the rendered band, and how much space
// the items outside it take (kept as padding so the scrollbar and positions stay right).

export interface ListWindow {
  start: number;
  /** Exclusive. */
  end: number;
  /** Height of the items before `start`. */
  before: number;
  /** Height of the items from `end` on. */
  after: number;
}

/**
 * Items overlapping [bandTop, bandBottom) (px from the top of the list), given each item's height.
 * At least one item is rendered whenever there are items, so the list is never blank.
 */
export function computeWindow(
  heights: readonly number[],
  bandTop: number,
  bandBottom: number,
): ListWindow {
  const count = heights.length;
  let y = 0;
  let start = 0;
  while (start < count - 1 && y + heights[start] <= bandTop) y += heights[start++];
  const before = y;
  let end = start;
  while (end < count && (end === start || y < bandBottom)) y += heights[end++];
  let after = 0;
  for (let i = end; i < count; i++) after += heights[i];
  return { start, end, before, after };
}

export function sameWindow(a: ListWindow, b: ListWindow): boolean {
  return a.start === b.start && a.end === b.end && a.before === b.before && a.after === b.after;
}
