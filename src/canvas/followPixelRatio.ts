/**
 * Keeps a Pixi renderer's resolution at the device pixel ratio (capped) as the display-property
 * poll sees it change: after a page zoom or a move to a denser screen the surface is drawn sharp
 * again instead of staying at the density it started with.
 */
import type { Renderer } from 'pixi.js';
import { displayProperties } from '../lib/displayProperties';

export function followPixelRatio(
  renderer: Pick<Renderer, 'resolution' | 'resize' | 'screen'>,
  maxResolution: number,
  onChange: () => void,
): () => void {
  return displayProperties().subscribe(({ pixelRatio }) => {
    const resolution = Math.min(pixelRatio, maxResolution);
    if (renderer.resolution === resolution) return;
    // Reallocates the drawing buffer at the new density; the CSS size stays (autoDensity).
    renderer.resize(renderer.screen.width, renderer.screen.height, resolution);
    onChange();
  });
}
