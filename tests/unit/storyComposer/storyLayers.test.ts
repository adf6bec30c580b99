// @vitest-environment node
import { describe, expect, it } from 'vitest';
import {
  addTextLayer,
  beginTextEdit,
  canUndo,
  deleteText,
  initialStoryDraft,
  moveText,
  remember,
  saveText,
  scaleText,
  selectText,
  selectedText,
  setEditingText,
  setTextAlign,
  setTextBackground,
  setTextBox,
  setTextFont,
  storyTextData,
  transformText,
  undo,
  type StoryDraft,
} from '../../../src/state/storyDraft';
import {
  beginStroke,
  extendStroke,
  setPenColor,
  setPenWidth,
  setTool,
} from '../../../src/state/storyPen';
import { STORY_EDGE_MARGIN, clampInside, fittingScale } from '../../../src/state/storyLayers';

function composing(): StoryDraft {
  const d = initialStoryDraft(0);
  d.phase = 'composing';
  return d;
}

function addText(d: StoryDraft, text: string): number {
  addTextLayer(d, 0);
  setEditingText(d, text);
  saveText(d, 0);
  return d.selectedId!;
}

const sel = (d: StoryDraft) => selectedText(d)!;

describe('several text layers', () => {
  it('adds a new layer each time, in the last style chosen, and selects it', () => {
    const d = composing();
    const first = addText(d, 'One');
    setTextFont(d, 'serif');
    setTextAlign(d, 'left');
    setTextBackground(d, 'solid');
    const second = addText(d, 'Two');
    expect(d.texts.map((t) => t.rawText)).toEqual(['One', 'Two']);
    expect(second).not.toBe(first);
    expect(sel(d)).toMatchObject({ font: 'serif', align: 'left', background: 'solid' });
    expect(d.texts[0]).toMatchObject({ font: 'serif', align: 'left', background: 'solid' });
  });

  it('edits the layer tapped, leaving the others alone', () => {
    const d = composing();
    const first = addText(d, 'One');
    addText(d, 'Two');
    selectText(d, first);
    beginTextEdit(d, 0);
    expect(d.editingText).toBe('One');
    setEditingText(d, 'First');
    saveText(d, 0);
    expect(d.texts.map((t) => t.rawText)).toEqual(['First', 'Two']);
  });

  it('moves only the selected layer; nothing moves with none selected', () => {
    const d = composing();
    const first = addText(d, 'One');
    addText(d, 'Two');
    selectText(d, first);
    moveText(d, 100, 0);
    expect(d.texts.map((t) => t.position.x)).toEqual([640, 540]);
    selectText(d, null);
    moveText(d, 100, 0);
    expect(d.texts.map((t) => t.position.x)).toEqual([640, 540]);
  });

  it('refuses unknown styles, alignments and backgrounds', () => {
    const d = composing();
    addText(d, 'One');
    setTextFont(d, 'comic-sans');
    setTextAlign(d, 'justify');
    setTextBackground(d, 'glitter');
    expect(sel(d)).toMatchObject({ font: 'classic', align: 'center', background: 'none' });
  });

  it('deletes the selected layer', () => {
    const d = composing();
    addText(d, 'One');
    addText(d, 'Two');
    deleteText(d);
    expect(d.texts.map((t) => t.rawText)).toEqual(['One']);
    expect(d.textEdit).toBe('none');
  });
});

describe('kept inside the picture', () => {
  const canvas = { width: 1080, height: 1920 };

  it('caps the scale so the measured text fits the width, turned or not', () => {
    expect(fittingScale({ width: 500, height: 100 }, 0, canvas)).toBeCloseTo(
      (1080 - 2 * STORY_EDGE_MARGIN) / 500,
    );
    // Turned a quarter, the height limits it.
    expect(fittingScale({ width: 2000, height: 100 }, Math.PI / 2, canvas)).toBeCloseTo(
      (1920 - 2 * STORY_EDGE_MARGIN) / 2000,
    );
  });

  it('stops growing at the picture width and is pulled back from the edges', () => {
    const d = composing();
    const id = addText(d, 'Hello Glint');
    setTextBox(d, id, { width: 600, height: 120 });
    for (let i = 0; i < 20; i++) scaleText(d, 1.5);
    expect(sel(d).scale * 600).toBeCloseTo(1080 - 2 * STORY_EDGE_MARGIN);
    moveText(d, 5000, 5000);
    const { x, y } = sel(d).position;
    expect(x).toBeCloseTo(540);
    expect(y + (sel(d).scale * 120) / 2).toBeCloseTo(1920 - STORY_EDGE_MARGIN);
  });

  it('shrinks a layer whose new style no longer fits, and keeps a turned one inside', () => {
    const d = composing();
    const id = addText(d, 'Hello');
    setTextBox(d, id, { width: 300, height: 100 });
    scaleText(d, 3);
    setTextBox(d, id, { width: 900, height: 100 });
    expect(sel(d).scale * 900).toBeLessThanOrEqual(1080 - 2 * STORY_EDGE_MARGIN + 1e-6);
    transformText(d, { rotateBy: Math.PI / 4, dx: -2000 });
    const inside = clampInside(
      sel(d).position,
      { width: 900, height: 100 },
      sel(d).scale,
      sel(d).rotation,
      canvas,
    );
    expect(inside).toEqual(sel(d).position);
    expect(sel(d).position.x).toBeGreaterThan(200);
  });
});

