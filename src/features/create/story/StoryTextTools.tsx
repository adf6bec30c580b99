import { useSnapshot } from 'valtio';
import { STORY_TEXT_COLORS } from '../../../lib/tokens';
import { STORY_MAX_FONT_SIZE, STORY_MIN_FONT_SIZE, storyDraft } from '../../../state/storyDraft';
import { pickFontSize, pickTextColor } from '../../../state/storyDraftActions';

const label = (name: string) => name.charAt(0).toUpperCase() + name.slice(1);

/** Colour palette (spec §9 order) and the text size slider; shown once text is being made. */
export function StoryTextTools() {
  const snap = useSnapshot(storyDraft);
  const { color, fontSize } = snap.activeText;
  return (
    <div className="story-tools__text">
      <div className="story-palette" role="group" aria-label="Text colour">
        {STORY_TEXT_COLORS.map((c) => (
          <button
            key={c.name}
            type="button"
            className="story-palette__swatch"
            aria-label={label(c.name)}
            aria-pressed={color === c.name}
            style={{ background: c.value }}
            onClick={() => pickTextColor(c.name)}
          />
        ))}
      </div>
      <label className="story-size">
        <span className="story-size__label">Text size</span>
        <input
          type="range"
          className="story-size__input"
          min={STORY_MIN_FONT_SIZE}
          max={Math.floor(STORY_MAX_FONT_SIZE)}
          step={1}
          value={Math.round(fontSize)}
          onChange={(event) => pickFontSize(Number(event.currentTarget.value))}
        />
      </label>
    </div>
  );
}
