/**
 * The HEIC input of the photo-export case: the iPhone 7 fixture (4032×3024, 12 MP, HEVC tiles)
 * and a JPEG of the same picture (its libheif decode, quality 92, 4:2:0, like the bench's
 * synthetic JPEGs), made once into bench/results/inputs. This machine has no HEVC encoder
 * (sharp's libheif writes AVIF only), so the HEIC is the fixture as it is.
 */
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import sharp from 'sharp';
import { decodeHeifPixels, type LibHeif } from '../../workers/heifDecode';
import { INPUT_DIR } from './inputs';

export const HEIC_FIXTURE = path.resolve('tests/fixtures/photos/heic-iphone7-gps.heic');

export interface HeicPair {
  heic: string;
  jpeg: string;
  width: number;
  height: number;
}

export async function heicPair(): Promise<HeicPair | null> {
  if (!fs.existsSync(HEIC_FIXTURE)) return null;
  const require = createRequire(import.meta.url);
  const factory = require('libheif-js/libheif-wasm/libheif.js') as (o: object) => LibHeif;
  const wasmBinary = fs.readFileSync(require.resolve('libheif-js/libheif-wasm/libheif.wasm'));
  const bytes = new Uint8Array(fs.readFileSync(HEIC_FIXTURE));
  fs.mkdirSync(INPUT_DIR, { recursive: true });
  const jpeg = path.join(INPUT_DIR, 'heic-iphone7-as-jpeg-v1.jpg');
  if (!fs.existsSync(jpeg)) {
    const { data, width, height } = await decodeHeifPixels(factory({ wasmBinary }), bytes, 2e8);
    await sharp(Buffer.from(data.buffer), { raw: { width, height, channels: 4 } })
      .removeAlpha()
      .jpeg({ quality: 92, chromaSubsampling: '4:2:0' })
      .toFile(`${jpeg}.tmp`);
    fs.renameSync(`${jpeg}.tmp`, jpeg);
  }
  const meta = await sharp(jpeg).metadata();
  return { heic: HEIC_FIXTURE, jpeg, width: meta.width ?? 0, height: meta.height ?? 0 };
}
