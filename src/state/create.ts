/**
 * The photo creation session (content spec §3 "Photo creation session") as a valtio store, plus
 * the crop step's pure geometry. Edits are kept beside the original file and every export is
 * rendered from it again (CONVENTIONS 8). Actions live in createActions.ts.
 *
 * Crop coordinates: the crop viewport is a LOGICAL box whose long side is CROP_VIEWPORT_SIZE
 * units (1000 × 1000 for Square). offsetLeft/offsetTop are in those units, so a crop does not
 * move when the window (and the on-screen box) is resized; the crop view scales them to CSS px.
 *
 * The spec's dataURL fields are left out on purpose: the preview is an ImageBitmap and the staged
 * JPEG a Blob shown through an object URL (pixels never travel as base64, CONVENTIONS 3).
 */
import { proxy, ref } from 'valtio';
import type { Venue } from '../api/media';
import { neutralAdjustments, type Adjustments, type FilterName } from '../../shaders/filter';
import type { GpsPosition } from '../../workers/exif';
import {
  coverScale,
  cropFromViewport,
  rotateRect,
  rotatedSize,
  unrotateRect,
  type CropState,
  type Rect,
  type Size,
} from '../../workers/geometry';

export type { CropState };

/** Steps of spec §4 "Photo creation" (choose file happens before a session has a source). */
export type CreationStep = 'crop' | 'style' | 'details';
/** Square (1:1), portrait (4:5, the tallest a post shows) or the photo's own shape. */
export type CropAspect = 'square' | 'portrait' | 'original';

export const CROP_VIEWPORT_SIZE = 1000;
export const MIN_SCALE_FACTOR = 1;
export const MAX_SCALE_FACTOR = 4;
/** "Original" keeps the photo's shape within the usual portrait/landscape post limits. */
export const MIN_ORIGINAL_ASPECT = 4 / 5;
export const MAX_ORIGINAL_ASPECT = 1.91;
import { CAPTION_MAX_LENGTH } from '../../common/limits';
export { CAPTION_MAX_LENGTH };
/** Alt text per photo (issue 19), like Instagram's ~100; the server refuses more. */
export const ACCESSIBILITY_CAPTION_MAX_LENGTH = 100;
export const DEFAULT_FILTER: FilterName = 'normal';
export const DEFAULT_STRENGTH = 1;

export interface SourceImage {
  file: File;
  /** Upright size of the original. */
  width: number;
  height: number;
  orientation: number;
  /** GPS from the photo's EXIF; only ever used to suggest geotags. */
  location: GpsPosition | null;
  /** Upright preview (long side ≤ 2048); a ref, never proxied or serialised. */
  previewBitmap: ImageBitmap;
}

export type Resource<T> =
  | { status: 'idle' }
  | { status: 'loading' }
  | { status: 'error'; error: string }
  | { status: 'ready'; data: T };

export interface StagedImage {
  blob: Blob | null;
  uploadId: string | null;
  error: string | null;
  isStaging: boolean;
  /** 0..1 of the upload. */
  progress: number;
  /** Which edits `blob` was rendered from; a change means export and upload again. */
  editsKey: string | null;
}

/** A person tagged on the photo (createUserTags.ts): where, 0..1 from its left and top edges. */
export interface PendingUserTag {
  username: string;
  x: number;
  y: number;
}

export interface FinalizedImage {
  isFinalizing: boolean;
  mediaKey: string | null;
}

/** Most photos one carousel post holds (issue 19; the server's CAROUSEL_MAX_PHOTOS). */
export const CAROUSEL_MAX_PHOTOS = 10;

/**
 * One photo of the session with its own edits (a carousel has several; a single photo is one).
 * The photo being edited is mirrored in the session's top-level fields (sourceImage,
 * croppedImage, filterName, strength, adjustments, straighten, accessibilityCaption, stagedImage), which the crop,
 * style and details steps read; switching photos saves those fields here and loads the other's.
 * `stagedImage` is the same object in both places, so a background upload keeps reporting into
 * its own photo after the member moves on.
 */
export interface SessionPhoto {
  /** Stable local key (list keys, staging jobs). */
  key: string;
  file: File;
  /** Null until the photo has been read. */
  sourceImage: SourceImage | null;
  croppedImage: CropState;
  filterName: FilterName;
  strength: number;
  /** The Edit tab's adjustments (after the filter) and straighten, in degrees. */
  adjustments: Adjustments;
  straighten: number;
  accessibilityCaption: string;
  stagedImage: StagedImage;
}

