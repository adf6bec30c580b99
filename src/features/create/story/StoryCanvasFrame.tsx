import {
  useEffect,
  useRef,
  useState,
  type KeyboardEvent,
  type ReactNode,
  type RefObject,
} from 'react';
import { useSnapshot } from 'valtio';
import { STORY_POINT_BASE_WIDTH, hasSavedText, storyDraft } from '../../../state/storyDraft';
import {
  addOrEditText,
  chooseText,
  keyTransformText,
  moveTextBy,
  removeText,
  undoLast,
} from '../../../state/storyDraftActions';
import type { StoryComposer } from '../../../canvas/StoryComposer';
import { Spinner } from '../../../ui/Spinner';
import { StoryTextEditor } from './StoryTextEditor';
import { useStoryComposer } from './useStoryComposer';

/** Canvas pixels per arrow key press (Shift: five times as far). */
const KEY_STEP = 12;
const KEY_SCALE = 1.1;
const KEY_ROTATE = Math.PI / 36;

export const MOVE_HINT_ID = 'story-move-hint';
const CANVAS_ID = 'story-canvas';

/**
 * Puts the keyboard focus on the picture: where it goes when the control that held it goes away
 * (Delete text, Done drawing), so it never drops to the page.
 */
export function focusStoryCanvas(): void {
  document.getElementById(CANVAS_ID)?.focus();
}

function useWidth(ref: RefObject<HTMLElement | null>): number {
  const [width, setWidth] = useState(0);
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    const observer = new ResizeObserver(() => setWidth(el.clientWidth));
    observer.observe(el);
    setWidth(el.clientWidth);
    return () => observer.disconnect();
  }, [ref]);
  return width;
}

/**
 * Keyboard for the focused picture: arrows move the selected text, +/− scale it, [ ] rotate it,
 * Enter edits it (or adds text), Delete removes it, Escape puts it down, Ctrl/⌘+Z undoes.
 */
function onCanvasKey(event: KeyboardEvent) {
  if (event.key === 'Escape' && storyDraft.textEdit === 'saved') {
    // Before the page's Escape (which closes the composer) sees it.
    event.preventDefault();
    chooseText(null);
    return;
  }
  const step = event.shiftKey ? KEY_STEP * 5 : KEY_STEP;
  const scale = (by: number) => () => keyTransformText({ scaleBy: by }, 'key-scale');
  const rotate = (by: number) => () => keyTransformText({ rotateBy: by }, 'key-rotate');
  const actions: Record<string, () => void> = {
    ArrowLeft: () => moveTextBy(-step, 0),
    ArrowRight: () => moveTextBy(step, 0),
    ArrowUp: () => moveTextBy(0, -step),
    ArrowDown: () => moveTextBy(0, step),
    '+': scale(KEY_SCALE),
    '=': scale(KEY_SCALE),
    '-': scale(1 / KEY_SCALE),
    '[': rotate(-KEY_ROTATE),
    ']': rotate(KEY_ROTATE),
    Enter: addOrEditText,
    Delete: removeText,
    Backspace: removeText,
  };
  const undo = (event.ctrlKey || event.metaKey) && event.key.toLowerCase() === 'z';
  const action = undo ? undoLast : actions[event.key];
  if (!action) return;
  event.preventDefault();
  action();
}

interface StoryCanvasFrameProps {
  /** The live composer, for sharing. */
  composerRef: (composer: StoryComposer | null) => void;
  /** Controls drawn over the picture (the toolbar). */
  children?: ReactNode;
}

/** The 9:16 frame: the Pixi surface, the text editor over it while typing, and progress. */
export function StoryCanvasFrame({ composerRef, children }: StoryCanvasFrameProps) {
  const frame = useRef<HTMLDivElement>(null);
  const host = useRef<HTMLDivElement>(null);
  const width = useWidth(frame);
  const { composer, status } = useStoryComposer(host);
  const snap = useSnapshot(storyDraft);
  const canMove = hasSavedText(snap);

  useEffect(() => {
    composerRef(status === 'ready' ? composer.current : null);
  }, [status, composer, composerRef]);

  // The chooser that had the focus is gone once the picture is in: the canvas takes it (its name
  // is read out, and its keys work at once) rather than leaving it to the page.
  useEffect(() => {
    const active = document.activeElement;
    if (status === 'ready' && (!active || active === document.body)) {
      host.current?.focus({ preventScroll: true });
    }
  }, [status]);

  return (
    <div ref={frame} className="story-composer__frame">
      <div
        ref={host}
        className={`story-composer__surface${snap.tool === 'pen' ? ' story-composer__surface--pen' : ''}`}
        // "application": the arrow keys belong to the canvas, not to screen reader browsing.
        role="application"
        id={CANVAS_ID}
        tabIndex={0}
        aria-label="Story canvas"
        aria-describedby={canMove ? MOVE_HINT_ID : undefined}
        aria-keyshortcuts={
          canMove ? 'ArrowUp ArrowDown ArrowLeft ArrowRight + - [ ] Enter Delete' : undefined
        }
        onKeyDown={onCanvasKey}
      />
      {snap.phase === 'processing' || (status === 'loading' && snap.phase !== 'choosing') ? (
        <div className="story-composer__overlay">
          <Spinner size={32} tone="light" label="Preparing your photo" />
        </div>
      ) : null}
      {status === 'error' ? (
        <div className="story-composer__overlay story-composer__overlay--error" role="alert">
          <p>
            The story editor needs WebGL, which this browser has turned off. Try another browser or
            turn on hardware acceleration.
          </p>
        </div>
      ) : null}
      {snap.textEdit === 'editing' ? (
        // Before the first measurement, one story point is one CSS pixel.
        <StoryTextEditor frameWidth={width || STORY_POINT_BASE_WIDTH} />
      ) : null}
      {children}
    </div>
  );
}
