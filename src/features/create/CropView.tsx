import { useEffect, useRef, type KeyboardEvent, type PointerEvent } from 'react';
import { panCrop, zoomTo } from '../../state/createActions';
import {
  cropViewport,
  displayedSize,
  photoCreation,
  sourceSize,
  type SourceImage,
} from '../../state/create';
import { isQuarterTurn, assertRightAngle } from '../../../workers/geometry';
import { useStoreEffect } from './useStoreEffect';
import './CropView.css';

const PREVIEW_MAX = 600;
/** Arrow keys move the photo by this many crop units (of 1000); Shift moves five times more. */
const KEY_STEP = 20;
const ZOOM_KEY_STEP = 1.1;

const pct = (value: number) => `${value * 100}%`;

/**
 * The crop viewport: the photo under a square (or original-shaped) frame. Drag, arrow keys,
 * wheel, pinch and +/− change the store; a subscription writes the layout to the DOM.
 */
export function CropView({ source }: { source: SourceImage }) {
  const viewportRef = useRef<HTMLDivElement>(null);
  const layerRef = useRef<HTMLDivElement>(null);
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const pointers = useRef(new Map<number, { x: number; y: number }>());

  useEffect(() => {
    const canvas = canvasRef.current;
    const bitmap = source.previewBitmap;
    if (!canvas) return;
    canvas.width = bitmap.width;
    canvas.height = bitmap.height;
    canvas.getContext('2d')?.drawImage(bitmap, 0, 0);
  }, [source]);

  useStoreEffect(() => {
    const viewportEl = viewportRef.current;
    const layer = layerRef.current;
    const canvas = canvasRef.current;
    const current = photoCreation.sourceImage;
    if (!viewportEl || !layer || !canvas || !current) return;
    const crop = photoCreation.croppedImage;
    const size = sourceSize(current);
    const viewport = cropViewport(photoCreation.aspect, size, crop.rotationAngle);
    const shown = displayedSize(crop, size, viewport);
    viewportEl.style.aspectRatio = `${viewport.width} / ${viewport.height}`;
    // At most PREVIEW_MAX wide and --crop-max-height tall (CropStep.css: less in a short window).
    const shape = (viewport.width / viewport.height).toFixed(4);
    viewportEl.style.maxWidth = `min(${PREVIEW_MAX}px, var(--crop-max-height, ${PREVIEW_MAX}px) * ${shape})`;
    layer.style.left = pct(crop.offsetLeft / viewport.width);
    layer.style.top = pct(crop.offsetTop / viewport.height);
    layer.style.width = pct(shown.width / viewport.width);
    layer.style.height = pct(shown.height / viewport.height);
    const quarter = isQuarterTurn(assertRightAngle(crop.rotationAngle));
    canvas.style.width = quarter ? pct(shown.height / shown.width) : '100%';
    canvas.style.height = quarter ? pct(shown.width / shown.height) : '100%';
    canvas.style.transform = `translate(-50%, -50%) rotate(${crop.rotationAngle}deg)`;
  });

  // Wheel zoom needs a non-passive listener to keep the page from scrolling.
  useEffect(() => {
    const el = viewportRef.current;
    if (!el) return;
    const onWheel = (event: WheelEvent) => {
      event.preventDefault();
      zoomTo(photoCreation.croppedImage.scaleFactor * Math.exp(-event.deltaY * 0.0015));
    };
    el.addEventListener('wheel', onWheel, { passive: false });
    return () => el.removeEventListener('wheel', onWheel);
  }, []);

  /** Crop units per CSS pixel of the on-screen viewport. */
  function unitsPerPixel(): number {
    const el = viewportRef.current;
    const current = photoCreation.sourceImage;
    if (!el || !current || el.clientWidth === 0) return 1;
    const viewport = cropViewport(
      photoCreation.aspect,
      sourceSize(current),
      photoCreation.croppedImage.rotationAngle,
    );
    return viewport.width / el.clientWidth;
  }

  function onPointerDown(event: PointerEvent<HTMLDivElement>) {
    event.currentTarget.setPointerCapture(event.pointerId);
    pointers.current.set(event.pointerId, { x: event.clientX, y: event.clientY });
    event.currentTarget.classList.add('crop-view--active');
  }

  function onPointerMove(event: PointerEvent<HTMLDivElement>) {
    const map = pointers.current;
    const previous = map.get(event.pointerId);
    if (!previous) return;
    const next = { x: event.clientX, y: event.clientY };
    if (map.size === 2) {
      // Pinch: zoom by the change of distance between the two fingers.
      const other = [...map.entries()].find(([id]) => id !== event.pointerId)?.[1];
      if (other) {
        const before = Math.hypot(previous.x - other.x, previous.y - other.y);
        const after = Math.hypot(next.x - other.x, next.y - other.y);
        if (before > 0) zoomTo(photoCreation.croppedImage.scaleFactor * (after / before));
      }
    } else {
      const unit = unitsPerPixel();
      panCrop((next.x - previous.x) * unit, (next.y - previous.y) * unit);
    }
    map.set(event.pointerId, next);
  }

  function onPointerEnd(event: PointerEvent<HTMLDivElement>) {
    pointers.current.delete(event.pointerId);
    if (pointers.current.size === 0) event.currentTarget.classList.remove('crop-view--active');
  }

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const step = event.shiftKey ? KEY_STEP * 5 : KEY_STEP;
    const moves: Record<string, [number, number]> = {
      ArrowLeft: [-step, 0],
      ArrowRight: [step, 0],
      ArrowUp: [0, -step],
      ArrowDown: [0, step],
    };
    const move = moves[event.key];
    const { scaleFactor } = photoCreation.croppedImage;
    if (move) panCrop(move[0], move[1]);
    else if (event.key === '+' || event.key === '=') zoomTo(scaleFactor * ZOOM_KEY_STEP);
    else if (event.key === '-' || event.key === '_') zoomTo(scaleFactor / ZOOM_KEY_STEP);
    else return;
    event.preventDefault();
  }

  return (
    <div
      ref={viewportRef}
      className="crop-view"
      role="group"
      tabIndex={0}
      aria-label="Crop area"
      aria-describedby="crop-view-help"
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={onPointerEnd}
      onPointerCancel={onPointerEnd}
      onKeyDown={onKeyDown}
    >
      <div ref={layerRef} className="crop-view__layer">
        <canvas ref={canvasRef} className="crop-view__image" aria-hidden="true" />
      </div>
      <div className="crop-view__grid" aria-hidden="true" />
      <p id="crop-view-help" className="visually-hidden">
        Drag or use the arrow keys to move the photo; use plus and minus or the zoom slider to zoom.
      </p>
    </div>
  );
}
