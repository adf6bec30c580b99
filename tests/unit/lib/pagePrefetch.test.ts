// @vitest-environment node
import { describe, expect, it, vi } from 'vitest';
import { pagePrefetch } from '../../../src/lib/pagePrefetch';

describe('pagePrefetch', () => {
  it('hands over the page fetched ahead for the same cursor, once', async () => {
    const load = vi.fn((cursor: string) => Promise.resolve(`page after ${cursor}`));
    const ahead = pagePrefetch<string>(1);
    ahead.warm('list', 'c1', load);
    ahead.warm('list', 'c1', load);
    expect(load).toHaveBeenCalledTimes(1);
    expect(await ahead.take('list', 'c1', load)).toBe('page after c1');
    expect(load).toHaveBeenCalledTimes(1);
    // Taken: the next ask fetches.
    expect(await ahead.take('list', 'c1', load)).toBe('page after c1');
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('fetches again when the preload failed or was for another cursor', async () => {
    const ahead = pagePrefetch<string>(1);
    ahead.warm('list', 'c1', () => Promise.reject(new Error('offline')));
    const load = vi.fn((cursor: string) => Promise.resolve(cursor));
    expect(await ahead.take('list', 'c1', load)).toBe('c1');
    ahead.warm('list', 'c2', load);
    expect(await ahead.take('list', 'c3', load)).toBe('c3');
    expect(load.mock.calls.map((c) => c[0])).toEqual(['c1', 'c2', 'c3']);
  });

  it('preloads nothing when the spec says 0 pages', () => {
    const load = vi.fn(() => Promise.resolve('x'));
    pagePrefetch<string>(0).warm('feed', 'c1', load);
    expect(load).not.toHaveBeenCalled();
  });
});
