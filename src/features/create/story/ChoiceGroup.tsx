import { useId, type CSSProperties, type ReactNode } from 'react';

export interface Choice {
  name: string;
  label: string;
  /** Drawn instead of the label (which stays the accessible name). */
  icon?: ReactNode;
  /** The chip's own look (a font chip shows its font). */
  style?: CSSProperties;
}

interface ChoiceGroupProps {
  legend: string;
  choices: readonly Choice[];
  value: string;
  onChange: (name: string) => void;
  className?: string;
}

/**
 * A radio group drawn as chips: native radios (arrow keys move the choice, the legend names the
 * group), each label visible or, for icons, read by screen readers only.
 */
export function ChoiceGroup({ legend, choices, value, onChange, className }: ChoiceGroupProps) {
  const name = useId();
  return (
    <fieldset className={`story-choice ${className ?? ''}`}>
      <legend className="visually-hidden">{legend}</legend>
      {choices.map((choice) => (
        <label
          key={choice.name}
          className={`story-choice__option${choice.icon ? ' story-choice__option--icon' : ''}`}
        >
          <input
            type="radio"
            className="story-choice__input"
            name={name}
            value={choice.name}
            checked={value === choice.name}
            onChange={() => onChange(choice.name)}
          />
          <span className="story-choice__chip" style={choice.style}>
            {choice.icon ?? choice.label}
            {choice.icon ? <span className="visually-hidden">{choice.label}</span> : null}
          </span>
        </label>
      ))}
    </fieldset>
  );
}
