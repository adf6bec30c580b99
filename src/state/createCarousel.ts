/**
 * Carousel actions of the photo creation session (issue 19): up to CAROUSEL_MAX_PHOTOS photos,
 * each with its own crop, filter, strength and alt text under the post's one aspect. The photo
 * being edited lives in the session's top-level fields (see SessionPhoto); selecting another
 * saves it, starts its export + upload in the background once past the crop step, and loads the
 * other photo's edits.
 */
import { isAbortError } from '../api/client';
import { inspectPhoto, MediaError } from '../media/mediaClient';
import { showToast } from './toast';
import { neutralAdjustments } from '../../shaders/filter';
import {
  dropStagingJob,
  PROCESSING_FAILED_TOAST,
  stagePhoto,
  type Navigate,
} from './createStaging';
import {
  ACCESSIBILITY_CAPTION_MAX_LENGTH,
  CAROUSEL_MAX_PHOTOS,
  DEFAULT_FILTER,
  DEFAULT_STRENGTH,
  centredCrop,
  clampCrop,
  cropViewport,
  emptyStagedImage,
  keep,
  photoCreation as session,
  saveActivePhoto,
  sessionSignal,
  sourceSize,
  type SessionPhoto,
  type SourceImage,
} from './create';

export const TOO_MANY_PHOTOS_TOAST = `A post can have up to ${CAROUSEL_MAX_PHOTOS} photos.`;

let nextKey = 1;

/** A photo entry before it is read (sourceImage null). */
export function newSessionPhoto(file: File): SessionPhoto {
  return {
    key: `photo-${nextKey++}`,
    file: keep(file),
    sourceImage: null,
    croppedImage: { offsetLeft: 0, offsetTop: 0, scaleFactor: 1, rotationAngle: 0 },
    filterName: DEFAULT_FILTER,
    strength: DEFAULT_STRENGTH,
    adjustments: neutralAdjustments(),
    straighten: 0,
    accessibilityCaption: '',
    stagedImage: emptyStagedImage(),
  };
}

/** The upright preview and facts of a photo, as the crop step needs them. */
export async function readSource(file: File, signal: AbortSignal): Promise<SourceImage> {
  const photo = await inspectPhoto(file, signal);
  return {
    file: keep(file),
    width: photo.width,
    height: photo.height,
    orientation: photo.orientation,
    location: photo.gps,
    previewBitmap: keep(photo.preview),
  };
}

/** Reads the photos not read yet, one at a time; one that cannot be read is left out. */
export async function readPendingPhotos(): Promise<void> {
  const signal = sessionSignal();
  for (const photo of session.photos) {
    if (photo.sourceImage || signal.aborted) continue;
    try {
      const source = await readSource(photo.file, signal);
      if (signal.aborted) return;
      photo.sourceImage = source;
      const size = sourceSize(source);
      photo.croppedImage = centredCrop(size, cropViewport(session.aspect, size, 0), 0);
    } catch (error) {
      if (isAbortError(error) || signal.aborted) return;
      const index = session.photos.indexOf(photo);
      if (index >= 0) removePhoto(index);
      showToast({ text: error instanceof MediaError ? error.message : PROCESSING_FAILED_TOAST });
    }
  }
}

/** Adds photos after the last one (the picker's or a drop's), up to the carousel's limit. */
export function addPhotos(files: File[]): void {
  if (session.photos.length === 0) return;
  const room = CAROUSEL_MAX_PHOTOS - session.photos.length;
  if (files.length > room) showToast({ text: TOO_MANY_PHOTOS_TOAST });
  const added = files.slice(0, Math.max(0, room)).map(newSessionPhoto);
  if (added.length === 0) return;
  session.photos.push(...added);
  void readPendingPhotos();
}

/** Makes photo `index` the one being edited. False while that photo is still being read. */
export function selectPhoto(index: number, navigate: Navigate, stageLeaving = true): boolean {
  const next = session.photos[index];
  if (!next?.sourceImage) return false;
  if (index === session.activePhoto) return true;
  saveActivePhoto(session);
  const leaving = session.photos[session.activePhoto];
  // Past the crop step its edits are likely final: it exports and uploads while the member
  // edits the next one (a later change simply stages it again).
  if (leaving && stageLeaving && session.step !== 'crop') stagePhoto(leaving, navigate);
  session.activePhoto = index;
  const size = sourceSize(next.sourceImage);
  const viewport = cropViewport(session.aspect, size, next.croppedImage.rotationAngle);
  session.sourceImage = next.sourceImage;
  session.croppedImage = clampCrop(next.croppedImage, size, viewport);
  session.filterName = next.filterName;
  session.strength = next.strength;
  session.adjustments = { ...next.adjustments };
  session.straighten = next.straighten;
  session.accessibilityCaption = next.accessibilityCaption;
  session.stagedImage = next.stagedImage;
  return true;
}

/** Moves a photo to another place in the order (drag, or Alt+arrow keys). */
export function movePhoto(from: number, to: number): void {
  const count = session.photos.length;
  if (from === to || from < 0 || to < 0 || from >= count || to >= count) return;
  saveActivePhoto(session);
  const activeKey = session.photos[session.activePhoto]?.key;
  const [photo] = session.photos.splice(from, 1);
  session.photos.splice(to, 0, photo);
  session.activePhoto = Math.max(
    0,
    session.photos.findIndex((p) => p.key === activeKey),
  );
}

/** Leaves a photo out of the post; the last one stays (Back discards the whole post). */
export function removePhoto(index: number): void {
  if (session.photos.length <= 1 || !session.photos[index]) return;
  if (index === session.activePhoto) {
    const neighbour = index + 1 < session.photos.length ? index + 1 : index - 1;
    if (!selectPhoto(neighbour, () => undefined, false)) return;
  }
  const [removed] = session.photos.splice(index, 1);
  dropStagingJob(removed.key);
  if (session.activePhoto > index) session.activePhoto -= 1;
}

/** Alt text of any photo of the post (the details step lists every photo). */
export function setPhotoAccessibilityCaption(index: number, text: string): void {
  const value = text.slice(0, ACCESSIBILITY_CAPTION_MAX_LENGTH);
  if (index === session.activePhoto) session.accessibilityCaption = value;
  const photo = session.photos[index];
  if (photo) photo.accessibilityCaption = value;
}

/** One aspect for all: the other photos are framed again, centred, when it changes. */
export function reframeOtherPhotos(): void {
  session.photos.forEach((photo, i) => {
    if (i === session.activePhoto || !photo.sourceImage) return;
    const size = sourceSize(photo.sourceImage);
    const { rotationAngle, scaleFactor } = photo.croppedImage;
    const viewport = cropViewport(session.aspect, size, rotationAngle);
    photo.croppedImage = centredCrop(size, viewport, rotationAngle, scaleFactor);
  });
}
