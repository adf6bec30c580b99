import { useSnapshot } from 'valtio';
import { STORY_MAX_TEXTS, canUndo, storyDraft } from '../../../state/storyDraft';
import { addNewText, pickTool, undoLast } from '../../../state/storyDraftActions';
import { CloseIcon } from '../../../ui/icons';
import { PenIcon, UndoIcon } from './storyIcons';

/** Over the top of the picture: Close on the left; Undo, Draw and Add text ("Aa") on the right. */
export function StoryToolbar({ onClose }: { onClose: () => void }) {
  const snap = useSnapshot(storyDraft);
  // While typing, the editor's Done is the only way out of the text.
  if (snap.textEdit === 'editing') return null;
  const composing = snap.phase === 'composing';
  const drawing = snap.tool === 'pen';
  return (
    <div className="story-toolbar">
      <button type="button" className="story-toolbar__button" aria-label="Close" onClick={onClose}>
        <CloseIcon size={26} />
      </button>
      {composing ? (
        <div className="story-toolbar__tools">
          <button
            type="button"
            className="story-toolbar__button"
            aria-label="Undo"
            disabled={!canUndo(snap)}
            onClick={undoLast}
          >
            <UndoIcon size={24} />
          </button>
          <button
            type="button"
            className="story-toolbar__button"
            aria-label="Draw"
            aria-pressed={drawing}
            onClick={() => pickTool(drawing ? 'text' : 'pen')}
          >
            <PenIcon size={24} />
          </button>
          <button
            type="button"
            className="story-toolbar__button story-toolbar__button--text"
            aria-label="Add text"
            disabled={snap.texts.length >= STORY_MAX_TEXTS}
            onClick={addNewText}
          >
            <span aria-hidden="true">Aa</span>
          </button>
        </div>
      ) : null}
    </div>
  );
}
