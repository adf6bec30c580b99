/**
 * Just enough of the ISO base media file format (HEIF, AVIF) to refuse oversized photos before
 * decoding: the `ispe` (image spatial extent) properties under meta/iprp/ipco, and the `irot`
 * rotation the decoders apply. Nothing here allocates pixels.
 */
import type { Size } from './geometry';

const u32be = (b: Uint8Array, i: number) =>
  ((b[i] << 24) | (b[i + 1] << 16) | (b[i + 2] << 8) | b[i + 3]) >>> 0;

function fourcc(b: Uint8Array, i: number): string {
  return String.fromCharCode(b[i], b[i + 1], b[i + 2], b[i + 3]);
}

interface Box {
  type: string;
  /** Offset of the box's payload (after size and type). */
  start: number;
  end: number;
}

/** The boxes directly inside [start, end); stops at the first malformed one. */
function* boxes(b: Uint8Array, start: number, end: number): Generator<Box> {
  let i = start;
  while (i + 8 <= end) {
    let size = u32be(b, i);
    let header = 8;
    if (size === 1) {
      // 64-bit size: photos never need the high word; refuse rather than misread.
      if (i + 16 > end || u32be(b, i + 8) !== 0) return;
      size = u32be(b, i + 12);
      header = 16;
    } else if (size === 0) {
      size = end - i;
    }
    if (size < header || i + size > end) return;
    yield { type: fourcc(b, i + 4), start: i + header, end: i + size };
    i += size;
  }
}

function child(b: Uint8Array, parent: Box, type: string, skip = 0): Box | null {
  for (const box of boxes(b, parent.start + skip, parent.end)) if (box.type === type) return box;
  return null;
}

/** The item property container (meta → iprp → ipco), or null. */
function propertyContainer(b: Uint8Array): Box | null {
  const meta = [...boxes(b, 0, b.length)].find((box) => box.type === 'meta');
  if (!meta) return null;
  // meta is a FullBox: 4 bytes of version and flags before its children.
  const iprp = child(b, meta, 'iprp', 4);
  return iprp ? child(b, iprp, 'ipco') : null;
}

/**
 * The largest `ispe` among the item properties: the primary image's stored (un-rotated) size.
 * A grid image (iPhones store 512 px tiles) has its own `ispe` beside its tiles', and it is the
 * largest. Null when there is none or the boxes are damaged.
 */
export function readIspeSize(b: Uint8Array): Size | null {
  const ipco = propertyContainer(b);
  if (!ipco) return null;
  let best: Size | null = null;
  for (const box of boxes(b, ipco.start, ipco.end)) {
    if (box.type !== 'ispe' || box.end - box.start < 12) continue;
    const size = { width: u32be(b, box.start + 4), height: u32be(b, box.start + 8) };
    if (!best || size.width * size.height > best.width * best.height) best = size;
  }
  return best;
}

/** Counter-clockwise degrees of the first `irot` property (0 when there is none). */
export function readIrotDegrees(b: Uint8Array): number {
  const ipco = propertyContainer(b);
  if (!ipco) return 0;
  for (const box of boxes(b, ipco.start, ipco.end)) {
    if (box.type === 'irot' && box.end > box.start) return (b[box.start] & 0x3) * 90;
  }
  return 0;
}
