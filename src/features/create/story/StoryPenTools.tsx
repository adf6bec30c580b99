import { useSnapshot } from 'valtio';
import { storyDraft } from '../../../state/storyDraft';
import { STORY_PEN_WIDTHS } from '../../../state/storyLayers';
import { pickPenColor, pickPenWidth, pickTool } from '../../../state/storyDraftActions';
import { ChoiceGroup } from './ChoiceGroup';
import { StoryPalette } from './StoryPalette';
import { focusStoryCanvas } from './StoryCanvasFrame';

const WIDTH_CHOICES = STORY_PEN_WIDTHS.map((w) => ({
  name: w.name,
  label: w.label,
  icon: (
    <span
      className="story-pen-width"
      aria-hidden="true"
      style={{ width: w.pixels / 2 + 2, height: w.pixels / 2 + 2 }}
    />
  ),
}));

/** The pen: its colour and width, and Done to go back to the text. */
export function StoryPenTools() {
  const snap = useSnapshot(storyDraft);
  return (
    <div className="story-tools__text">
      <div className="story-tools__row">
        <ChoiceGroup
          legend="Pen width"
          choices={WIDTH_CHOICES}
          value={snap.pen.width}
          onChange={pickPenWidth}
        />
        <button
          type="button"
          className="story-tools__chip"
          onClick={() => {
            pickTool('text');
            focusStoryCanvas();
          }}
        >
          Done drawing
        </button>
      </div>
      <StoryPalette legend="Pen colour" value={snap.pen.color} onPick={pickPenColor} />
    </div>
  );
}
