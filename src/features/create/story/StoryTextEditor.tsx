import { useEffect, useRef } from 'react';
import { useSnapshot } from 'valtio';
import { selectedText, storyDraft } from '../../../state/storyDraft';
import { doneEditingText, editText } from '../../../state/storyDraftActions';
import { storyTextCss } from '../../../canvas/composer/textStyle';

/**
 * The text editor over the picture (spec §4 "Text edit: editing, then saved"). It shows the text
 * in its style, colour, alignment, background and size while typing; Done (or Escape) saves, and
 * saving empty text removes the layer.
 */
export function StoryTextEditor({ frameWidth }: { frameWidth: number }) {
  const snap = useSnapshot(storyDraft);
  const area = useRef<HTMLTextAreaElement>(null);
  const layer = selectedText(snap);
  const css = layer ? storyTextCss({ ...layer, rawText: snap.editingText }, frameWidth) : {};

  useEffect(() => {
    const el = area.current;
    if (!el) return;
    const before = document.activeElement as HTMLElement | null;
    el.focus();
    el.setSelectionRange(el.value.length, el.value.length);
    return () => {
      // Focus goes back where it was (Edit text), or to the picture, where the keys move the
      // text just written (the toolbar's Add text is hidden while typing).
      const back =
        before?.isConnected && before !== document.body
          ? before
          : document.querySelector<HTMLElement>('.story-composer__surface');
      back?.focus();
    };
  }, []);

  useEffect(() => {
    // Grows with its content so long text is never scrolled out of sight (where the browser
    // cannot size the field to its content itself).
    const el = area.current;
    if (!el || CSS.supports?.('field-sizing', 'content')) return;
    el.style.height = 'auto';
    el.style.height = `${el.scrollHeight}px`;
  }, [snap.editingText, css.fontSize, css.fontFamily]);

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
        style={css}
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
