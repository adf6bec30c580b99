import { useSnapshot } from 'valtio';
import { hasSavedText, storyDraft } from '../../../state/storyDraft';
import { ProgressBar } from '../../../ui/ProgressBar';
import { MOVE_HINT_ID } from './StoryCanvasFrame';
import { StoryLayerList } from './StoryLayerList';
import { StoryPenTools } from './StoryPenTools';
import { StoryTextTools } from './StoryTextTools';

interface StoryPanelProps {
  canShare: boolean;
  onShare: () => void;
}

/** The controls beside the picture (below it on phones): the tool's settings, hints and Share. */
export function StoryPanel({ canShare, onShare }: StoryPanelProps) {
  const snap = useSnapshot(storyDraft);
  const busy = snap.phase === 'uploading' || snap.phase === 'finalizing';
  const composing = snap.phase === 'composing';
  const drawing = composing && snap.tool === 'pen';
  const texting = composing && !drawing;
  const saved = hasSavedText(snap);

  return (
    <aside className="story-tools" aria-labelledby="story-tools-title">
      <header className="story-tools__header">
        <h2 id="story-tools-title" className="story-tools__title">
          New story
        </h2>
        <p className="story-tools__subtitle">Visible to your followers for 24 hours</p>
      </header>
      {drawing ? <StoryPenTools /> : null}
      {drawing ? (
        <p className="story-tools__hint story-tools__hint--wide">
          Draw on the picture with a finger or the mouse. Undo takes back the last stroke.
        </p>
      ) : null}
      {texting && snap.textEdit !== 'none' ? <StoryTextTools /> : null}
      {texting && snap.textEdit !== 'editing' ? <StoryLayerList /> : null}
      {texting && snap.textEdit === 'none' ? (
        <p className="story-tools__hint">Tap the picture, or Aa, to write on it.</p>
      ) : null}
      {texting && saved ? (
        <p id={MOVE_HINT_ID} className="story-tools__hint">
          Move text: drag it, or focus the picture and use the arrow keys.
          <span className="story-tools__hint--wide">
            {' '}
            Pinch, scroll or press + and − to resize it, [ and ] to turn it; tap it or press Enter
            to edit, Escape to put it down.
          </span>
          <span className="story-tools__hint--narrow"> Pinch to resize and turn it.</span>
        </p>
      ) : null}
      {busy ? (
        <div className="story-tools__progress">
          <ProgressBar value={snap.upload.progress * 100} label="Uploading story" />
          <p className="story-tools__status" aria-live="polite">
            {snap.phase === 'finalizing' ? 'Sharing…' : 'Uploading…'}
          </p>
        </div>
      ) : null}
      <button
        type="button"
        className="btn btn--primary story-tools__share"
        disabled={!canShare || !composing || snap.textEdit === 'editing'}
        onClick={onShare}
      >
        Share to story
      </button>
    </aside>
  );
}
