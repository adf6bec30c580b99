/**
 * libheif in the browser: loaded by a dynamic import from decode.ts the first time a HEIC photo
 * is decoded, so its 91 KB of glue and 1.4 MB of WebAssembly download only then (and never
 * count towards a route's budget). The .wasm is its own file, compiled here; the CSP allows that
 * with 'wasm-unsafe-eval' in script-src (WebAssembly compilation only, not eval).
 */
import libheifFactory from 'libheif-js/libheif-wasm/libheif.js';
import wasmUrl from 'libheif-js/libheif-wasm/libheif.wasm?url';
import { MediaError } from './mediaErrors';
import { decodeHeifPixels, type HeifPixels, type LibHeif } from './heifDecode';

let library: Promise<LibHeif> | null = null;

const LOAD_FAILED = 'The HEIC decoder could not be loaded. Check your connection and try again.';

/** Compiles while it downloads when the server says application/wasm (ours does). */
async function compile(): Promise<WebAssembly.Module> {
  const response = await fetch(wasmUrl);
  if (!response.ok) throw new MediaError('decode_failed', LOAD_FAILED);
  if (response.headers.get('content-type')?.startsWith('application/wasm')) {
    return WebAssembly.compileStreaming(response);
  }
  return WebAssembly.compile(await response.arrayBuffer());
}

function loadLibrary(): Promise<LibHeif> {
  library ??= compile()
    .then((compiled) => {
      // This build expects its instance synchronously from instantiateWasm (an asynchronous
      // one leaves its exports unset); left alone it would fetch and compile the .wasm with a
      // synchronous XHR. Compiled above, off the critical path, the instance is quick to make.
      const lib = libheifFactory({
        instantiateWasm: (
          imports: WebAssembly.Imports,
          done: (instance: WebAssembly.Instance, module: WebAssembly.Module) => unknown,
        ) => done(new WebAssembly.Instance(compiled, imports), compiled),
      }) as unknown as LibHeif;
      if (typeof lib.HeifDecoder !== 'function') throw new Error('libheif did not start');
      return lib;
    })
    .catch((error: unknown) => {
      library = null; // a later photo tries again (the network may be back)
      throw error instanceof MediaError ? error : new MediaError('decode_failed', LOAD_FAILED);
    });
  return library;
}

/**
 * The last HEIC decoded on this thread: the crop step's preview and the export decode the same
 * file, and a 12 MP HEIC takes seconds in WebAssembly. One entry (48 MB at 12 MP); workers are
 * ended when idle, which frees it.
 */
let last: { file: Blob; pixels: HeifPixels } | null = null;

export async function decodeHeif(file: Blob, maxPixels: number): Promise<ImageData> {
  if (last?.file !== file) {
    const lib = await loadLibrary();
    const bytes = new Uint8Array(await file.arrayBuffer());
    last = null;
    last = { file, pixels: await decodeHeifPixels(lib, bytes, maxPixels) };
  }
  const { data, width, height } = last.pixels;
  return new ImageData(data, width, height);
}
