import crypto from 'node:crypto';

/** Numeric-string ids (like the network's own), unique enough for one server: time + random. */
export function newId(): string {
  const time = BigInt(Date.now()) << 20n;
  return (time | BigInt(crypto.randomInt(0, 1 << 20))).toString();
}

const SHORTCODE_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';

/** An 11-character url-safe shortcode for a post. */
export function newShortcode(random: () => number = Math.random): string {
  let s = '';
  for (let i = 0; i < 11; i++) s += SHORTCODE_ALPHABET[Math.floor(random() * 64)];
  return s;
}

export const sha256 = (s: string) => crypto.createHash('sha256').update(s).digest('hex');
export const randomToken = (bytes = 32) => crypto.randomBytes(bytes).toString('base64url');
