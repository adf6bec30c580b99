import { EXPORT_LONG_SIDE } from '../../../workers/geometry';

/** The style step shows the preview at most this tall (StyleStep.css, .style-preview__canvas). */
export const PREVIEW_MAX_CSS_PX = 600;

/**
 * The preview's drawing-buffer long side: as many pixels as the screen shows (landscape crops
 * fill the host's width, portrait ones at most 600 CSS px of height), never more than the export.
 * A 1× desktop screen draws ≈ 600², a third of the 1080² a phone needs: each slider step costs a
 * third as much.
 */
export function previewLongSide(hostCssWidth: number, devicePixelRatio: number): number {
  const css = Math.max(hostCssWidth, PREVIEW_MAX_CSS_PX);
  return Math.min(EXPORT_LONG_SIDE, Math.ceil(css * Math.max(1, devicePixelRatio || 1)));
}
