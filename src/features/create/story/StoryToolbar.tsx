import { useSnapshot } from 'valtio';
import { storyDraft } from '../../../state/storyDraft';
import { addOrEditText } from '../../../state/storyDraftActions';
import { CloseIcon } from '../../../ui/icons';

/** Over the top of the picture: Close on the left, Add text ("Aa") on the right. */
export function StoryToolbar({ onClose }: { onClose: () => void }) {
  const snap = useSnapshot(storyDraft);
  // While typing, the editor's Done is the only way out of the text.
  if (snap.textEdit === 'editing') return null;
  const canAddText = snap.phase === 'composing';
  return (
    <div className="story-toolbar">
      <button type="button" className="story-toolbar__button" aria-label="Close" onClick={onClose}>
        <CloseIcon size={26} />
      </button>
      {canAddText ? (
        <button
          type="button"
          className="story-toolbar__button story-toolbar__button--text"
          aria-label={snap.textEdit === 'saved' ? 'Edit text' : 'Add text'}
          onClick={addOrEditText}
        >
          <span aria-hidden="true">Aa</span>
        </button>
      ) : null}
    </div>
  );
}
