/**
 * A HEIC stored turned, made from the iPhone fixture in memory: its primary image's `irot`
 * property (angle 0 in the file, shared by the grid and its thumbnail) set to 3 quarter turns
 * counter-clockwise, and its EXIF Orientation set to 6 — what an iPhone held upright writes. The
 * pixels stay as stored; a viewer that honours irot shows them turned 90° clockwise. No HEVC
 * encoder exists on this machine (sharp's libheif writes AVIF only), so the fixture is patched
 * in place: both values are the same size, nothing moves.
 */
import fs from 'node:fs';

const IROT_BOX = [0, 0, 0, 9, 0x69, 0x72, 0x6f, 0x74]; // size 9, 'irot'

function find(bytes: Uint8Array, pattern: number[], from = 0): number {
  outer: for (let i = from; i <= bytes.length - pattern.length; i += 1) {
    for (let j = 0; j < pattern.length; j += 1) if (bytes[i + j] !== pattern[j]) continue outer;
    return i;
  }
  return -1;
}

/** The iPhone HEIC (irot 0, EXIF 1) turned: irot 270° counter-clockwise, EXIF Orientation 6. */
export function turnedHeic(fixture: string): Uint8Array {
  const bytes = new Uint8Array(fs.readFileSync(fixture));
  const irot = find(bytes, IROT_BOX);
  if (irot < 0 || bytes[irot + 8] !== 0) throw new Error('no irot 0 box in the fixture');
  bytes[irot + 8] = 3;
  // EXIF: big-endian TIFF header, IFD0's Orientation (0x0112, SHORT) entry.
  const tiff = find(bytes, [0x4d, 0x4d, 0x00, 0x2a]);
  if (tiff < 0) throw new Error('no EXIF in the fixture');
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const ifd = tiff + view.getUint32(tiff + 4);
  const entries = view.getUint16(ifd);
  for (let k = 0; k < entries; k += 1) {
    const entry = ifd + 2 + 12 * k;
    if (view.getUint16(entry) === 0x0112) {
      view.setUint16(entry + 8, 6);
      return bytes;
    }
  }
  throw new Error('no EXIF Orientation in the fixture');
}
