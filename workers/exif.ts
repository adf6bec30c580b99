/**
 * EXIF orientation and GPS via exifr. Each read is separate and tolerant: a broken GPS IFD must
 * not cost the orientation, and no EXIF problem may fail the photo (it still decodes fine).
 */
import exifr from 'exifr';

export interface GpsPosition {
  latitude: number;
  longitude: number;
}

export interface PhotoMetadata {
  /** EXIF Orientation 1–8; missing or invalid values (e.g. 0) count as 1. */
  orientation: number;
  gps: GpsPosition | null;
}

function validGps(value: unknown): GpsPosition | null {
  if (!value || typeof value !== 'object') return null;
  const { latitude, longitude } = value as Partial<GpsPosition>;
  if (typeof latitude !== 'number' || typeof longitude !== 'number') return null;
  if (!Number.isFinite(latitude) || !Number.isFinite(longitude)) return null;
  if (Math.abs(latitude) > 90 || Math.abs(longitude) > 180) return null;
  // 0,0 is what cameras write when they had no fix.
  if (latitude === 0 && longitude === 0) return null;
  return { latitude, longitude };
}

export async function readPhotoMetadata(bytes: Uint8Array): Promise<PhotoMetadata> {
  const [orientation, gps] = await Promise.all([
    exifr.orientation(bytes).catch(() => undefined),
    exifr.gps(bytes).catch(() => undefined),
  ]);
  const valid = typeof orientation === 'number' && orientation >= 1 && orientation <= 8;
  return { orientation: valid ? orientation : 1, gps: validGps(gps) };
}
