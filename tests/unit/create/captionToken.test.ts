// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { captionToken, replaceToken } from '../../../src/features/create/captionToken';

describe('captionToken', () => {
  it('finds the mention or hashtag being typed at the caret', () => {
    expect(captionToken('Hi @an', 6)).toEqual({ trigger: '@', query: 'an', start: 3, end: 6 });
    expect(captionToken('#sun', 4)).toEqual({ trigger: '#', query: 'sun', start: 0, end: 4 });
    expect(captionToken('with @ana.so', 12)).toMatchObject({ query: 'ana.so' });
    // The caret inside a name takes the whole name.
    expect(captionToken('@ana.sol rocks', 3)).toEqual({
      trigger: '@',
      query: 'ana.sol',
      start: 0,
      end: 8,
    });
    expect(captionToken('café #été', 9)).toMatchObject({ trigger: '#', query: 'été' });
  });

  it('ignores a bare trigger, e-mail addresses, finished words and odd dots', () => {
    expect(captionToken('Hi @', 4)).toBeNull();
    expect(captionToken('mail me@home', 12)).toBeNull();
    expect(captionToken('@ana done', 9)).toBeNull();
    expect(captionToken('@.ana', 5)).toBeNull();
    expect(captionToken('@ana..b', 7)).toBeNull();
    // A trailing dot (typing "ana.") is not part of the name yet; a hashtag stops at a dot.
    expect(captionToken('@ana.', 5)).toMatchObject({ query: 'ana', end: 4 });
    expect(captionToken('#sun.set', 8)).toMatchObject({ query: 'sun', end: 4 });
  });
});

describe('replaceToken', () => {
  it('puts the chosen name and one space in place of the token, caret after it', () => {
    const text = 'Walk with @an and friends';
    const token = captionToken(text, 13)!;
    expect(replaceToken(text, token, 'ana.sol')).toEqual({
      text: 'Walk with @ana.sol and friends',
      caret: 19,
    });
    const end = captionToken('Sunset #su', 10)!;
    expect(replaceToken('Sunset #su', end, 'sunset')).toEqual({
      text: 'Sunset #sunset ',
      caret: 15,
    });
  });
});
