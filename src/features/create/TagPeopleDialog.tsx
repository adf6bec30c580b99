import { useEffect, useMemo } from 'react';
import { useSnapshot } from 'valtio';
import { photoCreation } from '../../state/create';
import { addUserTag, removeUserTag } from '../../state/createUserTags';
import { Modal } from '../../ui/Modal';
import { TagPeopleEditor } from './TagPeopleEditor';
import './TagPeopleField.css';

/** The staged JPEG of the post's first photo, as an object URL (null while it is exported). */
function useCoverUrl(): string | null {
  const { photos, stagedImage } = useSnapshot(photoCreation);
  const blob = (photos.length > 1 ? photos[0].stagedImage.blob : null) ?? stagedImage.blob;
  const url = useMemo(() => (blob ? URL.createObjectURL(blob) : null), [blob]);
  useEffect(
    () => () => {
      if (url) URL.revokeObjectURL(url);
    },
    [url],
  );
  return url;
}

/** The create flow's Tag people dialog, over the details step. Loaded the first time it opens. */
export default function TagPeopleDialog({ onClose }: { onClose: () => void }) {
  const { userTags } = useSnapshot(photoCreation);
  const url = useCoverUrl();
  return (
    <Modal title="Tag people" onClose={onClose} width={480} className="tag-people">
      <div className="tag-people__dialog">
        <TagPeopleEditor src={url} tags={userTags} onTag={addUserTag} onUntag={removeUserTag} />
        <button type="button" className="btn btn--primary tag-people__done" onClick={onClose}>
          Done
        </button>
      </div>
    </Modal>
  );
}
