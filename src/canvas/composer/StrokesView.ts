/**
 * The pen's strokes in the Pixi scene, one Graphics a stroke, drawn with round caps and joins.
 * Only a stroke whose points changed is drawn again (the one being drawn, or after an undo).
 */
import { Container, Graphics } from 'pixi.js';
import { storyTextColorValue } from '../../state/storyDraft';
import { penPixels, type StoryStroke } from '../../state/storyLayers';

// What tells two strokes apart without reading every point: a stroke taken back by Undo and the
// one now in its place differ in one of these unless they start and end at the same points.
const signature = ({ color, width, points: p }: StoryStroke) =>
  `${color}|${width}|${p.length}|${p[0]},${p[1]}|${p[p.length - 2]},${p[p.length - 1]}`;

export class StrokesView {
  readonly container = new Container();
  private readonly drawn: { graphics: Graphics; signature: string }[] = [];

  update(strokes: readonly StoryStroke[]): void {
    while (this.drawn.length > strokes.length) this.drawn.pop()?.graphics.destroy();
    strokes.forEach((stroke, i) => {
      let entry = this.drawn[i];
      if (!entry) {
        entry = { graphics: new Graphics(), signature: '' };
        this.drawn.push(entry);
        this.container.addChild(entry.graphics);
      }
      const now = signature(stroke);
      if (entry.signature === now) return;
      entry.signature = now;
      drawStroke(entry.graphics, stroke);
    });
  }

  destroy(): void {
    this.container.destroy({ children: true });
  }
}

function drawStroke(g: Graphics, stroke: StoryStroke): void {
  const { points } = stroke;
  const width = penPixels(stroke.width);
  const color = storyTextColorValue(stroke.color);
  g.clear();
  if (points.length < 2) return;
  if (points.length === 2) {
    // A tap leaves a dot.
    g.circle(points[0], points[1], width / 2).fill({ color });
    return;
  }
  g.moveTo(points[0], points[1]);
  for (let i = 2; i < points.length; i += 2) g.lineTo(points[i], points[i + 1]);
  g.stroke({ width, color, cap: 'round', join: 'round' });
}