export interface PhotoCreationSession {
  sessionId: string | null;
  creationMode: 'photo';
  step: CreationStep;
  /** True while the chosen file is being read (choose file → crop). */
  isInspecting: boolean;
  /** Why the last chosen file could not be opened: stays on the chooser until the next pick. */
  pickError: string | null;
  sourceImage: SourceImage | null;
  aspect: CropAspect;
  croppedImage: CropState;
  filterName: FilterName;
  strength: number;
  /** The Edit tab: adjustments applied after the filter, and straighten (−45..45°). */
  adjustments: Adjustments;
  straighten: number;
  caption: string;
  /** Alt text the member wrote; empty: the server generates a description. */
  accessibilityCaption: string;
  geoTag: Venue | null;
  /** People tagged in the post (on its first photo). */
  userTags: PendingUserTag[];
  suggestedGeoTags: Resource<Venue[]>;
  currentLocation: Resource<GpsPosition>;
  /** Token shared by this session's location searches (spec §7 rank_token). */
  rankToken: string;
  stagedImage: StagedImage;
  finalizedImage: FinalizedImage;
  /** Every photo of the post in order; more than one makes a carousel. */
  photos: SessionPhoto[];
  /** Index in `photos` of the photo mirrored in the top-level fields. */
  activePhoto: number;
}

const initialCrop = (): CropState => ({
  offsetLeft: 0,
  offsetTop: 0,
  scaleFactor: 1,
  rotationAngle: 0,
});

export const emptyStagedImage = (): StagedImage => ({
  blob: null,
  uploadId: null,
  error: null,
  isStaging: false,
  progress: 0,
  editsKey: null,
});

export function initialSession(): PhotoCreationSession {
  return {
    sessionId: null,
    creationMode: 'photo',
    step: 'crop',
    isInspecting: false,
    pickError: null,
    sourceImage: null,
    aspect: 'square',
    croppedImage: initialCrop(),
    filterName: DEFAULT_FILTER,
    strength: DEFAULT_STRENGTH,
    adjustments: neutralAdjustments(),
    straighten: 0,
    caption: '',
    accessibilityCaption: '',
    geoTag: null,
    userTags: [],
    suggestedGeoTags: { status: 'idle' },
    currentLocation: { status: 'idle' },
    rankToken: '',
    stagedImage: emptyStagedImage(),
    finalizedImage: { isFinalizing: false, mediaKey: null },
    photos: [],
    activePhoto: 0,
  };
}

export const photoCreation = proxy<PhotoCreationSession>(initialSession());

// Every job of a session (inspect, export, upload, location look-ups) listens to this signal,
// so ending the session stops them all and late answers cannot write into a new session.
let lifetime = new AbortController();

export function sessionSignal(): AbortSignal {
  return lifetime.signal;
}

/** A file was chosen and is about to be read: the crop route shows progress, not the chooser. */
export function markOpening(opening: boolean): void {
  photoCreation.isInspecting = opening;
}

/** Ends the session: aborts its jobs (a partial upload stays resumable) and forgets every edit. */
export function resetSession(): void {
  lifetime.abort();
  lifetime = new AbortController();
  Object.assign(photoCreation, initialSession());
}

/** Wraps values that must stay as they are (File, Blob, ImageBitmap) instead of being proxied. */
export const keep = <T extends object>(value: T): T => ref(value);

/** Writes the edited photo's top-level fields back into its `photos` entry. */
export function saveActivePhoto(session: PhotoCreationSession): void {
  const photo = session.photos[session.activePhoto];
  if (!photo) return;
  photo.sourceImage = session.sourceImage;
  photo.croppedImage = { ...session.croppedImage };
  photo.filterName = session.filterName;
  photo.strength = session.strength;
  photo.adjustments = { ...session.adjustments };
  photo.straighten = session.straighten;
  photo.accessibilityCaption = session.accessibilityCaption;
  photo.stagedImage = session.stagedImage;
}

// ── Crop geometry (pure) ───────────────────────────────────────────────────────────────────

export function sourceSize(source: Pick<SourceImage, 'width' | 'height'>): Size {
  return { width: source.width, height: source.height };
}

/** The logical crop viewport for an aspect choice and a rotated source. */
export function cropViewport(aspect: CropAspect, source: Size, rotationAngle: number): Size {
  if (aspect === 'square') return { width: CROP_VIEWPORT_SIZE, height: CROP_VIEWPORT_SIZE };
  if (aspect === 'portrait') {
    return { width: CROP_VIEWPORT_SIZE * MIN_ORIGINAL_ASPECT, height: CROP_VIEWPORT_SIZE };
  }
  const rotated = rotatedSize(source, rotationAngle);
  const ratio = Math.min(
    MAX_ORIGINAL_ASPECT,
    Math.max(MIN_ORIGINAL_ASPECT, rotated.width / rotated.height),
  );
  // Not rounded: "Original" must frame exactly the whole photo.
  return ratio >= 1
    ? { width: CROP_VIEWPORT_SIZE, height: CROP_VIEWPORT_SIZE / ratio }
    : { width: CROP_VIEWPORT_SIZE * ratio, height: CROP_VIEWPORT_SIZE };
}

