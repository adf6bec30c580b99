import { lazy, Suspense, useCallback, useEffect, useState, type ComponentType } from 'react';
import { useSnapshot } from 'valtio';
import { photoCreation } from '../../state/create';
import { showToast } from '../../state/toast';
import { ChevronRightIcon } from '../../ui/icons';
import { PersonTagIcon } from './createIcons';
import './TagPeopleField.css';

type DialogProps = { onClose: () => void };

const loadDialog = () => import('./TagPeopleDialog');

/** The dialog's code, loaded at the first open (or a hover or focus of the row before it). */
function lazyDialog(): ComponentType<DialogProps> {
  return lazy((): Promise<{ default: ComponentType<DialogProps> }> =>
    loadDialog().catch(() => ({ default: DialogLoadFailed })),
  );
}
let TagPeopleDialog = lazyDialog();

/** Offline or after a deploy: says so, closes, and the next open tries the download again. */
function DialogLoadFailed({ onClose }: DialogProps) {
  useEffect(() => {
    TagPeopleDialog = lazyDialog();
    showToast({ text: "Couldn't load this. Check your connection and try again." });
    onClose();
  }, [onClose]);
  return null;
}

/** Who is tagged, as the row reads it: "ava", "ava and ben", "ava and 2 others". */
function taggedSummary(names: readonly string[]): string {
  if (names.length === 0) return '';
  if (names.length === 1) return names[0];
  if (names.length === 2) return `${names[0]} and ${names[1]}`;
  return `${names[0]} and ${names.length - 1} others`;
}

/**
 * "Tag people" on the details step: a row that opens the tagging dialog, and says who is tagged.
 * A carousel's tags go on its first photo, which the dialog shows.
 */
export function TagPeopleField() {
  const { userTags } = useSnapshot(photoCreation);
  const [open, setOpen] = useState(false);
  const close = useCallback(() => setOpen(false), []);
  const summary = taggedSummary(userTags.map((t) => t.username));
  return (
    <div className="create-section">
      <button
        type="button"
        className="create-section__toggle tag-people__row"
        aria-haspopup="dialog"
        onClick={() => setOpen(true)}
        onPointerEnter={() => void loadDialog().catch(() => undefined)}
        onFocus={() => void loadDialog().catch(() => undefined)}
      >
        <span className="tag-people__row-label">
          <PersonTagIcon size={20} />
          Tag people
        </span>
        {summary ? (
          <span className="tag-people__summary">
            <span className="visually-hidden">: </span>
            {summary}
          </span>
        ) : null}
        <ChevronRightIcon size={18} className="create-section__chevron" aria-hidden="true" />
      </button>
      {open ? (
        <Suspense fallback={null}>
          <TagPeopleDialog onClose={close} />
        </Suspense>
      ) : null}
    </div>
  );
}
