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

async function settle<T>(
  job: () => Promise<T>,
  transferables: (value: T) => Transferable[],
): Promise<MediaOutcome<T>> {
  try {
    const value = await job();
    return transfer({ ok: true, value }, transferables(value));
  } catch (error) {
    return { ok: false, error: toWireError(error) };
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
  /** The 1080 px JPEG rendered from the original with the edits. */
  exportPhoto(file: Blob, edits: PhotoEdits): Promise<MediaOutcome<ExportedPhoto>> {
    return settle(
      () => exportPhoto(file, edits),
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
