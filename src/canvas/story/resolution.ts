// How dense the story viewer's drawing buffer is (issue 18). Every pixel of the buffer is filled
// on each redraw, so it never holds more than the story itself has: 1080×1920.

/** The stored story picture (content §9: the story canvas). */
export const STORY_SOURCE = { width: 1080, height: 1920 };

/**
 * The renderer resolution for a `cssWidth`×`cssHeight` surface whose story frame is
 * `frameWidth`×`frameHeight` CSS px: the device pixel ratio, but no denser than the picture as it
 * is drawn into the frame (more would only resample the same pixels), and never more pixels in
 * the whole buffer than the picture has.
 */
export function storyResolution(
  pixelRatio: number,
  cssWidth: number,
  cssHeight: number,
  frameWidth: number,
  frameHeight: number,
): number {
  const { width, height } = STORY_SOURCE;
  // The picture covers the frame: one source pixel spans `scale` CSS px.
  const scale = Math.max(frameWidth / width, frameHeight / height);
  const sourceDensity = 1 / scale;
  const area = Math.max(1, cssWidth * cssHeight);
  const bufferCap = Math.sqrt((width * height) / area);
  const resolution = Math.min(pixelRatio || 1, sourceDensity, bufferCap);
  // Whole hundredths, so a buffer size is stable across polls; at least 1 CSS px per pixel.
  return Math.max(Math.min(1, pixelRatio || 1), Math.floor(resolution * 100) / 100);
}

/**
 * The drawing buffer while the story moves with a finger: at most half its density at rest, and
 * at most MOVING_PIXELS (640×400). Every WebGL frame is filled and (with a software compositor)
 * read back whole, so a swipe's frames cost in proportion to the buffer's pixels; a picture in
 * motion hardly shows the difference. Measured side by side (bench, issue 18): on the 375×812
 * phone at 3× the half-density buffer (443×958) still had 48 of 116 frames over 34 ms, a 311×674
 * one 23 of 120; on the desktop 640×400 was as fast as smaller ones.
 */
export const MOVING_RESOLUTION = 0.5;
export const MOVING_PIXELS = 640 * 400;

export function movingResolution(rest: number, cssWidth: number, cssHeight: number): number {
  const cap = Math.sqrt(MOVING_PIXELS / Math.max(1, cssWidth * cssHeight));
  return Math.floor(Math.min(rest * MOVING_RESOLUTION, cap) * 100) / 100;
}
