/**
 * Content sniffing from the file's bytes (never its name or MIME type) and header dimensions,
 * read before decoding so oversized images are refused without allocating their pixels.
 */
import type { Size } from './geometry';
import { readIspeSize } from './isobmff';

export type SniffedType =
  'image/jpeg' | 'image/png' | 'image/webp' | 'image/gif' | 'image/avif' | 'image/heic' | 'unknown';

/**
 * Types the pipeline decodes: AVIF and GIF (its first frame) through the browser's decoders, HEIC
 * through libheif's WebAssembly build (workers/heif.ts), loaded only when one is picked.
 */
export const SUPPORTED_TYPES = [
  'image/jpeg',
  'image/png',
  'image/webp',
  'image/gif',
  'image/avif',
  'image/heic',
] as const;
export type SupportedType = (typeof SUPPORTED_TYPES)[number];

export function isSupportedType(type: SniffedType): type is SupportedType {
  return (SUPPORTED_TYPES as readonly string[]).includes(type);
}

function ascii(bytes: Uint8Array, start: number, length: number): string {
  return String.fromCharCode(...bytes.subarray(start, start + length));
}

const u16be = (b: Uint8Array, i: number) => (b[i] << 8) | b[i + 1];
const u32be = (b: Uint8Array, i: number) =>
  ((b[i] << 24) | (b[i + 1] << 16) | u16be(b, i + 2)) >>> 0;

const HEIC_BRANDS = new Set(['heic', 'heix', 'heim', 'heis', 'hevc', 'hevx']);
const AVIF_BRANDS = new Set(['avif', 'avis']);
/** Generic HEIF brands: the codec is told by the compatible brands that follow. */
const HEIF_BRANDS = new Set(['mif1', 'msf1', 'miaf']);

/** The ftyp box's major brand, then its compatible brands. */
function ftypBrands(bytes: Uint8Array): string[] {
  if (bytes.length < 16 || ascii(bytes, 4, 4) !== 'ftyp') return [];
  const size = Math.min(u32be(bytes, 0), bytes.length);
  const brands = [ascii(bytes, 8, 4)];
  for (let i = 16; i + 4 <= size; i += 4) brands.push(ascii(bytes, i, 4));
  return brands;
}

function heifType(bytes: Uint8Array): SniffedType {
  const [major, ...compatible] = ftypBrands(bytes);
  if (!major) return 'unknown';
  if (AVIF_BRANDS.has(major)) return 'image/avif';
  if (HEIC_BRANDS.has(major)) return 'image/heic';
  if (!HEIF_BRANDS.has(major)) return 'unknown';
  if (compatible.some((brand) => AVIF_BRANDS.has(brand))) return 'image/avif';
  // A bare mif1 file is HEIF of some codec: libheif reads what it can and refuses the rest.
  return 'image/heic';
}

export function sniffType(bytes: Uint8Array): SniffedType {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) {
    return 'image/jpeg';
  }
  if (bytes.length >= 8 && ascii(bytes, 0, 8) === '\x89PNG\r\n\x1a\n') return 'image/png';
  if (bytes.length >= 6 && /^GIF8[79]a$/.test(ascii(bytes, 0, 6))) return 'image/gif';
  if (bytes.length >= 12 && ascii(bytes, 0, 4) === 'RIFF' && ascii(bytes, 8, 4) === 'WEBP') {
    return 'image/webp';
  }
  return heifType(bytes);
}

const u16le = (b: Uint8Array, i: number) => b[i] | (b[i + 1] << 8);
const u24le = (b: Uint8Array, i: number) => u16le(b, i) | (b[i + 2] << 16);

export interface JpegLayout {
  /** Stored (un-rotated) size from the first SOFn marker. */
  size: Size | null;
  /** Offset of the first SOS marker: entropy-coded data follows it. */
  scanStart: number | null;
}

