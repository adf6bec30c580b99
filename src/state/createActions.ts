/**
 * Actions of the photo creation session (content spec §4 "Photo creation"): start session →
 * choose file → crop → pick filter → caption and location → share. Components call these and
 * never write to the store. Staging (export + tus upload) runs in the background; share waits
 * for it, then configures the post.
 */
import { locationSearch, type Venue } from '../api/media';
import { isAbortError, serverMessage } from '../api/client';
import { MediaError } from '../media/mediaClient';
import {
  newSessionPhoto,
  readPendingPhotos,
  readSource,
  reframeOtherPhotos,
  TOO_MANY_PHOTOS_TOAST,
} from './createCarousel';
import { showToast } from './toast';
import { PROCESSING_FAILED_TOAST } from './createStaging';
import { FILTER_NAMES, type FilterName } from '../../shaders/filter';
import { assertRightAngle } from '../../workers/geometry';
import {
  ACCESSIBILITY_CAPTION_MAX_LENGTH,
  CAPTION_MAX_LENGTH,
  CAROUSEL_MAX_PHOTOS,
  centredCrop,
  clampCrop,
  cropViewport,
  photoCreation as session,
  reframeCrop,
  resetSession,
  sessionSignal,
  sourceSize,
  zoomCrop,
  type CreationStep,
  type CropAspect,
  type CropState,
} from './create';

/**
 * Start session + choose file: reads the (first) photo and opens the crop step. Several files
 * make a carousel (up to CAROUSEL_MAX_PHOTOS): the others are read in the background.
 */
export async function startSession(input: File | readonly File[]): Promise<boolean> {
  const files = (Array.isArray(input) ? input : [input]) as File[];
  resetSession();
  const signal = sessionSignal();
  const sessionId = `${Date.now()}-${Math.random().toString(36).slice(2, 10)}`;
  session.sessionId = sessionId;
  session.rankToken = sessionId;
  session.isInspecting = true;
  // Said as the crop step opens: the toast lives through that navigation.
  if (files.length > CAROUSEL_MAX_PHOTOS) {
    showToast({ text: TOO_MANY_PHOTOS_TOAST, persistOnNavigate: true });
  }
  const photos = files.slice(0, CAROUSEL_MAX_PHOTOS).map(newSessionPhoto);
  try {
    const source = await readSource(files[0], signal);
    if (signal.aborted) return false;
    const size = sourceSize(source);
    photos[0].sourceImage = source;
    photos[0].croppedImage = centredCrop(size, cropViewport('square', size, 0), 0);
    session.photos = photos;
    session.activePhoto = 0;
    session.sourceImage = source;
    session.croppedImage = { ...photos[0].croppedImage };
    // The same object in both places: the photo's upload reports into its own entry.
    session.stagedImage = session.photos[0].stagedImage;
    session.step = 'crop';
    session.isInspecting = false;
    if (photos.length > 1) void readPendingPhotos();
    return true;
  } catch (error) {
    if (isAbortError(error) || signal.aborted) return false;
    // Spec §8 "Selected image processing failure": a toast, and back to choosing a photo.
    resetSession();
    const text = error instanceof MediaError ? error.message : PROCESSING_FAILED_TOAST;
    // The toast goes after 5 s; the chooser keeps saying it until another photo is picked.
    session.pickError = text;
    showToast({ text, persistOnNavigate: true });
    return false;
  }
}

export function enterStep(step: CreationStep): void {
  session.step = step;
}

// ── Crop ───────────────────────────────────────────────────────────────────────────────────

function cropContext() {
  const source = session.sourceImage;
  if (!source) return null;
  const size = sourceSize(source);
  return {
    size,
    viewport: cropViewport(session.aspect, size, session.croppedImage.rotationAngle),
  };
}

export function setCrop(crop: Partial<CropState>): void {
  const context = cropContext();
  if (!context) return;
  const next = { ...session.croppedImage, ...crop };
  assertRightAngle(next.rotationAngle);
  session.croppedImage = clampCrop(next, context.size, context.viewport);
}

/** Pans by a distance in crop viewport units. */
export function panCrop(dx: number, dy: number): void {
  const { offsetLeft, offsetTop } = session.croppedImage;
  setCrop({ offsetLeft: offsetLeft + dx, offsetTop: offsetTop + dy });
}

export function zoomTo(scaleFactor: number): void {
  const context = cropContext();
  if (!context) return;
  session.croppedImage = zoomCrop(
    session.croppedImage,
    scaleFactor,
    context.size,
    context.viewport,
  );
}

