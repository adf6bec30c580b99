// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { feedCursor, feedCursorOfBytes } from '../../../bench/lib/posts';

/** A feed answer in the server's key order: the viewer, then the timeline's page_info, then posts. */
function answer(pageInfo: object, edgesFirst = false): string {
  const edges = Array.from({ length: 12 }, (_, i) => ({
    node: { __typename: 'GraphImage', id: `10000000000000038${i}`, caption: 'café ☕ "quoted"' },
  }));
  const timeline = edgesFirst ? { edges, page_info: pageInfo } : { page_info: pageInfo, edges };
  return JSON.stringify({
    data: {
      user: { id: '1000000000000000001', username: 'demo', edge_web_feed_timeline: timeline },
    },
  });
}

/** The answer's bytes as a socket might deliver them, in pieces of `size`. */
function chunked(text: string, size: number): Buffer[] {
  const bytes = Buffer.from(text, 'utf8');
  const out: Buffer[] = [];
  for (let at = 0; at < bytes.length; at += size) out.push(bytes.subarray(at, at + size));
  return out;
}

describe('feedCursorOfBytes', () => {
  const next = { has_next_page: true, end_cursor: '1795652806_1000000000000000281' };

  it('reads the cursor from the start of the answer, however the bytes arrive', () => {
    const text = answer(next);
    for (const size of [1, 7, 100, 1024, 16_384, text.length]) {
      expect(feedCursorOfBytes(chunked(text, size))).toBe(next.end_cursor);
    }
    expect(feedCursorOfBytes(chunked(text, 16_384))).toBe(feedCursor(JSON.parse(text)));
  });

  it('reads only the start: the rest of the answer is never decoded', () => {
    // Everything after the first kilobyte replaced by bytes that are not JSON (nor UTF-8).
    const head = Buffer.from(answer(next), 'utf8').subarray(0, 1024);
    expect(feedCursorOfBytes([head, Buffer.alloc(60_000, 0xff)])).toBe(next.end_cursor);
  });

  it('answers null on the last page', () => {
    expect(
      feedCursorOfBytes(chunked(answer({ has_next_page: false, end_cursor: null }), 500)),
    ).toBe(null);
    expect(
      feedCursorOfBytes(chunked(answer({ has_next_page: false, end_cursor: 'x_1' }), 500)),
    ).toBe(null);
  });

  it('decodes a cursor with escaped characters as JSON does', () => {
    const odd = { has_next_page: true, end_cursor: 'a"b\\c_1' };
    expect(feedCursorOfBytes(chunked(answer(odd), 64))).toBe('a"b\\c_1');
  });

  it('parses the whole answer when page_info does not come first', () => {
    expect(feedCursorOfBytes(chunked(answer(next, true), 1000))).toBe(next.end_cursor);
  });

  it('answers null for a body that is not a feed answer', () => {
    expect(feedCursorOfBytes(chunked('<!doctype html><p>oops</p>', 10))).toBe(null);
    expect(feedCursorOfBytes([])).toBe(null);
  });
});
