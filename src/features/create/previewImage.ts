/**
 * Geometry between the session's crop (upright source pixels) and the preview bitmap (long side
 * ≤ 2048) that the crop and style steps draw.
 */
import { photoCreation, sessionCropRect, sourceSize } from '../../state/create';
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
  const source = photoCreation.sourceImage;
  const crop = sessionCropRect(photoCreation);
  if (!source || !crop) return null;
  const bitmap = source.previewBitmap;
  const bitmapSize = { width: bitmap.width, height: bitmap.height };
  return {
    bitmap,
    crop: clampRect(scaleRect(crop, sourceSize(source), bitmapSize), bitmapSize),
    rotationAngle: photoCreation.croppedImage.rotationAngle,
  };
}

/** A small, cropped and rotated copy for the filter thumbnails (Pixi renders each look on it). */
export function smallCopy({ bitmap, crop, rotationAngle }: PreviewCrop, longSide: number) {
  const angle = assertRightAngle(rotationAngle);
  const out = fitLongSide(rotatedSize(crop, angle), longSide);
  const unrotated = isQuarterTurn(angle) ? { width: out.height, height: out.width } : out;
  const canvas = document.createElement('canvas');
  canvas.width = out.width;
  canvas.height = out.height;
  const ctx = canvas.getContext('2d');
  if (!ctx) return Promise.reject(new Error('2D canvas unavailable'));
  ctx.imageSmoothingQuality = 'high';
  ctx.translate(out.width / 2, out.height / 2);
  ctx.rotate((angle * Math.PI) / 180);
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
  return createImageBitmap(canvas);
}
