import { useEffect, useId, useLayoutEffect, useRef, useState, type KeyboardEvent } from 'react';
import { useSnapshot } from 'valtio';
import { setCaption } from '../../state/createActions';
import { CAPTION_MAX_LENGTH, photoCreation } from '../../state/create';
import { SearchResultRow } from '../search/SearchResultRow';
import { captionToken, replaceToken } from './captionToken';
import {
  suggestionName,
  useCaptionSuggestions,
  type CaptionSuggestion,
} from './useCaptionSuggestions';
import './CaptionField.css';

export const CAPTION_LABEL = 'Write a caption…';

/**
 * Caption with @mentions and #hashtags (linked once posted), capped at 2,200 characters. While
 * a mention or hashtag is typed, matching people or tags are offered under the box: the arrow
 * keys move through them, Enter or Tab takes one, Escape hides them (the box stays a textbox and
 * points at the list and its active option).
 */
export function CaptionField() {
  // sync: valtio's batched snapshots would move the caret to the end while typing.
  const { caption } = useSnapshot(photoCreation, { sync: true });
  const id = useId();
  const countId = useId();
  const listId = useId();
  const box = useRef<HTMLTextAreaElement>(null);
  const [caret, setCaret] = useState<number | null>(null);
  const [active, setActive] = useState(0);
  const [dismissed, setDismissed] = useState<string | null>(null);
  const placeCaret = useRef<number | null>(null);

  const token = caret === null ? null : captionToken(caption, caret);
  const tokenKey = token ? `${token.start}:${token.trigger}${token.query}` : null;
  const suggestions = useCaptionSuggestions(token);
  const open = token !== null && suggestions.length > 0 && dismissed !== tokenKey;
  const activeIndex = Math.min(active, suggestions.length - 1);
  const optionId = (index: number) => `${listId}-${index}`;

  useLayoutEffect(() => {
    const at = placeCaret.current;
    if (at === null || !box.current) return;
    placeCaret.current = null;
    box.current.setSelectionRange(at, at);
  });

  // The list shows about five rows: keep the active one in view as the arrows move.
  useEffect(() => {
    if (!open) return;
    document.getElementById(optionId(activeIndex))?.scrollIntoView?.({ block: 'nearest' });
  });

  const readCaret = () => {
    const el = box.current;
    if (!el) return;
    setCaret(el.selectionStart === el.selectionEnd ? el.selectionStart : null);
    setActive(0);
  };

  const choose = (suggestion: CaptionSuggestion) => {
    if (!token) return;
    const next = replaceToken(caption, token, suggestionName(suggestion));
    if (next.text.length > CAPTION_MAX_LENGTH) return;
    setCaption(next.text);
    placeCaret.current = next.caret;
    setCaret(next.caret);
    box.current?.focus();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (!open) return;
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive((activeIndex + step + suggestions.length) % suggestions.length);
    } else if ((event.key === 'Enter' || event.key === 'Tab') && !event.shiftKey) {
      event.preventDefault();
      choose(suggestions[activeIndex]);
    } else if (event.key === 'Escape') {
      event.preventDefault();
      setDismissed(tokenKey);
    }
  };

  return (
    <div className="caption-field">
      <label htmlFor={id} className="visually-hidden">
        {CAPTION_LABEL}
      </label>
      <textarea
        ref={box}
        id={id}
        className="caption-field__input"
        placeholder={CAPTION_LABEL}
        value={caption}
        maxLength={CAPTION_MAX_LENGTH}
        rows={6}
        aria-autocomplete="list"
        aria-controls={open ? listId : undefined}
        aria-activedescendant={open ? optionId(activeIndex) : undefined}
        aria-describedby={countId}
        onChange={(event) => {
          setCaption(event.currentTarget.value);
          readCaret();
        }}
        onSelect={readCaret}
        onKeyDown={onKeyDown}
        onBlur={() => setCaret(null)}
      />
      {open ? (
        <ul
          id={listId}
          className="caption-suggestions"
          role="listbox"
          aria-label={token.trigger === '@' ? 'People' : 'Hashtags'}
        >
          {suggestions.map((suggestion, index) => (
            <li
              key={suggestion.key}
              id={optionId(index)}
              role="option"
              aria-selected={index === activeIndex}
              className={
                index === activeIndex
                  ? 'caption-suggestion caption-suggestion--active'
                  : 'caption-suggestion'
              }
              // Keeps the focus (and the caret) in the box while a click chooses.
              onMouseDown={(event) => event.preventDefault()}
              onMouseEnter={() => setActive(index)}
              onClick={() => choose(suggestion)}
            >
              <SearchResultRow item={suggestion} />
            </li>
          ))}
        </ul>
      ) : null}
      <div id={countId} className="caption-field__count">
        {caption.length.toLocaleString('en-US')}/{CAPTION_MAX_LENGTH.toLocaleString('en-US')}
      </div>
    </div>
  );
}
