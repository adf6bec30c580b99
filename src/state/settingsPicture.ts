// Profile picture change (accounts-platform §4 "Profile picture change", §7): attempt, then
// success (the viewer's avatar follows; a first-post upsell when the server says the member is
// eligible) or failure (toast). Removal goes the same way with an empty body.
import { proxy, ref } from 'valtio';
import { serverMessage, type UploadProgress } from '../api/client';
import {
  removeProfilePicture,
  uploadProfilePicture,
  type ProfilePictureResult,
} from '../api/settings';
import { getViewer, setViewer } from '../lib/sharedData';
import { reportFailure, reportSuccess } from './settings';

/** The server accepts JPEG and PNG only. */
export const PROFILE_PIC_TYPES = ['image/jpeg', 'image/png'] as const;
export const PROFILE_PIC_ACCEPT = PROFILE_PIC_TYPES.join(',');

export type PictureChange =
  { status: 'idle' } | { status: 'uploading'; fraction: number } | { status: 'removing' };

export interface FirstPostUpsell {
  imageUrl: string;
  /** The picked photo itself, so "Share" can start a post from the original file. */
  file: File;
}

export interface PictureState {
  change: PictureChange;
  upsell: FirstPostUpsell | null;
}

export const initialPictureState = (): PictureState => ({
  change: { status: 'idle' },
  upsell: null,
});

export const pictureState = proxy<PictureState>(initialPictureState());

export const NOT_A_PICTURE = 'Choose a JPEG or PNG photo.';
export const PICTURE_CHANGE_FAILED = "Your profile photo couldn't be changed. Please try again.";
export const PICTURE_ADDED = 'Profile photo added.';
export const PICTURE_REMOVED = 'Profile photo removed.';

export const isAcceptedPicture = (file: Pick<File, 'type'>) =>
  (PROFILE_PIC_TYPES as readonly string[]).includes(file.type);

export function pictureUploadStarted(state: PictureState): boolean {
  if (state.change.status !== 'idle') return false;
  state.change = { status: 'uploading', fraction: 0 };
  state.upsell = null;
  return true;
}

export function pictureUploadProgressed(
  state: PictureState,
  progress: Pick<UploadProgress, 'fraction'> & Partial<UploadProgress>,
): void {
  if (state.change.status === 'uploading') state.change.fraction = progress.fraction;
}

export function pictureRemovalStarted(state: PictureState): boolean {
  if (state.change.status !== 'idle') return false;
  state.change = { status: 'removing' };
  state.upsell = null;
  return true;
}

/** Success: the upsell appears only for an eligible upload, with the new picture. */
export function pictureChangeSucceeded(
  state: PictureState,
  result: ProfilePictureResult,
  file: File | null,
): void {
  state.change = { status: 'idle' };
  state.upsell =
    result.profile_pic_to_post_upsell_eligible && file
      ? { imageUrl: result.profile_pic_url_hd || result.profile_pic_url, file: ref(file) }
      : null;
}

export function pictureChangeFailed(state: PictureState): void {
  state.change = { status: 'idle' };
}

export function upsellDismissed(state: PictureState): void {
  state.upsell = null;
}

/** The avatar everywhere (nav, profile) follows the new picture. */
function applyToViewer(result: ProfilePictureResult): void {
  const viewer = getViewer();
  if (!viewer) return;
  setViewer({
    ...viewer,
    profile_pic_url: result.profile_pic_url,
    profile_pic_url_hd: result.profile_pic_url_hd,
    has_profile_pic: result.has_profile_pic,
  });
}

/** The share of the progress bar that making the picture takes before it is sent. */
const MAKING_SHARE = 0.3;

export async function changePicture(file: File): Promise<boolean> {
  if (!isAcceptedPicture(file)) {
    reportFailure(NOT_A_PICTURE);
    return false;
  }
  if (!pictureUploadStarted(pictureState)) return false;
  try {
    // The first part of the bar is making the picture (in the media worker), the rest sending it.
    // The media client loads when a picture is chosen, not with the settings pages.
    const { makeProfilePicture } = await import('../media/mediaClient');
    const jpeg = await makeProfilePicture(file);
    pictureUploadProgressed(pictureState, { fraction: MAKING_SHARE });
    const name = `${file.name.replace(/\.[^.]*$/, '') || 'profile'}.jpg`;
    const picture = new File([jpeg], name, { type: 'image/jpeg' });
    const result = await uploadProfilePicture(picture, (progress) =>
      pictureUploadProgressed(pictureState, {
        fraction: MAKING_SHARE + progress.fraction * (1 - MAKING_SHARE),
      }),
    );
    pictureChangeSucceeded(pictureState, result, file);
    applyToViewer(result);
    reportSuccess(PICTURE_ADDED);
    return true;
  } catch (e) {
    pictureChangeFailed(pictureState);
    reportFailure(serverMessage(e) ?? PICTURE_CHANGE_FAILED);
    return false;
  }
}

export async function removePicture(): Promise<boolean> {
  if (!pictureRemovalStarted(pictureState)) return false;
  try {
    const result = await removeProfilePicture();
    pictureChangeSucceeded(pictureState, result, null);
    applyToViewer(result);
    reportSuccess(PICTURE_REMOVED);
    return true;
  } catch (e) {
    pictureChangeFailed(pictureState);
    reportFailure(serverMessage(e) ?? PICTURE_CHANGE_FAILED);
    return false;
  }
}
