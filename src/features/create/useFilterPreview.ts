import { useEffect, useState, type RefObject } from 'react';
import { subscribe } from 'valtio';
import { FilterPreview } from '../../canvas/FilterPreview';
import { displayProperties } from '../../lib/displayProperties';
import { photoCreation } from '../../state/create';
import type { FilterName } from '../../../shaders/filter';
import { currentPreviewCrop, smallCopy } from './previewImage';
import { previewLongSide } from './previewSize';

export type PreviewStatus = 'loading' | 'ready' | 'error';
export type Thumbnails = ReadonlyMap<FilterName, HTMLCanvasElement>;

/** Thumbnails are drawn at twice their CSS size so they stay sharp on dense screens. */
export const THUMBNAIL_PIXELS = 176;

/**
 * Mounts the Pixi FilterPreview into `container` with the cropped photo. The preview follows the
 * store's filter, strength, adjustments and straighten through a valtio subscription (FilterPreview batches its renders
 * to one frame), so moving the strength slider never re-renders React.
 */
export function useFilterPreview(container: RefObject<HTMLDivElement | null>) {
  const [status, setStatus] = useState<PreviewStatus>('loading');
  const [thumbnails, setThumbnails] = useState<Thumbnails | null>(null);

  useEffect(() => {
    let cancelled = false;
    let preview: FilterPreview | null = null;
    let unsubscribe: (() => void) | null = null;
    let stopDisplay: (() => void) | null = null;

    async function mount() {
      const photo = currentPreviewCrop();
      const host = container.current;
      if (!photo || !host) return;
      const created = await FilterPreview.create();
      if (cancelled) {
        created.destroy();
        return;
      }
      preview = created;
      created.canvas.className = 'style-preview__canvas';
      created.canvas.setAttribute('aria-hidden', 'true');
      host.replaceChildren(created.canvas);
      let longSide = previewLongSide(host.clientWidth, window.devicePixelRatio);
      created.setImage(
        photo.bitmap,
        photo.crop,
        photo.rotationAngle,
        longSide,
        photoCreation.straighten,
      );
      // A page zoom, a denser screen or a resized window changes the size that stays sharp:
      // the display-property poll notices within a second and the photo is drawn again at it.
      stopDisplay = displayProperties().subscribe((display) => {
        const next = previewLongSide(host.clientWidth, display.pixelRatio);
        if (next === longSide) return;
        longSide = next;
        created.setImage(photo.bitmap, photo.crop, photo.rotationAngle, next);
      });
      const follow = () => {
        const { filterName, strength, adjustments, straighten } = photoCreation;
        created.setFilter(filterName, strength, adjustments);
        created.setStraighten(straighten);
      };
      follow();
      unsubscribe = subscribe(photoCreation, follow);
      setStatus('ready');
      const small = await smallCopy(photo, THUMBNAIL_PIXELS);
      if (cancelled) return;
      const rendered = await created.renderThumbnails(small, THUMBNAIL_PIXELS);
      small.close();
      if (!cancelled) setThumbnails(rendered);
    }

    mount().catch((error: unknown) => {
      if (cancelled) return;
      console.warn('Filter preview or thumbnails failed', error);
      setStatus((current) => (current === 'ready' ? current : 'error'));
    });
    return () => {
      cancelled = true;
      unsubscribe?.();
      stopDisplay?.();
      preview?.destroy();
    };
  }, [container]);

  return { status, thumbnails };
}
