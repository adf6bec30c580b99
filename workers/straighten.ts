/**
 * Straighten (issue 19): the photo turns by a small angle about the frame's centre and zooms just
 * enough that the frame stays filled with the crop's own pixels (no empty corners). Shared by the
 * style step's preview and the export, so both frame the same picture.
 */
import type { Size } from './geometry';

/**
 * A hair more than the exact cover zoom, so resampling at the frame's corners (which touch the
 * crop's edges) never reads past them. Relative, so the preview and the export zoom alike.
 */
const CORNER_MARGIN = 1.002;

/**
 * The zoom at which a `frame`-shaped picture, turned by `degrees`, still covers the whole frame:
 * the turned frame's bounding box must fit inside the zoomed picture along both axes.
 */
export function straightenZoom(frame: Size, degrees: number): number {
  if (!Number.isFinite(degrees) || degrees === 0) return 1;
  const theta = (Math.abs(degrees) * Math.PI) / 180;
  const long = Math.max(frame.width, frame.height);
  const short = Math.max(1, Math.min(frame.width, frame.height));
  return (Math.cos(theta) + (long / short) * Math.sin(theta)) * CORNER_MARGIN;
}
