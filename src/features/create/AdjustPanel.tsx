import { useId, useRef } from 'react';
import { resetAdjustment, setAdjustment, setStraighten } from '../../state/createAdjust';
import { photoCreation } from '../../state/create';
import {
  ADJUSTMENT_DISPLAY_NAMES,
  ADJUSTMENT_NAMES,
  STRAIGHTEN_MAX_DEGREES,
  adjustmentRange,
} from '../../../shaders/filter';
import { useStoreEffect } from './useStoreEffect';
import './adjust.css';

/**
 * The style step's Edit tab (issue 19, like Instagram's): straighten, then one slider per
 * adjustment in the order the shader applies them. Each shows its value, resets to 0 with its
 * Reset button or a double-click, and follows the store (another photo of a carousel, a reset).
 */
export function AdjustPanel() {
  return (
    <div className="adjust-list">
      <AdjustSlider
        label="Straighten"
        min={-STRAIGHTEN_MAX_DEGREES}
        max={STRAIGHTEN_MAX_DEGREES}
        step={0.5}
        unit="°"
        read={() => photoCreation.straighten}
        write={setStraighten}
      />
      {ADJUSTMENT_NAMES.map((name) => {
        const { min, max } = adjustmentRange(name);
        return (
          <AdjustSlider
            key={name}
            label={ADJUSTMENT_DISPLAY_NAMES[name]}
            min={min}
            max={max}
            step={1}
            read={() => photoCreation.adjustments[name]}
            write={(value) => (value === 0 ? resetAdjustment(name) : setAdjustment(name, value))}
          />
        );
      })}
    </div>
  );
}

interface AdjustSliderProps {
  label: string;
  min: number;
  max: number;
  step: number;
  unit?: string;
  read: () => number;
  write: (value: number) => void;
}

const formatValue = (value: number, unit = '') =>
  `${value > 0 ? '+' : value < 0 ? '−' : ''}${Math.abs(value)}${unit}`;

/**
 * Uncontrolled on purpose, like the strength slider: the value lives in the store and Pixi reads
 * it from there; a store effect writes it back into the input, its output and the Reset button.
 */
function AdjustSlider({ label, min, max, step, unit, read, write }: AdjustSliderProps) {
  const id = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const outputRef = useRef<HTMLOutputElement>(null);
  const resetRef = useRef<HTMLButtonElement>(null);
  useStoreEffect(() => {
    const value = read();
    const input = inputRef.current;
    if (input && Number(input.value) !== value) input.value = String(value);
    if (input) input.setAttribute('aria-valuetext', formatValue(value, unit));
    if (outputRef.current) outputRef.current.textContent = formatValue(value, unit);
    if (resetRef.current) resetRef.current.disabled = value === 0;
    input?.closest('.adjust-row')?.toggleAttribute('data-changed', value !== 0);
  });
  return (
    <div className="adjust-row">
      <div className="adjust-row__head">
        <label htmlFor={id} className="adjust-row__label">
          {label}
        </label>
        <output ref={outputRef} htmlFor={id} className="adjust-row__value" />
        <button
          ref={resetRef}
          type="button"
          className="adjust-row__reset"
          aria-label={`Reset ${label}`}
          onClick={() => {
            write(0);
            inputRef.current?.focus();
          }}
        >
          Reset
        </button>
      </div>
      <input
        ref={inputRef}
        id={id}
        className="create-range adjust-row__range"
        type="range"
        min={min}
        max={max}
        step={step}
        defaultValue={read()}
        onChange={(event) => write(Number(event.currentTarget.value))}
        onDoubleClick={() => write(0)}
      />
    </div>
  );
}
