import { useSnapshot } from 'valtio';
import { storyDraft } from '../../../state/storyDraft';
import { chooseText } from '../../../state/storyDraftActions';

/** The texts on the picture as buttons: the keyboard's way to pick one to move or edit. */
export function StoryLayerList() {
  const snap = useSnapshot(storyDraft);
  const texts = snap.texts.filter((t) => t.rawText !== '');
  if (texts.length === 0) return null;
  return (
    <div className="story-layers" role="group" aria-label="Texts on the picture">
      {texts.map((t) => (
        <button
          key={t.id}
          type="button"
          className="story-tools__chip story-layers__item"
          aria-pressed={snap.selectedId === t.id}
          onClick={() => chooseText(t.id)}
        >
          <span className="visually-hidden">Select text: </span>
          {t.rawText.length > 24 ? `${t.rawText.slice(0, 23)}…` : t.rawText}
        </button>
      ))}
    </div>
  );
}