/** Walks the JPEG marker segments up to the first SOS. */
export function readJpegLayout(bytes: Uint8Array): JpegLayout {
  let size: Size | null = null;
  let i = 2;
  while (i + 4 <= bytes.length) {
    if (bytes[i] !== 0xff) return { size, scanStart: null };
    const marker = bytes[i + 1];
    if (marker === 0xff) {
      i += 1; // fill byte
      continue;
    }
    if (marker === 0xd8 || (marker >= 0xd0 && marker <= 0xd7) || marker === 0x01) {
      i += 2;
      continue;
    }
    const length = u16be(bytes, i + 2);
    if (length < 2) return { size, scanStart: null };
    const isSof = marker >= 0xc0 && marker <= 0xcf && ![0xc4, 0xc8, 0xcc].includes(marker);
    if (isSof && !size && i + 9 <= bytes.length) {
      size = { height: u16be(bytes, i + 5), width: u16be(bytes, i + 7) };
    }
    if (marker === 0xda) return { size, scanStart: i };
    i += 2 + length;
  }
  return { size, scanStart: null };
}

/**
 * True when the JPEG has its image data and an EOI marker after the first scan. Entropy-coded
 * data stuffs every 0xFF with 0x00, so FF D9 after the scan start can only be the real EOI
 * (an EXIF thumbnail's EOI sits before the first SOS). Trailing vendor data after EOI is allowed.
 */
export function jpegIsComplete(bytes: Uint8Array): boolean {
  const { size, scanStart } = readJpegLayout(bytes);
  if (!size || scanStart === null) return false;
  for (let i = bytes.length - 2; i > scanStart; i -= 1) {
    if (bytes[i] === 0xff && bytes[i + 1] === 0xd9) return true;
  }
  return false;
}

function webpSize(bytes: Uint8Array): Size | null {
  const chunk = ascii(bytes, 12, 4);
  if (chunk === 'VP8X' && bytes.length >= 30) {
    return { width: u24le(bytes, 24) + 1, height: u24le(bytes, 27) + 1 };
  }
  if (chunk === 'VP8 ' && bytes.length >= 30) {
    return { width: u16le(bytes, 26) & 0x3fff, height: u16le(bytes, 28) & 0x3fff };
  }
  if (chunk === 'VP8L' && bytes.length >= 25) {
    const bits = (bytes[21] | (bytes[22] << 8) | (bytes[23] << 16) | (bytes[24] << 24)) >>> 0;
    return { width: (bits & 0x3fff) + 1, height: ((bits >>> 14) & 0x3fff) + 1 };
  }
  return null;
}

/** Stored pixel size from the file header, or null when the header is missing or damaged. */
export function readHeaderSize(bytes: Uint8Array, type: SniffedType): Size | null {
  switch (type) {
    case 'image/jpeg':
      return readJpegLayout(bytes).size;
    case 'image/png':
      return bytes.length >= 24 && ascii(bytes, 12, 4) === 'IHDR'
        ? { width: u32be(bytes, 16), height: u32be(bytes, 20) }
        : null;
    case 'image/gif':
      return bytes.length >= 10 ? { width: u16le(bytes, 6), height: u16le(bytes, 8) } : null;
    case 'image/webp':
      return webpSize(bytes);
    case 'image/avif':
    case 'image/heic':
      return readIspeSize(bytes);
    default:
      return null;
  }
}

/** JPEG APPn segments as [marker, identifier] pairs, e.g. [0xe1, 'Exif']; for EXIF-free checks. */
export function listJpegAppSegments(bytes: Uint8Array): Array<{ marker: number; id: string }> {
  const segments: Array<{ marker: number; id: string }> = [];
  let i = 2;
  while (i + 4 <= bytes.length && bytes[i] === 0xff) {
    const marker = bytes[i + 1];
    if (marker === 0xda || marker === 0xd9) break;
    const length = u16be(bytes, i + 2);
    if (marker >= 0xe0 && marker <= 0xef) {
      const id = ascii(bytes, i + 4, Math.min(length - 2, 16)).split('\0')[0];
      segments.push({ marker, id });
    }
    i += 2 + length;
  }
  return segments;
}
