import { STORY_TEXT_MAX_LENGTH } from '../../common/limits';
import type { StoryDraft } from './storyDraftModel';

/** The server takes text data up to 8000 characters; long texts are shortened to fit. */
const TEXT_DATA_ROOM = 7800;

/** What configure_to_story records ("story upload id and text data"); the pixels carry it all. */
export function storyTextData(d: StoryDraft): Record<string, unknown> | null {
  const texts = d.texts.filter((t) => t.rawText !== '');
  if (texts.length === 0 && d.strokes.length === 0) return null;
  const describe = (most: number) => ({
    rawText: cut(
      texts.map((t) => t.rawText).join('\n'),
      Math.min(most * texts.length, STORY_TEXT_MAX_LENGTH),
    ),
    texts: texts.map((t) => ({
      rawText: cut(t.rawText, most),
      color: t.color,
      fontSize: Math.round(t.fontSize * 100) / 100,
      font: t.font,
      align: t.align,
      background: t.background,
      position: { x: Math.round(t.position.x), y: Math.round(t.position.y) },
      rotation: Math.round(t.rotation * 1000) / 1000,
      scale: Math.round(t.scale * 1000) / 1000,
    })),
    strokes: d.strokes.length,
    canvas: { ...d.canvasSize },
  });
  // Shorter and shorter until it fits: JSON writes quotes, backslashes and line breaks as two
  // characters, so the length of the texts alone does not tell.
  for (let most = STORY_TEXT_MAX_LENGTH; ; most = Math.floor(most / 2)) {
    const data = describe(most);
    if (most === 0 || JSON.stringify(data).length <= TEXT_DATA_ROOM) return data;
  }
}

/** The first `n` characters of `text`, never half of an emoji (a surrogate pair). */
function cut(text: string, n: number): string {
  if (text.length <= n) return text;
  const kept = text.slice(0, n);
  return /[\uD800-\uDBFF]$/.test(kept) ? kept.slice(0, -1) : kept;
}
