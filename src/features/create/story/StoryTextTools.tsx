import { useSnapshot } from 'valtio';
import {
  STORY_MAX_FONT_SIZE,
  STORY_MIN_FONT_SIZE,
  selectedText,
  storyDraft,
} from '../../../state/storyDraft';
import { STORY_ALIGNS, STORY_BACKGROUNDS, STORY_FONTS } from '../../../state/storyLayers';
import {
  addOrEditText,
  pickFontSize,
  pickTextAlign,
  pickTextBackground,
  pickTextColor,
  pickTextFont,
  removeText,
} from '../../../state/storyDraftActions';
import { FONT_LOOKS } from '../../../canvas/composer/textStyle';
import { ChoiceGroup } from './ChoiceGroup';
import { focusStoryCanvas } from './StoryCanvasFrame';
import { StoryPalette } from './StoryPalette';
import { AlignIcon, BackgroundIcon, TrashIcon } from './storyIcons';

const FONT_CHOICES = STORY_FONTS.map((f) => {
  const look = FONT_LOOKS[f.name];
  return {
    ...f,
    style: {
      fontFamily: look.family,
      fontWeight: Number(look.weight),
      fontStyle: look.italic ? 'italic' : 'normal',
      textTransform: look.uppercase ? ('uppercase' as const) : ('none' as const),
      letterSpacing: `${look.spacing}em`,
    },
  };
});
const ALIGN_CHOICES = STORY_ALIGNS.map((a) => ({
  name: a.name,
  label: `Align ${a.label.toLowerCase()}`,
  icon: <AlignIcon align={a.name} size={20} />,
}));
const BACKGROUND_CHOICES = STORY_BACKGROUNDS.map((b) => ({
  ...b,
  icon: <BackgroundIcon background={b.name} size={20} />,
}));

/** The selected text's look: colour, style, alignment, background and size; Edit and Delete. */
export function StoryTextTools() {
  const snap = useSnapshot(storyDraft);
  const layer = selectedText(snap);
  if (!layer) return null;
  const saved = snap.textEdit === 'saved';
  return (
    <div className={`story-tools__text${saved ? ' story-tools__text--selected' : ''}`}>
      <div className="story-tools__styles">
        <ChoiceGroup
          legend="Text style"
          className="story-choice--fonts"
          choices={FONT_CHOICES}
          value={layer.font}
          onChange={pickTextFont}
        />
        <div className="story-tools__row">
          <ChoiceGroup
            legend="Alignment"
            choices={ALIGN_CHOICES}
            value={layer.align}
            onChange={pickTextAlign}
          />
          <ChoiceGroup
            legend="Text background"
            choices={BACKGROUND_CHOICES}
            value={layer.background}
            onChange={pickTextBackground}
          />
        </div>
        <StoryPalette legend="Text colour" value={layer.color} onPick={pickTextColor} />
        <label className="story-size">
          <span className="story-size__label">Text size</span>
          <input
            type="range"
            className="story-size__input"
            min={STORY_MIN_FONT_SIZE}
            max={Math.floor(STORY_MAX_FONT_SIZE)}
            step={1}
            value={Math.round(layer.fontSize)}
            onChange={(event) => pickFontSize(Number(event.currentTarget.value))}
          />
        </label>
      </div>
      {saved ? (
        <div className="story-tools__row story-tools__actions">
          <button type="button" className="story-tools__chip" onClick={addOrEditText}>
            Edit text
          </button>
          <button
            type="button"
            className="story-tools__icon"
            aria-label="Delete text"
            onClick={() => {
              removeText();
              focusStoryCanvas();
            }}
          >
            <TrashIcon size={20} />
          </button>
        </div>
      ) : null}
    </div>
  );
}
