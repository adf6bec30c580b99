import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { useSnapshot } from 'valtio';
import { selectFilter, setStrength } from '../../state/createActions';
import { photoCreation } from '../../state/create';
import { FILTER_DISPLAY_NAMES, FILTER_NAMES, type FilterName } from '../../../shaders/filter';
import { Spinner } from '../../ui/Spinner';
import { AdjustPanel } from './AdjustPanel';
import { CarouselTray } from './CarouselTray';
import { CreateHeader } from './CreateHeader';
import { useFilterPreview, type Thumbnails } from './useFilterPreview';
import { useStoreEffect } from './useStoreEffect';
import './CreatePage.css';
import './CreateRange.css';
import './StyleStep.css';

interface StyleStepProps {
  onBack: () => void;
  onNext: () => void;
}

type StyleTab = 'filters' | 'edit';
const TABS: { id: StyleTab; label: string }[] = [
  { id: 'filters', label: 'Filters' },
  { id: 'edit', label: 'Edit' },
];

/**
 * Step 2 of /create/style/: live Pixi preview, and beside it (like Instagram) a Filters tab
 * (filter strip and strength) and an Edit tab (straighten and adjustments).
 */
export function StyleStep({ onBack, onNext }: StyleStepProps) {
  const previewRef = useRef<HTMLDivElement>(null);
  const { status, thumbnails } = useFilterPreview(previewRef);
  const { filterName } = useSnapshot(photoCreation);
  const [tab, setTab] = useState<StyleTab>('filters');
  const ids = useId();

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
          <StyleTabs ids={ids} selected={tab} onSelect={setTab} />
          <div
            role="tabpanel"
            id={`${ids}-panel-${tab}`}
            aria-labelledby={`${ids}-tab-${tab}`}
            className="style-tabpanel"
          >
            {tab === 'filters' ? (
              <>
                <FilterStrip selected={filterName} thumbnails={thumbnails} />
                {filterName !== 'normal' ? <StrengthSlider key={filterName} /> : null}
              </>
            ) : (
              <AdjustPanel />
            )}
          </div>
        </div>
      </div>
      <CarouselTray />
    </section>
  );
}

/** WAI-ARIA tabs: arrow keys, Home and End move between them (automatic activation). */
function StyleTabs({
  ids,
  selected,
  onSelect,
}: {
  ids: string;
  selected: StyleTab;
  onSelect: (tab: StyleTab) => void;
}) {
  const listRef = useRef<HTMLDivElement>(null);
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const index = TABS.findIndex((t) => t.id === selected);
    const moves: Record<string, number> = {
      ArrowRight: (index + 1) % TABS.length,
      ArrowLeft: (index + TABS.length - 1) % TABS.length,
      Home: 0,
      End: TABS.length - 1,
    };
    const next = moves[event.key];
    if (next === undefined) return;
    event.preventDefault();
    onSelect(TABS[next].id);
    listRef.current?.querySelectorAll<HTMLButtonElement>('[role="tab"]')[next]?.focus();
  };
  return (
    <div
      ref={listRef}
      role="tablist"
      aria-label="Style"
      className="style-tabs"
      onKeyDown={onKeyDown}
    >
      {TABS.map(({ id, label }) => (
        <button
          key={id}
          type="button"
          role="tab"
          id={`${ids}-tab-${id}`}
          aria-selected={id === selected}
          aria-controls={id === selected ? `${ids}-panel-${id}` : undefined}
          tabIndex={id === selected ? 0 : -1}
          className="style-tab"
          onClick={() => onSelect(id)}
        >
          {label}
        </button>
      ))}
    </div>
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
  const sliderRef = useRef<HTMLInputElement>(null);
  useStoreEffect(() => {
    const value = String(Math.round(photoCreation.strength * 100));
    if (outputRef.current) outputRef.current.textContent = value;
    sliderRef.current?.setAttribute('aria-valuetext', `${value} %`);
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
        ref={sliderRef}
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
