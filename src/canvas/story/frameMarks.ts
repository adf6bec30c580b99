/** The User Timing mark of a frame that shows an item anew (detail: itemId and ShownKind). */
export const STORY_FRAME_MARK = 'glint:story-frame';
/** picture: decoded (or a video frame); placeholder: its tiny pixels; fallback: the gradient. */
export type ShownKind = 'picture' | 'placeholder' | 'fallback';

/**
 * A User Timing mark when a frame shows an item differently than before (its placeholder, then
 * its picture): how the bench and the browser's profiler see what a tap shows when.
 */
export class FrameMarks {
  private marked = '';

  mark(itemId: string, kind: ShownKind): void {
    const key = `${itemId}/${kind}`;
    if (key === this.marked) return;
    this.marked = key;
    performance.mark(STORY_FRAME_MARK, { detail: { itemId, kind } });
  }
}