/** Size of the rotated, scaled image in viewport units. */
export function displayedSize(crop: CropState, source: Size, viewport: Size): Size {
  const rotated = rotatedSize(source, crop.rotationAngle);
  const scale = coverScale(rotated, viewport) * crop.scaleFactor;
  return { width: rotated.width * scale, height: rotated.height * scale };
}

const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value));

/** Keeps the image covering the viewport: no empty band may show at any edge. */
export function clampCrop(crop: CropState, source: Size, viewport: Size): CropState {
  const scaleFactor = clamp(crop.scaleFactor, MIN_SCALE_FACTOR, MAX_SCALE_FACTOR);
  const shown = displayedSize({ ...crop, scaleFactor }, source, viewport);
  return {
    rotationAngle: crop.rotationAngle,
    scaleFactor,
    offsetLeft: clamp(crop.offsetLeft, viewport.width - shown.width, 0),
    offsetTop: clamp(crop.offsetTop, viewport.height - shown.height, 0),
  };
}

/** The image centred in the viewport at the given zoom and rotation. */
export function centredCrop(
  source: Size,
  viewport: Size,
  rotationAngle: number,
  scaleFactor = 1,
): CropState {
  const shown = displayedSize(
    { offsetLeft: 0, offsetTop: 0, scaleFactor, rotationAngle },
    source,
    viewport,
  );
  return {
    offsetLeft: (viewport.width - shown.width) / 2,
    offsetTop: (viewport.height - shown.height) / 2,
    scaleFactor,
    rotationAngle,
  };
}

/** Changes the zoom while the viewport's centre keeps showing the same point of the photo. */
export function zoomCrop(
  crop: CropState,
  scaleFactor: number,
  source: Size,
  viewport: Size,
): CropState {
  const next = clamp(scaleFactor, MIN_SCALE_FACTOR, MAX_SCALE_FACTOR);
  const ratio = next / crop.scaleFactor;
  const cx = viewport.width / 2;
  const cy = viewport.height / 2;
  return clampCrop(
    {
      ...crop,
      scaleFactor: next,
      offsetLeft: cx - (cx - crop.offsetLeft) * ratio,
      offsetTop: cy - (cy - crop.offsetTop) * ratio,
    },
    source,
    viewport,
  );
}

/**
 * The crop after a rotation or an aspect change: the zoom is kept, and so is the point of the
 * photo at the frame's centre (then clamped so the photo still covers the new frame).
 */
export function reframeCrop(
  crop: CropState,
  source: Size,
  viewport: Size,
  next: { rotationAngle: number; viewport: Size },
): CropState {
  const scale = displayedScale(crop, source, viewport);
  const centre = {
    x: (viewport.width / 2 - crop.offsetLeft) / scale,
    y: (viewport.height / 2 - crop.offsetTop) / scale,
    width: 0,
    height: 0,
  };
  // The centre in upright source pixels, then in the photo turned the new way.
  const upright = unrotateRect(centre, source, crop.rotationAngle);
  const turned = rotateRect(upright, source, next.rotationAngle);
  const moved = { ...crop, rotationAngle: next.rotationAngle };
  const nextScale = displayedScale(moved, source, next.viewport);
  return clampCrop(
    {
      ...moved,
      offsetLeft: next.viewport.width / 2 - turned.x * nextScale,
      offsetTop: next.viewport.height / 2 - turned.y * nextScale,
    },
    source,
    next.viewport,
  );
}

function displayedScale(crop: CropState, source: Size, viewport: Size): number {
  return coverScale(rotatedSize(source, crop.rotationAngle), viewport) * crop.scaleFactor;
}

/** The crop rectangle in upright source pixels (what the export and the preview show). */
export function sessionCropRect(session: PhotoCreationSession): Rect | null {
  return photoCropRect(session, session.aspect);
}

/** The same for any photo of the session, under the post's one aspect. */
export function photoCropRect(
  photo: Pick<SessionPhoto, 'sourceImage' | 'croppedImage'>,
  aspect: CropAspect,
): Rect | null {
  const source = photo.sourceImage;
  if (!source) return null;
  const size = sourceSize(source);
  const viewport = cropViewport(aspect, size, photo.croppedImage.rotationAngle);
  return cropFromViewport(photo.croppedImage, size, viewport);
}
