// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { STORY_TEXT_COLORS } from '../../../src/lib/tokens';
import {
  STORY_MAX_FONT_SIZE,
  STORY_MIN_FONT_SIZE,
  STORY_TEXT_MAX_SCALE,
  beginTextEdit,
  initialStoryDraft,
  isLandscapeRefused,
  moveText,
  normalizeAngle,
  saveText,
  selectedText,
  scaleText,
  setEditingText,
  setFontSize,
  setTextColor,
  storyTextData,
  transformText,
  type StoryDraft,
} from '../../../src/state/storyDraft';

/** A draft in the composer with an image (the state after image processing). */
function composing(): StoryDraft {
  const d = initialStoryDraft(1_000, 'quick_cam_button');
  d.phase = 'composing';
  return d;
}

/** The selected text layer (the tests make sure there is one). */
const sel = (d: StoryDraft) => selectedText(d)!;

function withSavedText(text = 'Hello Glint'): StoryDraft {
  const d = composing();
  beginTextEdit(d, 2_000);
  setEditingText(d, text);
  saveText(d, 5_000);
  return d;
}

describe('story draft defaults (content spec §3)', () => {
  it('starts with no text, big white text to come, and the spec log data', () => {
    const d = initialStoryDraft(1234);
    expect(d.texts).toEqual([]);
    expect(d.look).toMatchObject({
      color: 'white',
      fontSize: 40,
      font: 'classic',
      align: 'center',
    });
    expect(d.look.background).toBe('none');
    expect(d.canvasSize).toEqual({ width: 1080, height: 1920 });
    expect(d.textEdit).toBe('none');
    expect(d.logData).toEqual({
      has_flash: false,
      text_edit_count: 0,
      text_edit_duration: 0,
      save_media_count: 0,
      upload_id: null,
      entry_point: 'quick_cam_button',
      start_time: 1234,
    });
  });

  it('offers the spec colours in order, white last', () => {
    expect(STORY_TEXT_COLORS.map((c) => c.name)).toEqual([
      'yellow',
      'orange',
      'pink',
      'purple',
      'blue',
      'green',
      'black',
      'white',
    ]);
  });

  it('sizes text between the canvas constant 22 and 22 × (52/22 − ε), just under 52', () => {
    expect(STORY_MIN_FONT_SIZE).toBe(22);
    expect(STORY_MAX_FONT_SIZE).toBeLessThan(52);
    expect(STORY_MAX_FONT_SIZE).toBeGreaterThan(51.99);
  });
});

describe('text edit: editing, then saved (spec §4)', () => {
  it('saves typed text, counts the edit and its duration', () => {
    const d = withSavedText('  Hello Glint  ');
    expect(d.textEdit).toBe('saved');
    expect(sel(d).rawText).toBe('Hello Glint');
    expect(d.logData.text_edit_count).toBe(1);
    expect(d.logData.text_edit_duration).toBe(3_000);
  });

  it('editing again starts from the saved text', () => {
    const d = withSavedText('first');
    beginTextEdit(d, 6_000);
    expect(d.textEdit).toBe('editing');
    expect(d.editingText).toBe('first');
    expect(d.logData.text_edit_count).toBe(2);
  });

  it('saving empty text removes the layer', () => {
    const d = withSavedText();
    setTextColor(d, 'pink');
    scaleText(d, 2);
    moveText(d, 100, 100);
    beginTextEdit(d, 6_000);
    setEditingText(d, '   ');
    saveText(d, 7_000);
    expect(d.textEdit).toBe('none');
    expect(d.texts).toEqual([]);
    expect(d.selectedId).toBeNull();
  });

  it('does not edit text outside the composer (e.g. during the upload)', () => {
    const d = withSavedText();
    d.phase = 'uploading';
    beginTextEdit(d, 9_000);
    setTextColor(d, 'blue');
    expect(d.textEdit).toBe('saved');
    expect(sel(d).color).toBe('white');
  });

  it('picks only palette colours and clamps the size', () => {
    const d = composing();
    beginTextEdit(d, 0);
    setTextColor(d, 'pink');
    setTextColor(d, 'magenta');
    expect(sel(d).color).toBe('pink');
    setFontSize(d, 500);
    expect(sel(d).fontSize).toBe(STORY_MAX_FONT_SIZE);
    setFontSize(d, 1);
    expect(sel(d).fontSize).toBe(STORY_MIN_FONT_SIZE);
    setFontSize(d, Number.NaN);
    expect(sel(d).fontSize).toBe(STORY_MIN_FONT_SIZE);
  });
});

