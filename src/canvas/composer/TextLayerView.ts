/**
 * One story text layer in the Pixi scene: the letters, and behind them the rounded plate of the
 * "soft" or "solid" background, one rounded bar a line (as on Instagram, they follow the
 * alignment). The same view draws the live preview and the 1080×1920 export.
 */
import { CanvasTextMetrics, Container, Graphics, Text } from 'pixi.js';
import type { Size, StoryTextLayer } from '../../state/storyLayers';
import { layerColours, plateMetrics, shownText, storyTextStyle, textStyleKey } from './textStyle';

/** The letters are rasterised at up to this many times their base size (crisp when scaled). */
const MAX_TEXT_RESOLUTION = 4;

export class TextLayerView {
  readonly group = new Container();
  private readonly plate = new Graphics();
  private readonly text = new Text({ text: '', anchor: 0.5 });
  private key = '';
  /** The laid-out size at scale 1, plate included (canvas pixels). */
  box: Size = { width: 0, height: 0 };

  constructor() {
    this.group.addChild(this.plate, this.text);
  }

  /** Copies the layer in; lays the text out again only when its words or style changed. */
  update(layer: StoryTextLayer, canvasWidth: number, visible: boolean): void {
    const key = `${textStyleKey(layer)}\u0000${canvasWidth}`;
    if (key !== this.key) {
      this.key = key;
      this.layout(layer, canvasWidth);
    }
    this.group.visible = visible && layer.rawText !== '';
    this.group.position.set(layer.position.x, layer.position.y);
    this.group.rotation = layer.rotation;
    this.group.scale.set(layer.scale);
    // Rasterise big enough for the scale, in steps so a pinch does not redraw every frame.
    const resolution = Math.min(MAX_TEXT_RESOLUTION, Math.max(1, Math.ceil(layer.scale * 2) / 2));
    if (this.text.resolution !== resolution) this.text.resolution = resolution;
  }

  destroy(): void {
    this.group.destroy({ children: true });
  }

  private layout(layer: StoryTextLayer, canvasWidth: number): void {
    const style = storyTextStyle(layer, canvasWidth);
    const words = shownText(layer);
    this.text.style = style;
    this.text.text = words;
    const metrics = CanvasTextMetrics.measureText(words || ' ', style);
    const { plate } = layerColours(layer);
    this.plate.clear();
    if (!plate) {
      this.box = { width: metrics.width, height: metrics.height };
      return;
    }
    const { padX, padY, radius } = plateMetrics(layer.fontSize, canvasWidth);
    const left = -metrics.width / 2;
    const top = -metrics.height / 2;
    const last = metrics.lines.length - 1;
    metrics.lineWidths.forEach((lineWidth, i) => {
      if (lineWidth <= 0) return;
      const free = metrics.maxLineWidth - lineWidth;
      const shift = layer.align === 'right' ? free : layer.align === 'center' ? free / 2 : 0;
      // Bars touch (no overlap: a soft plate would be darker where two overlap).
      const y = top + i * metrics.lineHeight - (i === 0 ? padY : 0);
      const height = metrics.lineHeight + (i === 0 ? padY : 0) + (i === last ? padY : 0);
      const r = Math.min(radius, height / 2);
      this.plate.roundRect(left + shift - padX, y, lineWidth + 2 * padX, height, r);
    });
    this.plate.fill({ color: plate.color, alpha: plate.alpha });
    this.box = { width: metrics.width + 2 * padX, height: metrics.height + 2 * padY };
  }
}
