/**
 * The media worker: decode, EXIF, export and filters off the main thread (see mediaApi.ts).
 * vite-plugin-comlink exposes this module's exports; the client creates it with `ComlinkWorker`
 * (src/media/mediaClient.ts).
 */
import { mediaApi } from './mediaApi';
import { WORKER_READY_MESSAGE } from './workerReady';

export const {
  inspect,
  exportPhoto,
  renderPixels,
  filterPaths,
  forgetFilterPaths,
  fitStory,
  encodeStory,
  profilePicture,
  lendGrade,
} = mediaApi;

// A worker whose module fails to load never answers Comlink, so the client waits for this. The
// plugin's expose() runs right after this module, in the same task, before any call can arrive.
postMessage({ type: WORKER_READY_MESSAGE });
