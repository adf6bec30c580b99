/**
 * A chosen profile picture made ready to upload with browser-image-compression, here in the media
 * worker: a JPEG, upright (the EXIF orientation applied; the tag, GPS and other metadata not
 * kept), small enough to send in one quick request. The server crops the centre square and keeps
 * it at 320 and 150 px, so the longest side is capped at 320 × 16/9: any photo up to 16:9 still
 * gives a square of at least 320 px, sharp at every size the server keeps.
 *
 * The library runs in this same-origin worker with its own worker off (`useWebWorker: false`):
 * its worker would start from a blob: URL, which the page's Content-Security-Policy refuses
 * (worker-src 'self'). It is imported when the first picture is chosen, not with the worker.
 */
export const PROFILE_PICTURE_LONG_SIDE = Math.round((320 * 16) / 9);

export async function makeProfilePicture(file: Blob): Promise<Blob> {
  const { default: imageCompression } = await import('browser-image-compression');
  const source = file instanceof File ? file : new File([file], 'photo', { type: file.type });
  return imageCompression(source, {
    maxWidthOrHeight: PROFILE_PICTURE_LONG_SIDE,
    fileType: 'image/jpeg',
    initialQuality: 0.9,
    useWebWorker: false,
  });
}
