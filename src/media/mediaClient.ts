/// <reference types="vite-plugin-comlink/client" />
/**
 * Main-thread client of the media worker: a pool of at most two module workers, abortable jobs,
 * and typed MediaError rejections. If a worker cannot start (CSP, old browser), the client runs
 * the very same job functions on the main thread from then on.
 */
import { transfer, type Remote } from 'comlink';
import type { MediaApi as MediaWorkerApi } from '../../workers/mediaApi';
import { MediaError, fromWireError, type MediaOutcome } from '../../workers/mediaErrors';
import type {
  ExportedPhoto,
  FilterRenderer,
  InspectedPhoto,
  PhotoEdits,
  RenderedPixels,
} from '../../workers/photoPipeline';
import type { FittedStory } from '../../workers/story';
import type { FilterPathChoice } from '../../workers/filterPath';
import { WorkerPool, WorkerStartError, abortError, type ComlinkRemote } from './workerPool';
import { GradeHelp } from './gradeHelp';

export type { ExportedPhoto, InspectedPhoto, PhotoEdits, RenderedPixels, FilterRenderer };
export type { FittedStory, FilterPathChoice };
export { MediaError, isAbortError } from '../../workers/mediaErrors';

type Call<T> = (
  api: MediaWorkerApi | Remote<MediaWorkerApi>,
  helper?: MessagePort,
) => Promise<MediaOutcome<T>>;

let pool: WorkerPool<MediaWorkerApi> | null = null;
let mainThreadFallback = false;

/**
 * vite-plugin-comlink: a Comlink proxy of the worker module's exports, whose [endpointSymbol] is
 * the Worker itself (the pool listens to it and terminates it). The plugin rewrites the `new
 * ComlinkWorker(…)` expression into a statement ending in `;`, so it has to stand alone here.
 */
function createMediaWorker(): ComlinkRemote<MediaWorkerApi> {
  const worker = new ComlinkWorker(new URL('../../workers/media.worker.ts', import.meta.url), {
    type: 'module',
    name: 'glint-media',
  });
  return worker as ComlinkRemote<MediaWorkerApi>;
}

function mediaPool(): WorkerPool<MediaWorkerApi> {
  pool ??= new WorkerPool<MediaWorkerApi>({
    create: createMediaWorker,
    maxWorkers: 2,
    idleMs: 10_000,
    // An idle worker grades half of another's CPU-graded export (workers/gradeSplit.ts).
    lend: (api, port) => api.lendGrade(transfer(port, [port])),
  });
  return pool;
}

async function onMainThread<T>(call: Call<T>, signal?: AbortSignal): Promise<MediaOutcome<T>> {
  if (signal?.aborted) throw abortError();
  const { mediaApi } = await import('../../workers/mediaApi');
  const outcome = await call(mediaApi);
  // The job cannot be stopped here, but an aborted caller still gets a silent rejection.
  if (signal?.aborted) throw abortError();
  return outcome;
}

/** The helper's port goes with the call, transferred (exports that may grade on the CPU). */
function withHelper(helper: MessagePort | undefined): MessagePort | undefined {
  return helper ? transfer(helper, [helper]) : undefined;
}

async function run<T>(call: Call<T>, signal?: AbortSignal, helper = false): Promise<T> {
  let outcome: MediaOutcome<T>;
  if (mainThreadFallback) {
    outcome = await onMainThread(call, signal);
  } else {
    try {
      outcome = await mediaPool().run(call, signal, { helper });
    } catch (error) {
      if (!(error instanceof WorkerStartError)) throw error;
      mainThreadFallback = true;
      console.warn('Media worker unavailable; processing photos on the main thread.', error);
      outcome = await onMainThread(call, signal);
    }
  }
  if (!outcome.ok) throw fromWireError(outcome.error);
  return outcome.value;
}

/** Reads type, upright size, orientation and GPS, and returns a ≤ 2048 px upright preview. */
export function inspectPhoto(file: Blob, signal?: AbortSignal): Promise<InspectedPhoto> {
  return run((api) => api.inspect(file), signal);
}

/** Asks for a helper only for exports that grade on the CPU (gradeHelp.ts), on 2+ cores. */
const gradeHelp = new GradeHelp(() => globalThis.navigator?.hardwareConcurrency ?? 1);

/** Renders the edits from the original file into a 1080 px JPEG without EXIF. */
export async function exportPhoto(
  file: Blob,
  edits: PhotoEdits,
  signal?: AbortSignal,
): Promise<ExportedPhoto> {
  const asked = gradeHelp.wants(edits);
  const exported = await run(
    (api, peer) => api.exportPhoto(file, edits, withHelper(peer)),
    signal,
    asked,
  );
  if (gradeHelp.learn(edits, exported, asked) && !mainThreadFallback) pool?.startSpare();
  return exported;
}

/** The export's RGBA pixels before encoding; used by lab pages and pixel tests. */
export function renderPhotoPixels(
  file: Blob,
  edits: PhotoEdits,
  renderer: FilterRenderer = 'auto',
  signal?: AbortSignal,
): Promise<RenderedPixels> {
  return run((api) => api.renderPixels(file, edits, renderer), signal);
}

/** The grading paths a media worker chose (WebGL or CPU, per program variant); bench and lab. */
export function filterPathChoices(signal?: AbortSignal): Promise<FilterPathChoice[]> {
  return run((api) => api.filterPaths(), signal);
}

/** Forgets the stored grading paths (IndexedDB): the next graded export measures again. */
export function forgetFilterPaths(signal?: AbortSignal): Promise<null> {
  return run((api) => api.forgetFilterPaths(), signal);
}

/** Story: the picked image upright and covered to the 1080×1920 story canvas. */
export function fitStory(file: Blob, signal?: AbortSignal): Promise<FittedStory> {
  return run((api) => api.fitStory(file), signal);
}

/** Story: the composed 1080×1920 frame as a JPEG. The bitmap is transferred (then closed). */
export function encodeStory(image: ImageBitmap, signal?: AbortSignal): Promise<Blob> {
  return run((api) => api.encodeStory(transfer(image, [image])), signal);
}

/**
 * A chosen profile picture as an upright JPEG sized for the avatars, made by
 * browser-image-compression in the media worker (workers/profilePicture.ts).
 */
export function makeProfilePicture(file: Blob, signal?: AbortSignal): Promise<Blob> {
  return run((api) => api.profilePicture(file), signal);
}

/** Pool state for lab pages and tests. */
export function mediaWorkerStatus(): { workers: number; mainThreadFallback: boolean } {
  return { workers: pool?.size ?? 0, mainThreadFallback };
}

/** Ends all media workers now (tests, page teardown); pending jobs reject as aborted. */
export function shutdownMediaWorkers(): void {
  pool?.terminate();
}

/** Lab/test hook: forces the main-thread path as if workers could not start. */
export function forceMainThreadMedia(enabled: boolean): void {
  mainThreadFallback = enabled;
}

export function isMediaError(error: unknown): error is MediaError {
  return error instanceof MediaError;
}
