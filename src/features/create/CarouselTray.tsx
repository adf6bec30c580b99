import {
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
  type DragEvent,
  type KeyboardEvent,
} from 'react';
import { useSnapshot } from 'valtio';
import { useNavigate } from '../../lib/router';
import { droppedImages, NEW_POST_ACCEPT } from '../../media/newPost';
import { addPhotos, movePhoto, removePhoto, selectPhoto } from '../../state/createActions';
import {
  CAROUSEL_MAX_PHOTOS,
  photoCreation,
  type CropAspect,
  type SessionPhoto,
} from '../../state/create';
import { CloseIcon, NewPostIcon } from '../../ui/icons';
import { drawPreviewCrop, previewCropOf } from './previewImage';
import { usePhotoUrl } from './usePhotoUrl';
import './CarouselTray.css';

/** Thumbnails are drawn at this many pixels on their long side (56 CSS px at up to 2×). */
const THUMB_PIXELS = 112;

type ThumbPhoto = Pick<SessionPhoto, 'file' | 'sourceImage' | 'croppedImage' | 'straighten'>;

/**
 * A photo of the tray as it will be posted: its crop, quarter turns and straighten drawn from the
 * preview bitmap; the file itself until that has been read.
 */
function Thumb({ photo, aspect }: { photo: ThumbPhoto; aspect: CropAspect }) {
  const canvas = useRef<HTMLCanvasElement>(null);
  // Only until the photo is read: from then on the canvas shows it, so no small JPEG is made
  // from the preview (a HEIC's) just to go unshown.
  const url = usePhotoUrl(photo.file, null);
  const { rotationAngle, scaleFactor, offsetLeft, offsetTop } = photo.croppedImage;
  const { straighten, sourceImage } = photo;
  useEffect(() => {
    if (!canvas.current || !sourceImage) return;
    const crop = previewCropOf(
      { sourceImage, croppedImage: { rotationAngle, scaleFactor, offsetLeft, offsetTop } },
      aspect,
    );
    if (crop) drawPreviewCrop(canvas.current, crop, THUMB_PIXELS, straighten);
  }, [sourceImage, aspect, rotationAngle, scaleFactor, offsetLeft, offsetTop, straighten]);
  if (sourceImage) return <canvas ref={canvas} className="carousel-thumb__img" />;
  if (!url) return <span className="carousel-thumb__img" />;
  return <img className="carousel-thumb__img" src={url} alt="" draggable={false} />;
}

/**
 * The post's photos under the crop and filter steps (issue 19): choose which one to edit, drag
 * one to another place or move it with Alt + arrow keys, remove one, add more (the picker or a
 * drop) up to CAROUSEL_MAX_PHOTOS.
 */
