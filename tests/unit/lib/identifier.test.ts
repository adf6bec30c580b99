// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { classifyIdentifier, looksLikeEmail, trimIdentifier } from '../../../src/lib/identifier';

describe('classifyIdentifier', () => {
  it.each([
    ['+1 (555) 123-4567', 'phone'],
    ['5551234567', 'phone'],
    ['+44 20 7946 0958  ', 'phone'],
    ['[0] 123', 'phone'],
    ['alice@example.com', 'email'],
    ['alice@example.com \t', 'email'],
    ['alice@', 'email'],
    ['alice', 'username'],
    ['alice.b_2', 'username'],
    ['user123', 'username'],
    ['+-()', 'username'],
    ['', 'username'],
  ] as const)('%j is a %s', (input, kind) => {
    expect(classifyIdentifier(input)).toBe(kind);
  });
});

describe('identifier helpers', () => {
  it('trims trailing whitespace only', () => {
    expect(trimIdentifier('  alice \n\t ')).toBe('  alice');
  });

  it('tells e-mails apart by the at-sign', () => {
    expect(looksLikeEmail('a@b.co')).toBe(true);
    expect(looksLikeEmail('+15551234567')).toBe(false);
  });
});
