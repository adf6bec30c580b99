/** The media worker: decode, EXIF, export and filters off the main thread (see mediaApi.ts). */
import { expose } from 'comlink';
import { mediaApi } from './mediaApi';
import { WORKER_READY_MESSAGE } from './workerReady';

export type MediaWorkerApi = typeof mediaApi;

expose(mediaApi);
// A worker whose module fails to load never answers Comlink, so the client waits for this.
postMessage({ type: WORKER_READY_MESSAGE });
