import { useEffect, useId, useRef } from 'react';
import { useSnapshot } from 'valtio';
import { selectFilter, setStrength } from '../../state/createActions';
import { photoCreation } from '../../state/create';
import { FILTER_DISPLAY_NAMES, FILTER_NAMES, type FilterName } from '../../../shaders/filter';
import { Spinner } from '../../ui/Spinner';
import { CarouselTray } from './CarouselTray';
import { CreateHeader } from './CreateHeader';
import { useFilterPreview, type Thumbnails } from './useFilterPreview';
import { useStoreEffect } from './useStoreEffect';

interface StyleStepProps {
  onBack: () => void;
  onNext: () => void;
}

/** Step 2 of /create/style/: live Pixi preview, filter strip and strength. */
export function StyleStep({ onBack, onNext }: StyleStepProps) {
  const previewRef = useRef<HTMLDivElement>(null);
  const { status, thumbnails } = useFilterPreview(previewRef);
  const { filterName } = useSnapshot(photoCreation);

  return (
    <section className="create-card create-card--style" aria-label="Edit">
      <CreateHeader title="Edit" onBack={onBack} actionLabel="Next" onAction={onNext} />
      <div className="create-body">
        <div className="create-stage">
          <div className="style-preview" data-status={status}>
            <div ref={previewRef} className="style-preview__host" />
            {status === 'loading' ? (
              <div className="style-preview__overlay">
                <Spinner size={28} label="Loading preview" />
              </div>
            ) : null}
            {status === 'error' ? (
              <div className="style-preview__overlay style-preview__overlay--error" role="alert">
                <p className="style-preview__error-title">Filter preview unavailable</p>
                <p>
                  This browser can&rsquo;t run WebGL, so filters can&rsquo;t be previewed. Your
                  chosen filter is still applied when the photo is saved.
                </p>
              </div>
            ) : null}
          </div>
        </div>
        <div className="create-panel">
          <h2 className="create-panel__heading">Filters</h2>
          <FilterStrip selected={filterName} thumbnails={thumbnails} />
          {filterName !== 'normal' ? <StrengthSlider key={filterName} /> : null}
        </div>
      </div>
      <CarouselTray />
    </section>
  );
}

function FilterStrip({
  selected,
  thumbnails,
}: {
  selected: FilterName;
  thumbnails: Thumbnails | null;
}) {
  return (
    <div className="filter-strip" role="group" aria-label="Filters">
      {FILTER_NAMES.map((name) => (
        <button
          key={name}
          type="button"
          className="filter-thumb"
          aria-pressed={name === selected}
          onClick={() => selectFilter(name)}
        >
          <ThumbnailCanvas canvas={thumbnails?.get(name) ?? null} />
          <span className="filter-thumb__name">{FILTER_DISPLAY_NAMES[name]}</span>
        </button>
      ))}
    </div>
  );
}

function ThumbnailCanvas({ canvas }: { canvas: HTMLCanvasElement | null }) {
  const slot = useRef<HTMLSpanElement>(null);
  useEffect(() => {
    if (!slot.current) return;
    if (canvas) slot.current.replaceChildren(canvas);
    else slot.current.replaceChildren();
  }, [canvas]);
  return (
    <span
      ref={slot}
      className={canvas ? 'filter-thumb__img' : 'filter-thumb__img filter-thumb__img--empty'}
      aria-hidden="true"
    />
  );
}

/** Uncontrolled on purpose: the value lives in the store and Pixi reads it from there. */
function StrengthSlider() {
  const id = useId();
  const outputRef = useRef<HTMLOutputElement>(null);
  useStoreEffect(() => {
    if (outputRef.current) {
      outputRef.current.textContent = String(Math.round(photoCreation.strength * 100));
    }
  });
  return (
    <div className="strength">
      <div className="strength__row">
        <label htmlFor={id} className="strength__label">
          Filter strength
        </label>
        <output ref={outputRef} htmlFor={id} className="strength__value" />
      </div>
      <input
        id={id}
        className="create-range"
        type="range"
        min={0}
        max={100}
        step={1}
        defaultValue={Math.round(photoCreation.strength * 100)}
        onChange={(event) => setStrength(Number(event.currentTarget.value) / 100)}
      />
    </div>
  );
}
