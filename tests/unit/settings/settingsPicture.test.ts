import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import * as api from '../../../src/api/settings';
import * as media from '../../../src/media/mediaClient';
import { getViewer } from '../../../src/lib/sharedData';
import {
  NOT_A_PICTURE,
  PICTURE_ADDED,
  PICTURE_CHANGE_FAILED,
  PICTURE_REMOVED,
  changePicture,
  initialPictureState,
  isAcceptedPicture,
  pictureChangeFailed,
  pictureChangeSucceeded,
  pictureRemovalStarted,
  pictureState,
  pictureUploadProgressed,
  pictureUploadStarted,
  removePicture,
  upsellDismissed,
} from '../../../src/state/settingsPicture';
import { resetToastState, toastState } from '../../../src/state/toast';
import { setMember } from '../app/session';
import { failWith, failWithoutMessage } from './fixtures';

vi.mock('../../../src/api/settings', () => ({
  uploadProfilePicture: vi.fn(),
  removeProfilePicture: vi.fn(),
}));
// browser-image-compression runs in the media worker; e2e/settings.spec.ts covers it for real.
vi.mock('../../../src/media/mediaClient', () => ({
  makeProfilePicture: vi.fn(async () => madeJpeg),
}));
const mocked = vi.mocked(api);
const madeJpeg = new Blob([new Uint8Array([0xff, 0xd8, 0xff, 0xdb])], { type: 'image/jpeg' });

const photo = () =>
  new File([new Uint8Array([0xff, 0xd8, 0xff])], 'me.jpg', { type: 'image/jpeg' });
const result = (eligible: boolean, has = true) => ({
  changed_profile: true,
  profile_pic_to_post_upsell_eligible: eligible,
  profile_pic_url: has ? '/media/a/101/v2/150.jpg' : '',
  profile_pic_url_hd: has ? '/media/a/101/v2/320.jpg' : '',
  has_profile_pic: has,
});

beforeEach(() => {
  setMember();
  Object.assign(pictureState, initialPictureState());
});
afterEach(() => {
  vi.clearAllMocks();
  resetToastState();
});

describe('profile picture change (pure transitions)', () => {
  it('accepts JPEG and PNG only', () => {
    expect(isAcceptedPicture({ type: 'image/jpeg' })).toBe(true);
    expect(isAcceptedPicture({ type: 'image/png' })).toBe(true);
    expect(isAcceptedPicture({ type: 'image/gif' })).toBe(false);
  });

  it('attempt → progress → success with the upsell when eligible', () => {
    const state = initialPictureState();
    expect(pictureUploadStarted(state)).toBe(true);
    expect(pictureUploadStarted(state)).toBe(false);
    pictureUploadProgressed(state, { loaded: 50, total: 100, fraction: 0.5 });
    expect(state.change).toEqual({ status: 'uploading', fraction: 0.5 });
    const file = photo();
    pictureChangeSucceeded(state, result(true), file);
    expect(state.change).toEqual({ status: 'idle' });
    expect(state.upsell).toEqual({ imageUrl: '/media/a/101/v2/320.jpg', file });
    upsellDismissed(state);
    expect(state.upsell).toBeNull();
  });

  it('no upsell when not eligible; failure returns to idle', () => {
    const state = initialPictureState();
    pictureUploadStarted(state);
    pictureChangeSucceeded(state, result(false), photo());
    expect(state.upsell).toBeNull();
    pictureUploadStarted(state);
    pictureChangeFailed(state);
    expect(state.change).toEqual({ status: 'idle' });
  });

  it('removal: attempt → success', () => {
    const state = initialPictureState();
    expect(pictureRemovalStarted(state)).toBe(true);
    expect(state.change).toEqual({ status: 'removing' });
    pictureChangeSucceeded(state, result(false, false), null);
    expect(state.change).toEqual({ status: 'idle' });
  });
});

describe('profile picture change (actions)', () => {
  it('uploads with progress and updates the viewer avatar', async () => {
    mocked.uploadProfilePicture.mockImplementationOnce(async (_file, onProgress) => {
      // Making the picture took the bar's first 30 %; sending it fills the rest.
      expect(pictureState.change).toEqual({ status: 'uploading', fraction: 0.3 });
      onProgress({ loaded: 1, total: 2, fraction: 0.5 });
      expect(pictureState.change).toEqual({ status: 'uploading', fraction: expect.closeTo(0.65) });
      return result(true);
    });
    expect(await changePicture(photo())).toBe(true);
    expect(getViewer()).toMatchObject({
      profile_pic_url: '/media/a/101/v2/150.jpg',
      profile_pic_url_hd: '/media/a/101/v2/320.jpg',
      has_profile_pic: true,
    });
    expect(pictureState.upsell?.imageUrl).toBe('/media/a/101/v2/320.jpg');
    expect(toastState.current?.text).toBe(PICTURE_ADDED);
  });

  it('sends the picture made from the photo, a JPEG named after it, not the photo itself', async () => {
    mocked.uploadProfilePicture.mockResolvedValueOnce(result(false));
    const png = new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'me.png', {
      type: 'image/png',
    });
    expect(await changePicture(png)).toBe(true);
    expect(vi.mocked(media.makeProfilePicture)).toHaveBeenCalledWith(png);
    const sent = mocked.uploadProfilePicture.mock.calls[0][0];
    expect(sent).toMatchObject({ name: 'me.jpg', type: 'image/jpeg', size: madeJpeg.size });
  });

  it('a photo that cannot be made into a picture sends nothing and says so', async () => {
    vi.mocked(media.makeProfilePicture).mockRejectedValueOnce(new Error('decode failed'));
    expect(await changePicture(photo())).toBe(false);
    expect(mocked.uploadProfilePicture).not.toHaveBeenCalled();
    expect(toastState.current?.text).toBe(PICTURE_CHANGE_FAILED);
    expect(pictureState.change).toEqual({ status: 'idle' });
  });

  it('refuses other file types without uploading', async () => {
    const gif = new File(['GIF89a'], 'a.gif', { type: 'image/gif' });
    expect(await changePicture(gif)).toBe(false);
    expect(mocked.uploadProfilePicture).not.toHaveBeenCalled();
    expect(toastState.current?.text).toBe(NOT_A_PICTURE);
  });

  it('a failed upload toasts the server message, else a default', async () => {
    mocked.uploadProfilePicture.mockRejectedValueOnce(failWith('The photo could not be read.'));
    expect(await changePicture(photo())).toBe(false);
    expect(toastState.current?.text).toBe('The photo could not be read.');
    expect(pictureState.change).toEqual({ status: 'idle' });
    mocked.removeProfilePicture.mockRejectedValueOnce(failWithoutMessage());
    expect(await removePicture()).toBe(false);
    expect(toastState.current?.text).toBe(PICTURE_CHANGE_FAILED);
  });

  it('removal clears the avatar', async () => {
    mocked.removeProfilePicture.mockResolvedValueOnce(result(false, false));
    expect(await removePicture()).toBe(true);
    expect(getViewer()?.has_profile_pic).toBe(false);
    expect(toastState.current?.text).toBe(PICTURE_REMOVED);
  });
});