describe('move, scale and rotate need saved text (spec §5)', () => {
  it('ignores moves and scales while there is no saved text', () => {
    const d = composing();
    moveText(d, 50, 50);
    scaleText(d, 2);
    beginTextEdit(d, 0);
    setEditingText(d, 'typing');
    moveText(d, 50, 50);
    transformText(d, { rotateBy: 1 });
    expect(sel(d).position).toEqual({ x: 540, y: 960 });
    expect(sel(d).scale).toBe(1);
    expect(sel(d).rotation).toBe(0);
  });

  it('moves saved text, keeping its centre on the canvas before it is measured', () => {
    const d = withSavedText();
    moveText(d, 100, -200);
    expect(sel(d).position).toEqual({ x: 640, y: 760 });
    moveText(d, 5000, 5000);
    expect(sel(d).position).toEqual({ x: 1080, y: 1920 });
  });

  it('caps the scale at the maximum however far the pinch goes', () => {
    const d = withSavedText();
    for (let i = 0; i < 20; i++) scaleText(d, 1.5);
    expect(sel(d).scale).toBe(STORY_TEXT_MAX_SCALE);
    scaleText(d, 0.5);
    expect(sel(d).scale).toBe(STORY_TEXT_MAX_SCALE / 2);
    scaleText(d, -1);
    scaleText(d, Number.POSITIVE_INFINITY);
    expect(sel(d).scale).toBe(STORY_TEXT_MAX_SCALE / 2);
  });

  it('applies a pinch step (move + scale + rotate) at once', () => {
    const d = withSavedText();
    transformText(d, { dx: 10, dy: 20, scaleBy: 2, rotateBy: Math.PI / 4 });
    expect(sel(d)).toMatchObject({ position: { x: 550, y: 980 }, scale: 2 });
    expect(sel(d).rotation).toBeCloseTo(Math.PI / 4);
  });

  it('keeps rotation within one turn', () => {
    expect(normalizeAngle(3 * Math.PI)).toBeCloseTo(Math.PI);
    expect(normalizeAngle(-Math.PI / 2 - 4 * Math.PI)).toBeCloseTo(-Math.PI / 2);
    expect(normalizeAngle(0.5)).toBeCloseTo(0.5);
  });
});

describe('text data for configure_to_story', () => {
  it('is null without saved text and describes the placed text otherwise', () => {
    expect(storyTextData(composing())).toBeNull();
    const d = withSavedText();
    setTextColor(d, 'pink');
    expect(storyTextData(d)).toMatchObject({
      rawText: 'Hello Glint',
      texts: [{ rawText: 'Hello Glint', color: 'pink', position: { x: 540, y: 960 }, scale: 1 }],
      strokes: 0,
      canvas: { width: 1080, height: 1920 },
    });
  });
});

describe('landscape refusal (spec §2, §5)', () => {
  it('refuses a touch device held sideways, never a desktop window', () => {
    expect(isLandscapeRefused({ width: 896, height: 414, coarsePointer: true })).toBe(true);
    expect(isLandscapeRefused({ width: 414, height: 896, coarsePointer: true })).toBe(false);
    expect(isLandscapeRefused({ width: 1280, height: 800, coarsePointer: false })).toBe(false);
  });
});
