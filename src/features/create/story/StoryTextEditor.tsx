import { useEffect, useRef } from 'react';
import { useSnapshot } from 'valtio';
import { fontPixels, storyDraft, storyTextColorValue } from '../../../state/storyDraft';
import { doneEditingText, editText } from '../../../state/storyDraftActions';
import { STORY_FONT_FAMILY, shadowColor } from '../../../canvas/composer/textStyle';

/**
 * The text editor over the picture (spec §4 "Text edit: editing, then saved"). It shows the text
 * in its colour and size while typing; Done (or Escape) saves, and saving empty text resets it.
 */
export function StoryTextEditor({ frameWidth }: { frameWidth: number }) {
  const snap = useSnapshot(storyDraft);
  const area = useRef<HTMLTextAreaElement>(null);
  const { color, fontSize, weight } = snap.activeText;
  const size = fontPixels(fontSize, frameWidth);

  useEffect(() => {
    const el = area.current;
    if (!el) return;
    el.focus();
    el.setSelectionRange(el.value.length, el.value.length);
  }, []);

  useEffect(() => {
    // Grows with its content so long text is never scrolled out of sight.
    const el = area.current;
    if (!el) return;
    el.style.height = 'auto';
    el.style.height = `${el.scrollHeight}px`;
  }, [snap.editingText, size]);

  return (
    <div className="story-text-editor">
      <button type="button" className="story-text-editor__done" onClick={doneEditingText}>
        Done
      </button>
      <label className="visually-hidden" htmlFor="story-text">
        Story text
      </label>
      <textarea
        id="story-text"
        ref={area}
        className="story-text-editor__input"
        rows={1}
        value={snap.editingText}
        placeholder="Type something…"
        spellCheck
        style={{
          color: storyTextColorValue(color),
          fontFamily: STORY_FONT_FAMILY,
          fontSize: `${size}px`,
          fontWeight: weight === 'bold' ? 700 : 400,
          textShadow: `0 ${Math.max(1, size * 0.04)}px ${Math.max(2, size * 0.12)}px ${shadowColor(color)}73`,
        }}
        onChange={(event) => editText(event.currentTarget.value)}
        onKeyDown={(event) => {
          if (event.key === 'Escape') {
            event.preventDefault();
            event.stopPropagation();
            doneEditingText();
          }
        }}
      />
    </div>
  );
}
