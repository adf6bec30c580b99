/**
 * HEIC/HEIF to RGBA with libheif (its WebAssembly build, libheif-js). Thread-agnostic and free of
 * how the library is loaded, so unit tests run it in Node on the real iPhone fixture; heif.ts
 * loads the library in the browser.
 *
 * libheif applies the file's transformations (irot rotation, imir mirror, clap crop) while it
 * decodes, and reports the size after them: the pixels come out upright. HEIF's EXIF
 * Orientation only describes those boxes (HEIF spec), so it is never applied again.
 */
import { MediaError } from './mediaErrors';

export interface HeifImageHandle {
  get_width(): number;
  get_height(): number;
  is_primary(): boolean;
  display(
    target: { data: Uint8ClampedArray; width: number; height: number },
    done: (result: unknown) => void,
  ): void;
  free(): void;
}

/** The part of libheif-js's module this file uses (its d.ts leaves the JS helpers out). */
export interface LibHeif {
  HeifDecoder: new () => { decoder: unknown; decode(bytes: Uint8Array): HeifImageHandle[] };
  heif_context_free(context: unknown): void;
}

export interface HeifPixels {
  data: Uint8ClampedArray<ArrayBuffer>;
  width: number;
  height: number;
}

/** Decodes the primary image upright; refuses a file libheif cannot read or a size over `maxPixels`. */
export async function decodeHeifPixels(
  lib: LibHeif,
  bytes: Uint8Array,
  maxPixels: number,
): Promise<HeifPixels> {
  const decoder = new lib.HeifDecoder();
  const images = decoder.decode(bytes);
  try {
    const image = images.find((candidate) => candidate.is_primary()) ?? images[0];
    if (!image) throw new MediaError('decode_failed');
    const width = image.get_width();
    const height = image.get_height();
    if (!(width > 0 && height > 0)) throw new MediaError('decode_failed');
    if (width * height > maxPixels) throw new MediaError('too_large');
    const target = { data: new Uint8ClampedArray(width * height * 4), width, height };
    const shown = await new Promise<unknown>((resolve) => image.display(target, resolve));
    // A codec libheif-js lacks (an AV1 or JPEG HEIF with a missing plugin) answers null.
    if (!shown) throw new MediaError('decode_failed');
    return target;
  } finally {
    images.forEach((image) => image.free());
    if (decoder.decoder) lib.heif_context_free(decoder.decoder);
  }
}
