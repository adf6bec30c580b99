import { useRef, useState, type DragEvent } from 'react';
import { useSnapshot } from 'valtio';
import { photoCreation } from '../../state/create';
import { useNavigate } from '../../lib/router';
import { droppedImages, NEW_POST_ACCEPT, startNewPost } from '../../media/newPost';
import { CreateHeader } from './CreateHeader';
import { PhotosIcon } from './createIcons';
import './CreatePage.css';
import './ChoosePhoto.css';

/**
 * The start of the flow when no photo is chosen yet (the route was opened directly, or after a
 * reload, which cannot keep the photo): pick files or drop them (up to 10 make a carousel).
 */
export function ChoosePhoto() {
  const navigate = useNavigate();
  const inputRef = useRef<HTMLInputElement>(null);
  const [dragging, setDragging] = useState(false);
  const { pickError } = useSnapshot(photoCreation);

  function choose(files: File[]) {
    if (files.length > 0) startNewPost(files, navigate);
  }

  function onDrop(event: DragEvent) {
    event.preventDefault();
    setDragging(false);
    choose(droppedImages(event.dataTransfer));
  }

  return (
    <section className="create-card create-card--choose" aria-labelledby="create-choose-title">
      <CreateHeader title="Create new post" backLabel="Cancel" onBack={() => navigate('/')} />
      <div
        className={dragging ? 'create-choose create-choose--over' : 'create-choose'}
        onDragOver={(event) => {
          event.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
      >
        <PhotosIcon size={72} className="create-choose__icon" />
        <h2 id="create-choose-title" className="create-choose__title">
          Drag photos here
        </h2>
        <p className="create-choose__hint">
          JPEG, PNG, WebP, HEIC, AVIF or GIF (its first frame), straight from your camera roll.
        </p>
        {/* Announced once by its toast; shown here until the next pick, for anyone who missed it. */}
        {pickError ? <p className="create-choose__error">{pickError}</p> : null}
        <button
          type="button"
          className="btn btn--primary btn--md"
          onClick={() => inputRef.current?.click()}
        >
          Choose a photo
        </button>
        <input
          ref={inputRef}
          type="file"
          accept={NEW_POST_ACCEPT}
          multiple
          hidden
          tabIndex={-1}
          onChange={(event) => {
            choose(Array.from(event.currentTarget.files ?? []));
            event.currentTarget.value = '';
          }}
        />
      </div>
    </section>
  );
}
