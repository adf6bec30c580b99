import { useId } from 'react';
import { useSnapshot } from 'valtio';
import { setCaption } from '../../state/createActions';
import { CAPTION_MAX_LENGTH, photoCreation } from '../../state/create';

export const CAPTION_LABEL = 'Write a caption…';

/** Caption with @mentions and #hashtags (linked once posted), capped at 2,200 characters. */
export function CaptionField() {
  // sync: valtio's batched snapshots would move the caret to the end while typing.
  const { caption } = useSnapshot(photoCreation, { sync: true });
  const id = useId();
  const countId = useId();
  return (
    <div className="caption-field">
      <label htmlFor={id} className="visually-hidden">
        {CAPTION_LABEL}
      </label>
      <textarea
        id={id}
        className="caption-field__input"
        placeholder={CAPTION_LABEL}
        value={caption}
        maxLength={CAPTION_MAX_LENGTH}
        rows={6}
        aria-describedby={countId}
        onChange={(event) => setCaption(event.currentTarget.value)}
      />
      <div id={countId} className="caption-field__count">
        {caption.length.toLocaleString('en-US')}/{CAPTION_MAX_LENGTH.toLocaleString('en-US')}
      </div>
    </div>
  );
}
