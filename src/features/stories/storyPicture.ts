// Which size of a story picture to fetch (issue 18): the smallest the server offers that covers
// the device pixels the viewer draws it at on this screen. A desktop window at 1× draws a story
// about 450 px wide, so its 540 px copy does (a quarter of the pixels to fetch, decode and upload,
// and no mipmaps); a phone at 3× draws ≈ 1 370 and gets the 1080 px original. The tray's prefetch
// and the viewer ask this same question, so the picture the tray decoded is the one the viewer
// wants.
import { coverFit, storyFrame } from '../../canvas/story/layout';

export interface PictureSizes {
  displayUrl: string;
  width: number;
  height: number;
  resources?: readonly { src: string; config_width: number; config_height: number }[];
}

/** Device pixels across a picture of `width`×`height` as the viewer covers its frame with it. */
export function drawnPictureWidth(
  width: number,
  height: number,
  screen: { width: number; height: number; pixelRatio: number },
): number {
  const frame = storyFrame(Math.max(1, screen.width), Math.max(1, screen.height));
  return width * coverFit(frame, width, height).scale * screen.pixelRatio;
}

/** The URL of the smallest size at least `needWidth` pixels wide, else of the largest. */
export function pictureUrlFor(picture: PictureSizes, needWidth: number): string {
  const sizes = [...(picture.resources ?? [])].sort((a, b) => a.config_width - b.config_width);
  const covering = sizes.find((s) => s.config_width >= needWidth);
  if (covering) return covering.src;
  const largest = sizes.at(-1);
  return largest && largest.config_width > picture.width ? largest.src : picture.displayUrl;
}

/** This window's choice for a picture (the viewer fills the window). */
export function storyPictureUrl(picture: PictureSizes): string {
  if (typeof window === 'undefined') return picture.displayUrl;
  const need = drawnPictureWidth(picture.width, picture.height, {
    width: window.innerWidth,
    height: window.innerHeight,
    pixelRatio: window.devicePixelRatio || 1,
  });
  return pictureUrlFor(picture, need);
}
