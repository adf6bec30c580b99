import { useId, useState } from 'react';
import { useSnapshot } from 'valtio';
import { setAccessibilityCaption, setPhotoAccessibilityCaption } from '../../state/createActions';
import { ACCESSIBILITY_CAPTION_MAX_LENGTH, photoCreation } from '../../state/create';
import { ChevronRightIcon } from '../../ui/icons';
import { usePhotoUrl } from './usePhotoUrl';
import './AltTextField.css';

export const ALT_TEXT_LABEL = 'Alt text';
export const ALT_TEXT_HINT =
  'Alt text describes your photo for people who use screen readers. Without it, a description ' +
  "is made from your post's details: who shared it, when, where and who is in it.";

/** A carousel photo beside its alt text (decorative: the field's label names the photo). */
function PhotoThumb({ file, preview }: { file: File; preview?: ImageBitmap | null }) {
  const url = usePhotoUrl(file, preview);
  if (!url) return <span className="alt-text__thumb" />;
  return <img className="alt-text__thumb" src={url} alt="" width={56} height={56} />;
}

interface AltTextInputProps {
  value: string;
  onChange(value: string): void;
  /** Names the photo when a post has several ("Alt text for photo 2"). */
  label?: string;
}

/** One photo's alt text: a labelled box with its character count (at most 100). */
export function AltTextInput({ value, onChange, label = ALT_TEXT_LABEL }: AltTextInputProps) {
  const id = useId();
  const countId = useId();
  return (
    <div className="alt-text">
      <label htmlFor={id} className="alt-text__label">
        {label}
      </label>
      <textarea
        id={id}
        className="text-box alt-text__input"
        placeholder="Write alt text…"
        rows={2}
        value={value}
        maxLength={ACCESSIBILITY_CAPTION_MAX_LENGTH}
        aria-describedby={countId}
        onChange={(event) => onChange(event.currentTarget.value)}
      />
      <div id={countId} className="alt-text__count">
        <span className="visually-hidden">Characters used: </span>
        {value.length}/{ACCESSIBILITY_CAPTION_MAX_LENGTH}
      </div>
    </div>
  );
}

/**
 * The details step's "Accessibility" section, folded like a photo app's advanced settings: it
 * opens on the alt text of the photo being shared.
 */
export function AccessibilitySection() {
  const { accessibilityCaption, photos, activePhoto } = useSnapshot(photoCreation, {
    sync: true,
  });
  const [open, setOpen] = useState(accessibilityCaption !== '');
  const panelId = useId();
  return (
    <div className="create-section">
      <h2 className="create-section__heading">
        <button
          type="button"
          className="create-section__toggle"
          aria-expanded={open}
          aria-controls={panelId}
          onClick={() => setOpen(!open)}
        >
          Accessibility
          <ChevronRightIcon size={18} className="create-section__chevron" aria-hidden="true" />
        </button>
      </h2>
      <div id={panelId} className="create-section__body" hidden={!open}>
        <p className="create-section__hint">{ALT_TEXT_HINT}</p>
        {photos.length > 1 ? (
          photos.map((photo, i) => (
            <div key={photo.key} className="alt-text__photo">
              <PhotoThumb file={photo.file} preview={photo.sourceImage?.previewBitmap} />
              <AltTextInput
                label={`Alt text for photo ${i + 1}`}
                value={i === activePhoto ? accessibilityCaption : photo.accessibilityCaption}
                onChange={(text) => setPhotoAccessibilityCaption(i, text)}
              />
            </div>
          ))
        ) : (
          <AltTextInput value={accessibilityCaption} onChange={setAccessibilityCaption} />
        )}
      </div>
    </div>
  );
}
