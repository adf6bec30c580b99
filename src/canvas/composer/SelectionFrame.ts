/**
 * The frame around the selected text layer on screen (so a keyboard user sees what the arrow keys
 * move): a white line with a dark edge, readable on any photo. Hidden in the export.
 */
import { Graphics } from 'pixi.js';
import type { Size, StoryTextLayer } from '../../state/storyLayers';

/** CSS pixels between the letters and the frame, and the line's width. */
const GAP = 8;
const LINE = 2;

export class SelectionFrame {
  readonly graphics = new Graphics();
  private key = '';

  /** `sceneScale`: screen pixels per canvas pixel (the frame's line is drawn in CSS pixels). */
  show(selected: { layer: StoryTextLayer; box: Size } | null, sceneScale: number): void {
    const g = this.graphics;
    g.visible = selected !== null && selected.box.width > 0;
    if (!selected || !g.visible) return;
    const { layer, box } = selected;
    const perCss = 1 / Math.max(sceneScale, 0.01);
    const width = box.width * layer.scale + 2 * GAP * perCss;
    const height = box.height * layer.scale + 2 * GAP * perCss;
    const key = `${width}|${height}|${perCss}`;
    if (key !== this.key) {
      this.key = key;
      const radius = 6 * perCss;
      g.clear();
      g.roundRect(-width / 2, -height / 2, width, height, radius).stroke({
        width: (LINE + 2) * perCss,
        color: 0x000000,
        alpha: 0.45,
      });
      g.roundRect(-width / 2, -height / 2, width, height, radius).stroke({
        width: LINE * perCss,
        color: 0xffffff,
      });
    }
    g.position.set(layer.position.x, layer.position.y);
    g.rotation = layer.rotation;
  }
}