/** Quarter turns only (spec §5); the zoom and the point at the frame's centre are kept. */
export function rotate(degrees: 90 | -90 = 90): void {
  if (degrees !== 90 && degrees !== -90) throw new MediaError('invalid_rotation');
  const context = cropContext();
  if (!context) return;
  const angle = assertRightAngle(session.croppedImage.rotationAngle + degrees);
  session.croppedImage = reframeCrop(session.croppedImage, context.size, context.viewport, {
    rotationAngle: angle,
    viewport: cropViewport(session.aspect, context.size, angle),
  });
}

/** One aspect for every photo; the zoom and the point at the frame's centre are kept. */
export function setAspect(aspect: CropAspect): void {
  const context = cropContext();
  if (!context || session.aspect === aspect) return;
  session.aspect = aspect;
  const { rotationAngle } = session.croppedImage;
  session.croppedImage = reframeCrop(session.croppedImage, context.size, context.viewport, {
    rotationAngle,
    viewport: cropViewport(aspect, context.size, rotationAngle),
  });
  reframeOtherPhotos();
}

// ── Style ──────────────────────────────────────────────────────────────────────────────────

export function selectFilter(name: FilterName): void {
  if (!(FILTER_NAMES as readonly string[]).includes(name)) return;
  // A different look starts at full strength, like the filter strip of photo apps.
  if (session.filterName !== name) session.strength = 1;
  session.filterName = name;
}

/** 0..1 */
export function setStrength(strength: number): void {
  if (!Number.isFinite(strength)) return;
  session.strength = Math.min(1, Math.max(0, strength));
}

// ── Details ────────────────────────────────────────────────────────────────────────────────

export function setCaption(caption: string): void {
  session.caption = caption.slice(0, CAPTION_MAX_LENGTH);
}

export function setAccessibilityCaption(text: string): void {
  session.accessibilityCaption = text.slice(0, ACCESSIBILITY_CAPTION_MAX_LENGTH);
  const photo = session.photos[session.activePhoto];
  if (photo) photo.accessibilityCaption = session.accessibilityCaption;
}

export function setGeoTag(venue: Venue | null): void {
  session.geoTag = venue ? { ...venue } : null;
}

/** Suggested geotags from the photo's own GPS (once per session). */
export async function loadSuggestedGeoTags(): Promise<void> {
  const gps = session.sourceImage?.location;
  if (!gps || session.suggestedGeoTags.status !== 'idle') return;
  await suggestNear(gps.latitude, gps.longitude);
}

async function suggestNear(latitude: number, longitude: number): Promise<void> {
  const signal = sessionSignal();
  session.suggestedGeoTags = { status: 'loading' };
  try {
    const venues = await locationSearch(
      { latitude, longitude, rankToken: session.rankToken },
      signal,
    );
    if (!signal.aborted) session.suggestedGeoTags = { status: 'ready', data: venues };
  } catch (error) {
    if (signal.aborted) return;
    const message = serverMessage(error) ?? "Places near this photo couldn't be loaded.";
    session.suggestedGeoTags = { status: 'error', error: message };
  }
}

/** Asks for the position only when the user presses "Use current location". */
export function requestCurrentLocation(
  geolocation: Geolocation | undefined = navigator.geolocation,
) {
  if (!geolocation) {
    session.currentLocation = { status: 'error', error: 'Location is not available here.' };
    return;
  }
  const signal = sessionSignal();
  session.currentLocation = { status: 'loading' };
  geolocation.getCurrentPosition(
    ({ coords }) => {
      if (signal.aborted) return;
      const position = { latitude: coords.latitude, longitude: coords.longitude };
      session.currentLocation = { status: 'ready', data: position };
      void suggestNear(position.latitude, position.longitude);
    },
    (error) => {
      if (signal.aborted) return;
      const denied = error.code === error.PERMISSION_DENIED;
      session.currentLocation = {
        status: 'error',
        error: denied ? 'Location access was denied.' : "Your location couldn't be found.",
      };
    },
    { enableHighAccuracy: false, timeout: 15_000, maximumAge: 60_000 },
  );
}

export { resetSession };
export {
  addPhotos,
  movePhoto,
  removePhoto,
  selectPhoto,
  setPhotoAccessibilityCaption,
} from './createCarousel';
export {
  PROCESSING_FAILED_TOAST,
  retryFailedUploads,
  retryUpload,
  share,
  stage,
  stageCarousel,
  type Navigate,
} from './createStaging';
