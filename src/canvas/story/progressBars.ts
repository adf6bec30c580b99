// The progress bars of the story viewer, in the DOM over the canvas (issue 18): while a picture
// plays only the current bar moves, and moving it is a compositor transform, not a WebGL redraw
// of the whole frame. The canvas redraws only when the picture itself changes.
import { progressSegments, type FrameRect } from './layout';

const BAR_TOP = 8;
const BAR_HEIGHT = 2;

export class ProgressBars {
  readonly element = document.createElement('div');
  private bars: { track: HTMLElement; fill: HTMLElement }[] = [];
  private frame: FrameRect = { x: 0, y: 0, width: 1, height: 1 };
  private count = -1;
  private index = -1;
  private shownFill = -1;

  constructor() {
    const { style } = this.element;
    this.element.setAttribute('aria-hidden', 'true');
    this.element.className = 'story-viewer__progress';
    style.position = 'absolute';
    style.height = `${BAR_HEIGHT}px`;
    style.pointerEvents = 'none';
    style.transition = 'opacity 150ms ease-out';
  }

  layout(frame: FrameRect): void {
    this.frame = frame;
    this.element.style.left = `${frame.x}px`;
    this.element.style.top = `${frame.y + BAR_TOP}px`;
    this.element.style.width = `${frame.width}px`;
    this.count = -1;
  }

  /** Bars for `count` items; items before `index` full, the current one `progress` (0..1). */
  draw(count: number, index: number, progress: number): void {
    if (count !== this.count || index !== this.index) this.build(count, index);
    const fill = Math.round(Math.min(1, Math.max(0, progress)) * 1000) / 1000;
    if (fill === this.shownFill) return;
    this.shownFill = fill;
    const bar = this.bars[index];
    if (bar) bar.fill.style.transform = `scaleX(${fill})`;
  }

  /** Where the bars sit while the picture is dragged, and how visible they are. */
  pose(offsetX: number, offsetY: number, opacity: number): void {
    const { style } = this.element;
    style.transform = offsetX || offsetY ? `translate(${offsetX}px, ${offsetY}px)` : '';
    style.opacity = String(opacity);
  }

  destroy(): void {
    this.element.remove();
  }

  private build(count: number, index: number): void {
    this.count = count;
    this.index = index;
    this.shownFill = -1;
    const segments = progressSegments(this.frame.width, count, index, 0);
    this.bars = segments.map((segment, i) => {
      const track = document.createElement('div');
      const fill = document.createElement('div');
      Object.assign(track.style, {
        position: 'absolute',
        left: `${segment.x}px`,
        width: `${segment.width}px`,
        top: '0',
        height: `${BAR_HEIGHT}px`,
        borderRadius: '1px',
        overflow: 'hidden',
        background: 'rgb(255 255 255 / 0.35)',
      });
      Object.assign(fill.style, {
        width: '100%',
        height: '100%',
        background: '#fff',
        transformOrigin: 'left center',
        transform: `scaleX(${i < index ? 1 : 0})`,
      });
      track.append(fill);
      return { track, fill };
    });
    this.element.replaceChildren(...this.bars.map((b) => b.track));
  }
}
