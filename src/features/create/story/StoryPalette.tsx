import { STORY_TEXT_COLORS } from '../../../lib/tokens';

const label = (name: string) => name.charAt(0).toUpperCase() + name.slice(1);

/** The spec's colours in order (§9), as toggle buttons named by their colour. */
export function StoryPalette({
  legend,
  value,
  onPick,
}: {
  legend: string;
  value: string;
  onPick: (color: string) => void;
}) {
  return (
    <div className="story-palette" role="group" aria-label={legend}>
      {STORY_TEXT_COLORS.map((c) => (
        <button
          key={c.name}
          type="button"
          className="story-palette__swatch"
          aria-label={label(c.name)}
          aria-pressed={value === c.name}
          style={{ background: c.value }}
          onClick={() => onPick(c.name)}
        />
      ))}
    </div>
  );
}
