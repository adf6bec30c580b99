// Field rules shared by signup, external signup and profile edit. The spec leaves formats open;
// the choices are written down here and in the messages users read.
import { BIOGRAPHY_MAX_LENGTH, FULL_NAME_MAX_LENGTH } from '../../common/limits.ts';

/** The name and bio limits the client checks while the member types (common/limits.ts). */
export { BIOGRAPHY_MAX_LENGTH, FULL_NAME_MAX_LENGTH };

/** One error on one field, as the client shows it: a message and a machine-readable code. */
export interface FieldError {
  message: string;
  code: string | number;
}

/** Per-field errors; `__all__` holds errors that belong to no single field. */
export type FieldErrors = Partial<Record<string, FieldError[]>>;

export const addError = (errors: FieldErrors, field: string, error: FieldError) => {
  (errors[field] ??= []).push(error);
};

export const hasErrors = (errors: FieldErrors) =>
  Object.values(errors).some((list) => list !== undefined && list.length > 0);

export const PASSWORD_MIN_LENGTH = 6;
/** scrypt accepts anything, but a megabyte "password" is an attack, not a password. */
export const PASSWORD_MAX_LENGTH = 128;
export const EMAIL_MAX_LENGTH = 254;
export const EXTERNAL_URL_MAX_LENGTH = 2000;

// The most common leaked passwords of six characters or more; longer lists live in real services.
const COMMON_PASSWORDS = new Set([
  '123456',
  '1234567',
  '12345678',
  '123456789',
  '1234567890',
  '111111',
  '000000',
  '123123',
  '654321',
  '666666',
  '121212',
  '112233',
  'abc123',
  'abcdef',
  'password',
  'password1',
  'password123',
  'passw0rd',
  'qwerty',
  'qwerty123',
  'qwertyuiop',
  'asdfgh',
  'zxcvbn',
  'iloveyou',
  'letmein',
  'welcome',
  'monkey',
  'dragon',
  'sunshine',
  'princess',
  'football',
  'baseball',
  'superman',
  'trustno1',
  'starwars',
  'master',
  'shadow',
  'michael',
  'charlie',
  'freedom',
  'whatever',
  'computer',
  'admin123',
  'instagram',
  'glint123',
]);

export function passwordError(password: string): FieldError | null {
  if (password.length === 0) {
    return { message: 'Enter a password.', code: 'password_required' };
  }
  if (password.length < PASSWORD_MIN_LENGTH) {
    return {
      message: `Create a password at least ${PASSWORD_MIN_LENGTH} characters long.`,
      code: 'password_too_short',
    };
  }
  if (password.length > PASSWORD_MAX_LENGTH) {
    return {
      message: `Create a password of ${PASSWORD_MAX_LENGTH} characters or fewer.`,
      code: 'password_too_long',
    };
  }
  if (COMMON_PASSWORDS.has(password.toLowerCase())) {
    return {
      message: 'This password is too easy to guess. Please create a new one.',
      code: 'password_too_common',
    };
  }
  return null;
}

// Deliberately loose: one @, no spaces, a dot in the domain. Exact RFC parsing rejects real
// addresses more often than it catches typos.
const EMAIL_PATTERN = /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/;

export const normalizeEmail = (email: string) => email.trim().toLowerCase();

export function emailError(email: string): FieldError | null {
  if (email.length > EMAIL_MAX_LENGTH || !EMAIL_PATTERN.test(email)) {
    return { message: 'Enter a valid email address.', code: 'invalid_email' };
  }
  return null;
}

export const EMAIL_TAKEN: FieldError = {
  message: 'Another account is using this email.',
  code: 'email_is_taken',
};

export const PHONE_TAKEN: FieldError = {
  message: 'Another account is using this phone number.',
  code: 'phone_number_is_taken',
};

/**
 * E.164-ish: an optional leading +, then 8–15 digits once spaces, brackets, dots and hyphens are
 * removed (the same characters the login form accepts in a phone identifier). Returns the stored
 * form `+<digits>` (what password login looks up) or null when it is not a phone number.
 */
export function normalizePhone(raw: string): string | null {
  const trimmed = raw.trim();
  if (!/^\+?[0-9 ().[\]-]+$/.test(trimmed)) return null;
  const digits = trimmed.replace(/[^0-9]/g, '');
  if (digits.length < 8 || digits.length > 15) return null;
  return `+${digits}`;
}

export const INVALID_PHONE: FieldError = {
  message: 'Looks like your phone number may be incorrect. Please try entering your full number.',
  code: 'invalid_phone_number',
};

/**
 * Bidi embedding, override and isolate controls (U+202A–U+202E, U+2066–U+2069): inside a name they
 * reorder the text shown after it ("\u202Eevil" reads backwards, and so can the rest of a
 * comment or notification line). Usernames never hold them (letters, digits, . and _ only).
 */
const BIDI_CONTROLS = /[\u202A-\u202E\u2066-\u2069]/g;

/** The stored form of a full name: bidi controls removed, then trimmed. */
export const cleanFullName = (raw: string) => raw.replace(BIDI_CONTROLS, '').trim();

/**
 * Full names are stored verbatim (HTML included: the client escapes) apart from bidi controls
 * (cleanFullName), only length-limited.
 */
export function fullNameError(name: string): FieldError | null {
  if (name.length > FULL_NAME_MAX_LENGTH) {
    return {
      message: `Enter a name of ${FULL_NAME_MAX_LENGTH} characters or fewer.`,
      code: 'first_name_too_long',
    };
  }
  return null;
}

/**
 * How a website value is read: with the scheme the user typed, else as http://. The WHATWG parser
 * reads "http:evil.com" as http://evil.com/, so the stored form must come from it too.
 */
function parseExternalUrl(value: string): URL | null {
  try {
    return new URL(/^[a-z][a-z0-9+.-]*:/i.test(value) ? value : `http://${value}`);
  } catch {
    return null;
  }
}

/** Website field: empty, or an http(s) URL without user info (spec §5 URI checks). */
export function externalUrlError(raw: string): string | null {
  const value = raw.trim();
  if (value === '') return null;
  if (value.length > EXTERNAL_URL_MAX_LENGTH) return 'Enter a shorter website address.';
  // Protocol-relative ("//host") and path-like values are not websites (spec §5 URI checks).
  if (/^[/\\]/.test(value)) return 'Enter a website address like example.com.';
  const url = parseExternalUrl(value);
  if (!url) return 'Enter a valid website address.';
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    return 'Only http and https website addresses are allowed.';
  }
  if (url.username || url.password) return 'Enter a website address without a user name.';
  if (!url.hostname.includes('.')) return 'Enter a valid website address.';
  return null;
}

/**
 * The stored form of a valid website: the URL exactly as it was checked (prefixing the raw text
 * turned "http:evil.com" into http://http:evil.com). The "/" the parser adds after a bare host
 * is dropped, so "example.com" reads back as http://example.com.
 */
export function normalizeExternalUrl(raw: string): string {
  const value = raw.trim();
  const url = value === '' ? null : parseExternalUrl(value);
  if (!url) return '';
  const bareHost = url.pathname === '/' && url.href.endsWith('/') && !value.endsWith('/');
  return bareHost ? url.href.slice(0, -1) : url.href;
}
