import { useEffect, useRef } from 'react';
import { subscribe } from 'valtio';
import { photoCreation } from '../../state/create';

/**
 * Runs `apply` now and after every change of the creation store, outside React: per-frame values
 * (crop offsets, zoom, filter strength) are written straight to the DOM or to Pixi, so dragging
 * or sliding never re-renders a component (CONVENTIONS 5–6).
 */
export function useStoreEffect(apply: () => void): void {
  const latest = useRef(apply);
  useEffect(() => {
    latest.current = apply;
  });
  useEffect(() => {
    latest.current();
    return subscribe(photoCreation, () => latest.current());
  }, []);
}
