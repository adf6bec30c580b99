/**
 * Geometry between the session's crop (upright source pixels) and the preview bitmap (long side
 * ≤ 2048) that the crop and style steps draw.
 */
import {
  photoCreation,
  photoCropRect,
  sourceSize,
  type CropAspect,
  type SessionPhoto,
} from '../../state/create';
import { straightenZoom } from '../../../workers/straighten';
import {
  assertRightAngle,
  clampRect,
  fitLongSide,
  isQuarterTurn,
  rotatedSize,
  scaleRect,
  type Rect,
} from '../../../workers/geometry';

export interface PreviewCrop {
  bitmap: ImageBitmap;
  /** The crop in the bitmap's own pixels. */
  crop: Rect;
  rotationAngle: number;
}

export function currentPreviewCrop(): PreviewCrop | null {
  return previewCropOf(photoCreation, photoCreation.aspect);
}

/** The same for any photo of the session (a carousel's tray), under the post's one aspect. */
export function previewCropOf(
  photo: Pick<SessionPhoto, 'sourceImage' | 'croppedImage'>,
  aspect: CropAspect,
): PreviewCrop | null {
  const source = photo.sourceImage;
  const crop = photoCropRect(photo, aspect);
  if (!source || !crop) return null;
  const bitmap = source.previewBitmap;
  const bitmapSize = { width: bitmap.width, height: bitmap.height };
  return {
    bitmap,
    crop: clampRect(scaleRect(crop, sourceSize(source), bitmapSize), bitmapSize),
    rotationAngle: photo.croppedImage.rotationAngle,
  };
}

/**
 * Draws the crop, turned and (with `straighten`, in degrees) straightened with the zoom that keeps
 * the frame filled, onto `canvas` at `longSide` pixels: the export's geometry
 * (workers/photoPipeline.ts renderGeometry) on the preview bitmap. False when the canvas has no
 * 2D context.
 */
export function drawPreviewCrop(
  canvas: HTMLCanvasElement,
  { bitmap, crop, rotationAngle }: PreviewCrop,
  longSide: number,
  straighten = 0,
): boolean {
  const angle = assertRightAngle(rotationAngle);
  const out = fitLongSide(rotatedSize(crop, angle), longSide);
  const unrotated = isQuarterTurn(angle) ? { width: out.height, height: out.width } : out;
  canvas.width = out.width;
  canvas.height = out.height;
  const ctx = canvas.getContext('2d');
  if (!ctx) return false;
  // White shows through transparent areas, as in the preview and the export.
  ctx.fillStyle = '#fff';
  ctx.fillRect(0, 0, out.width, out.height);
  ctx.imageSmoothingQuality = 'high';
  ctx.translate(out.width / 2, out.height / 2);
  ctx.rotate(((angle + straighten) * Math.PI) / 180);
  const zoom = straightenZoom(rotatedSize(crop, angle), straighten);
  if (zoom !== 1) ctx.scale(zoom, zoom);
  const { x, y, width, height } = crop;
  ctx.drawImage(
    bitmap,
    x,
    y,
    width,
    height,
    -unrotated.width / 2,
    -unrotated.height / 2,
    unrotated.width,
    unrotated.height,
  );
  return true;
}

/** A small, cropped and rotated copy for the filter thumbnails (Pixi renders each look on it). */
export function smallCopy(photo: PreviewCrop, longSide: number) {
  const canvas = document.createElement('canvas');
  if (!drawPreviewCrop(canvas, photo, longSide)) {
    return Promise.reject(new Error('2D canvas unavailable'));
  }
  return createImageBitmap(canvas);
}
