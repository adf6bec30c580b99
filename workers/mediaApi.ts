/**
 * The media job functions as one object: media.worker.ts exposes it through Comlink, and the main
 * thread calls it directly when workers cannot start. Every call returns a MediaOutcome so error
 * codes survive structured cloning (src/media/mediaClient.ts rebuilds MediaError from them).
 */
import { transfer } from 'comlink';
import { toWireError, type MediaOutcome } from './mediaErrors';
import {
  exportPhoto,
  inspectPhoto,
  renderPhotoPixels,
  type ExportedPhoto,
  type FilterRenderer,
  type InspectedPhoto,
  type PhotoEdits,
  type RenderedPixels,
} from './photoPipeline';
import { makeProfilePicture } from './profilePicture';
import { filterPathChoices, forgetFilterPath, type FilterPathChoice } from './filterPath';
import { encodeStory, fitStory, type FittedStory } from './story';
import { serveGradeBand } from './gradeSplit';
import { loadWasmGrader } from './cpuGrade';

/** Jobs running on this thread: a helper lent to another worker declines while it has its own. */
let activeJobs = 0;

async function settle<T>(
  job: () => Promise<T>,
  transferables: (value: T) => Transferable[],
): Promise<MediaOutcome<T>> {
  activeJobs += 1;
  try {
    const value = await job();
    return transfer({ ok: true, value }, transferables(value));
  } catch (error) {
    return { ok: false, error: toWireError(error) };
  } finally {
    activeJobs -= 1;
  }
}

export const mediaApi = {
  /** Type, upright size, EXIF orientation and GPS, and a ≤ 2048 px preview (transferred). */
  inspect(file: Blob): Promise<MediaOutcome<InspectedPhoto>> {
    return settle(
      () => inspectPhoto(file),
      (photo) => [photo.preview],
    );
  },
  /**
   * The 1080 px JPEG rendered from the original with the edits; `peer`, a port to the pool's idle
   * worker (lendGrade), grades half of a CPU-graded frame.
   */
  exportPhoto(
    file: Blob,
    edits: PhotoEdits,
    peer?: MessagePort,
  ): Promise<MediaOutcome<ExportedPhoto>> {
    return settle(
      () => exportPhoto(file, edits, peer),
      () => [],
    );
  },
  /** The export's RGBA pixels before encoding (lab pages and pixel tests). */
  renderPixels(
    file: Blob,
    edits: PhotoEdits,
    renderer: FilterRenderer = 'auto',
  ): Promise<MediaOutcome<RenderedPixels>> {
    return settle(
      () => renderPhotoPixels(file, edits, renderer),
      (rendered) => [rendered.pixels.buffer],
    );
  },
  /**
   * Lends this worker, idle now, to another worker's export for one band of its grade
   * (gradeSplit.ts); the WebAssembly module starts loading at once. Declines if a job of its own
   * has started by the time the band arrives.
   */
  lendGrade(port: MessagePort): Promise<null> {
    serveGradeBand(port, loadWasmGrader(), () => activeJobs > 0);
    return Promise.resolve(null);
  },
  /** The grading paths this thread chose for its exports so far (bench and lab). */
  filterPaths(): Promise<MediaOutcome<FilterPathChoice[]>> {
    return settle(
      () => Promise.resolve(filterPathChoices()),
      () => [],
    );
  },
  /** Forgets the chosen and stored grading paths: the next graded export measures again. */
  forgetFilterPaths(): Promise<MediaOutcome<null>> {
    return settle(
      () => forgetFilterPath().then(() => null),
      () => [],
    );
  },
  /** Story: the picked image upright, covered to 1080×1920 (bitmap transferred). */
  fitStory(file: Blob): Promise<MediaOutcome<FittedStory>> {
    return settle(
      () => fitStory(file),
      (story) => [story.bitmap],
    );
  },
  /** A profile picture: upright JPEG, longest side ≤ 569 px (browser-image-compression). */
  profilePicture(file: Blob): Promise<MediaOutcome<Blob>> {
    return settle(
      () => makeProfilePicture(file),
      () => [],
    );
  },
  /** Story: the composed 1080×1920 frame as a JPEG without metadata. */
  encodeStory(image: ImageBitmap | ImageData, quality?: number): Promise<MediaOutcome<Blob>> {
    return settle(
      () => encodeStory(image, quality),
      () => [],
    );
  },
};

export type MediaApi = typeof mediaApi;
