/**
 * The style step's Edit tab (issue 19): adjustments after the filter and straighten, per photo.
 * Like the filter and strength they live in the session's top-level fields for the photo being
 * edited (saveActivePhoto keeps them with the photo in a carousel); exports render them from the
 * original.
 */
import {
  ADJUSTMENT_NAMES,
  clampAdjustment,
  clampStraighten,
  type AdjustmentName,
} from '../../shaders/filter';
import { photoCreation as session } from './create';

export function isAdjustmentName(value: unknown): value is AdjustmentName {
  return typeof value === 'string' && (ADJUSTMENT_NAMES as readonly string[]).includes(value);
}

/** Sets one adjustment, clamped to its range (−100..100; vignette and sharpen 0..100). */
export function setAdjustment(name: AdjustmentName, value: number): void {
  if (!isAdjustmentName(name) || !Number.isFinite(value)) return;
  const next = clampAdjustment(name, value);
  if (session.adjustments[name] !== next) session.adjustments[name] = next;
}

export function resetAdjustment(name: AdjustmentName): void {
  setAdjustment(name, 0);
}

/** Straighten in degrees, clamped to −45..45 (the preview and export zoom to keep it filled). */
export function setStraighten(degrees: number): void {
  if (!Number.isFinite(degrees)) return;
  const next = clampStraighten(degrees);
  if (session.straighten !== next) session.straighten = next;
}
