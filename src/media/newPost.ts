/**
 * Entry of the photo creation flow: the nav's "New post" file picker and an image dropped onto
 * the page both end here. The crop step opens at once and shows progress until the photo is
 * read. The nav is on every page, so this module stays small: the flow's store and its code
 * (worker client, tus, Pixi) are loaded only when a photo is actually chosen.
 */
import { loadOnce } from '../lib/loadOnce';
import { showToast } from '../state/toast';

export type NewPostNavigate = (to: string) => unknown;

export const NEW_POST_ROUTE = '/create/style/';
/**
 * What the photo pickers take, for posts and stories alike (the media worker reads JPEG, PNG,
 * WebP, HEIC, AVIF and GIF, and refuses anything else with a message). HEIC and AVIF files often
 * reach the picker without an image/ type (no system codec).
 */
export const PHOTO_ACCEPT = 'image/*,.heic,.heif,.avif';
export const NEW_POST_ACCEPT = PHOTO_ACCEPT;
const IMAGE_EXTENSION = /\.(heic|heif|avif)$/i;

const LOAD_FAILED = "The photo editor couldn't be loaded. Please try again.";

/** The create store; the nav's "New post" warms it up while the file picker is open. */
export const loadCreateState = loadOnce(() => import('../state/create'));

/**
 * Opens the crop step with `file` once the flow's code is in. `stillHere` says whether the member
 * is still on the page where they chose the photo: if they went elsewhere while the code was
 * downloading, the photo is dropped instead of pulling them back into the flow.
 */
export function startNewPost(
  file: File | File[],
  navigate: NewPostNavigate,
  stillHere: () => boolean = () => true,
): void {
  loadCreateState().then(
    ({ markOpening }) => {
      if (!stillHere()) return;
      // Before the route renders, so it shows "opening" rather than the photo chooser.
      markOpening(true);
      import('../state/createActions').then(
        ({ startSession }) => startSession(file),
        () => {
          markOpening(false);
          showToast({ text: LOAD_FAILED });
        },
      );
      navigate(NEW_POST_ROUTE);
    },
    () => showToast({ text: LOAD_FAILED }),
  );
}

/** The first image among dropped files, if any. */
export function droppedImage(data: DataTransfer | null): File | null {
  return droppedImages(data)[0] ?? null;
}

/** Every image among dropped files, in order (several make a carousel, issue 19). */
export function droppedImages(data: DataTransfer | null): File[] {
  const files = data ? Array.from(data.files) : [];
  return files.filter((file) => file.type.startsWith('image/') || IMAGE_EXTENSION.test(file.name));
}
