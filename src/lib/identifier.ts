// Login identifier classification (accounts-platform §5).

export type IdentifierKind = 'phone' | 'email' | 'username';

/** Digits, plus, spaces, brackets and hyphens only — with at least one digit. */
const PHONE = /^(?=.*\d)[\d+\s()[\]-]+$/;

/** Trailing whitespace is trimmed before an identifier is classified or sent. */
export function trimIdentifier(value: string): string {
  return value.replace(/\s+$/u, '');
}

export function looksLikeEmail(value: string): boolean {
  return trimIdentifier(value).includes('@');
}

export function looksLikePhone(value: string): boolean {
  return PHONE.test(trimIdentifier(value));
}

export function classifyIdentifier(value: string): IdentifierKind {
  if (looksLikePhone(value)) return 'phone';
  if (looksLikeEmail(value)) return 'email';
  return 'username';
}
