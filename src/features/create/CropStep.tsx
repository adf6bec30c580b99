import { useId, useRef } from 'react';
import { useSnapshot } from 'valtio';
import { rotate, setAspect, zoomTo } from '../../state/createActions';
import {
  MAX_SCALE_FACTOR,
  MIN_SCALE_FACTOR,
  photoCreation,
  type SourceImage,
} from '../../state/create';
import { CarouselTray } from './CarouselTray';
import { CreateHeader } from './CreateHeader';
import { CropView } from './CropView';
import { OriginalIcon, PortraitIcon, RotateIcon, SquareIcon, ZoomIcon } from './createIcons';
import { useStoreEffect } from './useStoreEffect';
import './CreatePage.css';
import './CreateRange.css';
import './CropStep.css';

interface CropStepProps {
  source: SourceImage;
  onBack: () => void;
  onNext: () => void;
}

/** Step 1 of /create/style/: pan, zoom, rotate by 90° and choose Square, 4:5 or Original. */
export function CropStep({ source, onBack, onNext }: CropStepProps) {
  const { aspect } = useSnapshot(photoCreation);
  const zoomRef = useRef<HTMLInputElement>(null);
  const zoomId = useId();

  // The slider follows wheel and pinch zoom without re-rendering this component.
  useStoreEffect(() => {
    const slider = zoomRef.current;
    const value = String(Math.round(photoCreation.croppedImage.scaleFactor * 100));
    if (slider && slider.value !== value) slider.value = value;
    // Read out as the zoom it is ("150 %"), not a bare number.
    slider?.setAttribute('aria-valuetext', `${value} %`);
  });

  return (
    <section className="create-card create-card--crop" aria-label="Crop">
      <CreateHeader
        title="Crop"

        onBack={onBack}
        actionLabel="Next"
        onAction={onNext}
      />
      <div className="create-stage">
        <CropView source={source} />
      </div>
      <div className="crop-controls">
        <div className="crop-controls__aspect" role="group" aria-label="Aspect ratio">
          <button
            type="button"
            className="crop-chip"
            aria-pressed={aspect === 'square'}
            onClick={() => setAspect('square')}
          >
            <SquareIcon size={18} />
            Square
          </button>
          <button
            type="button"
            className="crop-chip"
            aria-pressed={aspect === 'portrait'}
            onClick={() => setAspect('portrait')}
          >
            <PortraitIcon size={18} />
            4:5
          </button>
          <button
            type="button"
            className="crop-chip"
            aria-pressed={aspect === 'original'}
            onClick={() => setAspect('original')}
          >
            <OriginalIcon size={18} />
            Original
          </button>
        </div>
        <div className="crop-controls__zoom">
          <label htmlFor={zoomId} className="crop-controls__label">
            <ZoomIcon size={18} />
            Zoom
          </label>
          <input
            ref={zoomRef}
            id={zoomId}
            className="create-range"
            type="range"
            min={MIN_SCALE_FACTOR * 100}
            max={MAX_SCALE_FACTOR * 100}
            step={1}
            defaultValue={100}
            onChange={(event) => zoomTo(Number(event.currentTarget.value) / 100)}
          />
        </div>
        <button type="button" className="crop-chip" onClick={() => rotate(90)}>
          <RotateIcon size={18} />
          Rotate
        </button>
      </div>
      <CarouselTray />
    </section>
  );
}
