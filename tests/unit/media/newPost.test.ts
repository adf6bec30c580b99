// @vitest-environment node
import { afterEach, describe, expect, it, vi } from 'vitest';
import { droppedImages, NEW_POST_ROUTE, startNewPost } from '../../../src/media/newPost';
import { startSession } from '../../../src/state/createActions';
import { markOpening, photoCreation } from '../../../src/state/create';

vi.mock('../../../src/state/createActions', () => ({
  startSession: vi.fn(() => Promise.resolve(true)),
}));

const photo = () => new File([new Uint8Array([0xff, 0xd8, 0xff])], 'p.jpg', { type: 'image/jpeg' });

afterEach(() => {
  vi.clearAllMocks();
  markOpening(false);
});

describe('startNewPost', () => {
  it('opens the crop step and starts a session with the chosen photo', async () => {
    const navigate = vi.fn();
    const file = photo();
    startNewPost(file, navigate, () => true);
    await vi.waitFor(() => expect(navigate).toHaveBeenCalledWith(NEW_POST_ROUTE));
    await vi.waitFor(() => expect(startSession).toHaveBeenCalledWith(file));
    expect(photoCreation.isInspecting).toBe(true);
  });

  it('drops the photo when the member left the page while the editor was loading', async () => {
    const navigate = vi.fn();
    let here = true;
    startNewPost(photo(), navigate, () => here);
    here = false;
    // Let the (already cached) editor module resolve.
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(navigate).not.toHaveBeenCalled();
    expect(startSession).not.toHaveBeenCalled();
    expect(photoCreation.isInspecting).toBe(false);
  });
});

describe('droppedImages', () => {
  it('keeps images, HEIC and AVIF files that came without an image type among dropped files', () => {
    const heic = new File([new Uint8Array(4)], 'IMG_0001.HEIC', { type: '' });
    const avif = new File([new Uint8Array(4)], 'photo.avif', { type: '' });
    const text = new File(['hi'], 'notes.txt', { type: 'text/plain' });
    const data = { files: [photo(), heic, text, avif] } as unknown as DataTransfer;
    expect(droppedImages(data).map((file) => file.name)).toEqual([
      'p.jpg',
      'IMG_0001.HEIC',
      'photo.avif',
    ]);
  });
});