export function CarouselTray() {
  const session = useSnapshot(photoCreation);
  const { photos, activePhoto, aspect } = session;
  // The photo being edited lives in the session's own fields until another is chosen.
  const editedPhoto = (file: File): ThumbPhoto => ({
    file,
    sourceImage: session.sourceImage,
    croppedImage: session.croppedImage,
    straighten: session.straighten,
  });
  const navigate = useNavigate();
  const [announcement, setAnnouncement] = useState('');
  const [dropTarget, setDropTarget] = useState<number | null>(null);
  const dragFrom = useRef<number | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const list = useRef<HTMLOListElement>(null);
  const focusKey = useRef<string | null>(null);
  const count = photos.length;

  // A moved photo keeps the keyboard focus at its new place.
  useLayoutEffect(() => {
    if (!focusKey.current) return;
    list.current?.querySelector<HTMLElement>(`[data-photo="${focusKey.current}"]`)?.focus();
    focusKey.current = null;
  });

  function move(from: number, to: number) {
    if (to < 0 || to >= count || from === to) return;
    focusKey.current = photos[from].key;
    movePhoto(from, to);
    setAnnouncement(`Photo moved to position ${to + 1} of ${count}.`);
  }

  /** Removes a photo; the focus goes to the photo that takes its place (or the one before). */
  function remove(index: number) {
    focusKey.current = (photos[index + 1] ?? photos[index - 1])?.key ?? null;
    removePhoto(index);
    const left = count - 1;
    setAnnouncement(`Photo ${index + 1} removed. ${left} ${left === 1 ? 'photo' : 'photos'} left.`);
  }

  function onKeyDown(event: KeyboardEvent, index: number) {
    if (!event.altKey) return;
    if (event.key === 'ArrowLeft' || event.key === 'ArrowUp') {
      event.preventDefault();
      move(index, index - 1);
    } else if (event.key === 'ArrowRight' || event.key === 'ArrowDown') {
      event.preventDefault();
      move(index, index + 1);
    }
  }

  function onDrop(event: DragEvent, index: number | null) {
    event.preventDefault();
    setDropTarget(null);
    const from = dragFrom.current;
    dragFrom.current = null;
    if (from !== null) {
      move(from, index ?? count - 1);
      return;
    }
    const files = droppedImages(event.dataTransfer);
    if (files.length > 0) addPhotos(files);
  }

  return (
    <div
      className="carousel-tray"
      onDragOver={(event) => event.preventDefault()}
      onDrop={(event) => onDrop(event, null)}
    >
      <ol ref={list} className="carousel-tray__list" aria-label="Photos in this post">
        {photos.map((photo, i) => (
          <li
            key={photo.key}
            className={
              dropTarget === i
                ? 'carousel-tray__item carousel-tray__item--over'
                : 'carousel-tray__item'
            }
            draggable={count > 1}
            onDragStart={(event) => {
              dragFrom.current = i;
              event.dataTransfer.effectAllowed = 'move';
              event.dataTransfer.setData('text/plain', photo.key);
            }}
            onDragEnter={() => setDropTarget(i)}
            onDragEnd={() => {
              dragFrom.current = null;
              setDropTarget(null);
            }}
            onDrop={(event) => {
              event.stopPropagation();
              onDrop(event, i);
            }}
          >
            <button
              type="button"
              className="carousel-thumb"
              data-photo={photo.key}
              aria-label={`Photo ${i + 1} of ${count}`}
              aria-pressed={i === activePhoto}
              aria-keyshortcuts={count > 1 ? 'Alt+ArrowLeft Alt+ArrowRight' : undefined}
              aria-busy={photo.sourceImage ? undefined : true}
              onClick={() => selectPhoto(i, navigate)}
              onKeyDown={(event) => onKeyDown(event, i)}
            >
              <Thumb photo={i === activePhoto ? editedPhoto(photo.file) : photo} aspect={aspect} />
            </button>
            {count > 1 ? (
              <button
                type="button"
                className="carousel-thumb__remove"
                aria-label={`Remove photo ${i + 1}`}
                onClick={() => remove(i)}
              >
                <CloseIcon size={14} />
              </button>
            ) : null}
          </li>
        ))}
      </ol>
      {count < CAROUSEL_MAX_PHOTOS ? (
        <button
          type="button"
          className="carousel-tray__add"
          aria-label="Add photos"
          onClick={() => fileInput.current?.click()}
        >
          <NewPostIcon size={22} />
        </button>
      ) : null}
      <input
        ref={fileInput}
        type="file"
        accept={NEW_POST_ACCEPT}
        multiple
        hidden
        tabIndex={-1}
        onChange={(event) => {
          const files = Array.from(event.currentTarget.files ?? []);
          event.currentTarget.value = '';
          if (files.length > 0) addPhotos(files);
        }}
      />
      {count > 1 ? (
        <p className="carousel-tray__hint">Drag to reorder, or Alt + arrow keys.</p>
      ) : null}
      <p className="visually-hidden" aria-live="polite">
        {announcement}
      </p>
    </div>
  );
}