describe('pen', () => {
  it('draws strokes in the pen colour and width, on the picture only', () => {
    const d = composing();
    beginStroke(d, { x: 10, y: 10 });
    expect(d.strokes).toEqual([]);
    setTool(d, 'pen');
    setPenColor(d, 'yellow');
    setPenWidth(d, 'thick');
    setPenWidth(d, 'huge');
    beginStroke(d, { x: 10, y: 10 });
    extendStroke(d, { x: 20, y: 30 });
    extendStroke(d, { x: -50, y: 5000 });
    expect(d.strokes).toEqual([
      { color: 'yellow', width: 'thick', points: [10, 10, 20, 30, 0, 1920] },
    ]);
    expect(storyTextData(d)).toMatchObject({ rawText: '', texts: [], strokes: 1 });
  });

  it('the pen puts down the selected text', () => {
    const d = composing();
    addText(d, 'One');
    setTool(d, 'pen');
    expect(d.textEdit).toBe('none');
    expect(d.selectedId).toBeNull();
  });
});

describe('undo', () => {
  it('mid-stroke takes the stroke away, and the moves after it draw nothing', () => {
    const d = composing();
    setTool(d, 'pen');
    beginStroke(d, { x: 1, y: 1 });
    extendStroke(d, { x: 2, y: 2 });
    beginStroke(d, { x: 50, y: 50 });
    undo(d);
    extendStroke(d, { x: 60, y: 60 });
    expect(d.strokes).toHaveLength(1);
    expect(d.strokes[0].points).toEqual([1, 1, 2, 2]);
  });

  it('takes back strokes, new text, moves and style changes, one step at a time', () => {
    const d = composing();
    setTool(d, 'pen');
    beginStroke(d, { x: 1, y: 1 });
    extendStroke(d, { x: 2, y: 2 });
    setTool(d, 'text');
    const id = addText(d, 'One');
    setTextBackground(d, 'semi');
    setTextBackground(d, 'solid');
    transformText(d, { dx: 10 }, 'key-move');
    expect(d.undoCount).toBe(4);

    undo(d);
    expect(sel(d).position.x).toBe(540);
    undo(d);
    expect(sel(d).background).toBe('none');
    undo(d);
    expect(d.texts).toEqual([]);
    expect(d.selectedId).toBeNull();
    undo(d);
    expect(d.strokes).toEqual([]);
    expect(canUndo(d)).toBe(false);
    expect(id).toBe(1);
  });

  it('makes a run of key presses of one kind one step, and a gesture one step', () => {
    const d = composing();
    addText(d, 'One');
    for (let i = 0; i < 5; i++) transformText(d, { dx: 10 }, 'key-move');
    transformText(d, { scaleBy: 1.1 }, 'key-scale');
    remember(d);
    transformText(d, { dx: 5 });
    transformText(d, { dx: 5 });
    undo(d);
    expect(sel(d).position.x).toBe(590);
    undo(d);
    expect(sel(d).scale).toBe(1);
    undo(d);
    expect(sel(d).position.x).toBe(540);
    undo(d);
    expect(sel(d)).toBeUndefined();
  });

  it('waits while text is typed, and an unchanged edit adds no step', () => {
    const d = composing();
    addText(d, 'One');
    beginTextEdit(d, 0);
    expect(canUndo(d)).toBe(false);
    saveText(d, 0);
    expect(d.undoCount).toBe(1);
  });
});

describe('text data', () => {
  it('stays within what the server takes, however long the texts', () => {
    const d = composing();
    for (let i = 0; i < 10; i++) addText(d, 'x'.repeat(2200));
    const data = storyTextData(d)!;
    expect(JSON.stringify(data).length).toBeLessThanOrEqual(8000);
    expect((data.rawText as string).length).toBeLessThanOrEqual(2200);
    expect(data.texts).toHaveLength(10);
  });

  it('fits characters that JSON writes longer, and never splits an emoji', () => {
    for (const [count, text] of [
      [1, '"'.repeat(2200)],
      [10, '\\\n"'.repeat(700)],
      [3, '🏊'.repeat(1100)],
    ] as const) {
      const d = composing();
      for (let i = 0; i < count; i++) addText(d, text);
      const data = storyTextData(d)!;
      expect(JSON.stringify(data).length).toBeLessThanOrEqual(8000);
      expect(data.texts).toHaveLength(count);
      for (const t of data.texts as { rawText: string }[]) {
        expect(t.rawText).not.toMatch(/[\uD800-\uDBFF]$/);
      }
    }
  });
});
