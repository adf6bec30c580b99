/**
 * Shared fakes for the photo creation tests: a controllable media worker client, tus uploader
 * and configure call. Each test file mocks the modules with these (vi.mock is hoisted per file).
 */
import { vi } from 'vitest';
import type { StagedUpload, StartUploadOptions } from '../../../src/media/uploader';

export interface Deferred<T> {
  promise: Promise<T>;
  resolve: (value: T) => void;
  reject: (error: unknown) => void;
}

export function deferred<T>(): Deferred<T> {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

/** One tus upload the test finishes by hand. */
export interface FakeUpload {
  blob: Blob;
  options: StartUploadOptions;
  done: Deferred<string>;
  aborted: boolean;
}

export const uploads: FakeUpload[] = [];

export function fakeStartUpload(blob: Blob, options: StartUploadOptions): StagedUpload {
  const upload: FakeUpload = { blob, options, done: deferred<string>(), aborted: false };
  uploads.push(upload);
  return {
    done: upload.done.promise,
    abort() {
      upload.aborted = true;
      upload.done.reject(new DOMException('aborted', 'AbortError'));
    },
  };
}

export const fakeBitmap = (width: number, height: number) =>
  ({ width, height, close: vi.fn() }) as unknown as ImageBitmap;

export const photoFile = () =>
  new File([new Uint8Array([0xff, 0xd8, 0xff])], 'photo.jpg', {
    type: 'image/jpeg',
  });

/** Lets pending promise callbacks run. */
export async function flush(times = 5): Promise<void> {
  for (let i = 0; i < times; i++) await Promise.resolve();
}
