/**
 * How the story text looks: the same style for the live composer and the 1080×1920 export (they
 * draw the same Pixi Text), and for the DOM text editor shown while typing.
 */
import { TextStyle } from 'pixi.js';
import { fontPixels, storyTextColorValue, type StoryActiveText } from '../../state/storyDraft';

export const STORY_FONT_FAMILY =
  "-apple-system, BlinkMacSystemFont, 'Segoe UI', Roboto, Helvetica, Arial, sans-serif";
/** Text wraps at this share of the canvas width (before the text's own scale). */
export const STORY_TEXT_WRAP = 0.84;
export const STORY_LINE_HEIGHT = 1.18;

/** Dark text gets a light halo, every other colour a soft dark shadow: readable on any photo. */
export function shadowColor(color: StoryActiveText['color']): string {
  return color === 'black' ? '#ffffff' : '#000000';
}

export function storyTextStyle(
  text: Pick<StoryActiveText, 'color' | 'fontSize' | 'weight'>,
  canvasWidth: number,
): TextStyle {
  const size = fontPixels(text.fontSize, canvasWidth);
  return new TextStyle({
    fontFamily: STORY_FONT_FAMILY,
    fontSize: size,
    fontWeight: text.weight === 'bold' ? '700' : '400',
    fill: storyTextColorValue(text.color),
    align: 'center',
    lineHeight: Math.round(size * STORY_LINE_HEIGHT),
    wordWrap: true,
    breakWords: true,
    wordWrapWidth: canvasWidth * STORY_TEXT_WRAP,
    dropShadow: {
      alpha: 0.45,
      angle: Math.PI / 2,
      blur: Math.max(2, size * 0.12),
      color: shadowColor(text.color),
      distance: Math.max(1, size * 0.04),
    },
    // Room for the shadow so it is not clipped at the texture's edge.
    padding: Math.ceil(size * 0.25),
  });
}

/** A key that changes exactly when the text must be laid out again. */
export function textStyleKey(text: StoryActiveText): string {
  return `${text.rawText}\u0000${text.color}\u0000${text.fontSize}\u0000${text.weight}`;
}
