/**
 * Entry of the photo creation flow: the nav's "New post" file picker and an image dropped onto
 * the page both end here. The crop step opens at once and shows progress until the photo is
 * read. The nav is on every page, so the flow's code (worker client, tus, Pixi) is loaded only
 * when a photo is actually chosen.
 */
import { markOpening } from '../state/create';
import { showToast } from '../state/toast';

export type NewPostNavigate = (to: string) => unknown;

export const NEW_POST_ROUTE = '/create/style/';
export const NEW_POST_ACCEPT = 'image/*';

export function startNewPost(file: File, navigate: NewPostNavigate): void {
  // Before the route renders, so it shows "opening" rather than the photo chooser.
  markOpening(true);
  import('../state/createActions').then(
    ({ startSession }) => startSession(file),
    () => {
      markOpening(false);
      showToast({ text: "The photo editor couldn't be loaded. Please try again." });
    },
  );
  navigate(NEW_POST_ROUTE);
}

/** The first image among dropped files, if any. */
export function droppedImage(data: DataTransfer | null): File | null {
  const files = data ? Array.from(data.files) : [];
  return files.find((file) => file.type.startsWith('image/')) ?? null;
}
