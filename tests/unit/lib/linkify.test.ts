// @vitest-environment node
import { describe, expect, it } from 'vitest';
import {
  extractHashtags,
  extractMentions,
  hashtagPath,
  mentionPath,
  tokenize,
} from '../../../src/lib/linkify';

describe('tokenize', () => {
  it('splits mentions and hashtags out of text', () => {
    expect(tokenize('Hi @alice, see #Sunset!')).toEqual([
      { type: 'text', value: 'Hi ' },
      { type: 'mention', value: 'alice' },
      { type: 'text', value: ', see ' },
      { type: 'hashtag', value: 'Sunset' },
      { type: 'text', value: '!' },
    ]);
  });

  it('allows dots between username characters but not trailing', () => {
    expect(tokenize('with @john.doe.')).toEqual([
      { type: 'text', value: 'with ' },
      { type: 'mention', value: 'john.doe' },
      { type: 'text', value: '.' },
    ]);
    expect(tokenize('@a_b.c_1')).toEqual([{ type: 'mention', value: 'a_b.c_1' }]);
  });

  it('does not treat e-mail addresses as mentions', () => {
    expect(tokenize('mail a@b.com or john.doe@example.org')).toEqual([
      { type: 'text', value: 'mail a@b.com or john.doe@example.org' },
    ]);
  });

  it('ignores a bare @ or #', () => {
    expect(tokenize('@ # @. #!')).toEqual([{ type: 'text', value: '@ # @. #!' }]);
  });

  it('accepts letters, digits, underscore and emoji in hashtags', () => {
    expect(extractHashtags('#café #2024_best #🌅 #sun🌅set #👍🏽 #👩‍💻dev')).toEqual([
      'café',
      '2024_best',
      '🌅',
      'sun🌅set',
      '👍🏽',
      '👩‍💻dev',
    ]);
  });

  it('ends a hashtag at punctuation', () => {
    expect(tokenize('#one,#two.')).toEqual([
      { type: 'hashtag', value: 'one' },
      { type: 'text', value: ',' },
      { type: 'hashtag', value: 'two' },
      { type: 'text', value: '.' },
    ]);
  });

  it('leaves mentions and fragments inside URLs alone', () => {
    expect(tokenize('see https://example.com/@bob#frag now')).toEqual([
      { type: 'text', value: 'see https://example.com/@bob#frag now' },
    ]);
  });

  it('keeps markup as plain text', () => {
    expect(tokenize('<b>#tag</b>')).toEqual([
      { type: 'text', value: '<b>' },
      { type: 'hashtag', value: 'tag' },
      { type: 'text', value: '</b>' },
    ]);
  });

  it('returns no tokens for empty text', () => {
    expect(tokenize('')).toEqual([]);
  });

  it('extracts unique mentions in order', () => {
    expect(extractMentions('@b @a @b')).toEqual(['b', 'a']);
  });
});

describe('paths', () => {
  it('lowercases and encodes hashtag links', () => {
    expect(hashtagPath('SunSet')).toBe('/explore/tags/sunset/');
    expect(hashtagPath('Café')).toBe('/explore/tags/caf%C3%A9/');
  });

  it('links mentions to the profile', () => {
    expect(mentionPath('john.doe')).toBe('/john.doe/');
  });
});
