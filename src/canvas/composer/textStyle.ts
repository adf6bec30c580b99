/**
 * How a story text layer looks: one description for the live composer and the 1080×1920 export
 * (they draw the same Pixi Text), and for the DOM text editor shown while typing. Fonts are the
 * generic families only (sans-serif, serif, monospace): nothing is fetched, and the preview and
 * the export are drawn by the same browser, so they match.
 */
import { TextStyle } from 'pixi.js';
import { fontPixels, storyTextColorValue, type StoryTextLayer } from '../../state/storyDraft';
import type { StoryFont } from '../../state/storyLayers';

/** Text wraps at this share of the canvas width (before the text's own scale). */
export const STORY_TEXT_WRAP = 0.84;
export const STORY_LINE_HEIGHT = 1.18;

interface FontLook {
  family: string;
  weight: '400' | '700' | '900';
  italic: boolean;
  uppercase: boolean;
  /** Letter spacing in ems. */
  spacing: number;
  /** A glow in the text's colour instead of a shadow. */
  glow: boolean;
}

export const FONT_LOOKS: Record<StoryFont, FontLook> = {
  classic: {
    family: 'sans-serif',
    weight: '700',
    italic: false,
    uppercase: false,
    spacing: 0,
    glow: false,
  },
  modern: {
    family: 'sans-serif',
    weight: '900',
    italic: false,
    uppercase: true,
    spacing: 0.06,
    glow: false,
  },
  serif: {
    family: 'serif',
    weight: '700',
    italic: true,
    uppercase: false,
    spacing: 0,
    glow: false,
  },
  typewriter: {
    family: 'monospace',
    weight: '400',
    italic: false,
    uppercase: false,
    spacing: 0,
    glow: false,
  },
  neon: {
    family: 'sans-serif',
    weight: '700',
    italic: false,
    uppercase: false,
    spacing: 0.02,
    glow: true,
  },
};

export type StyledLayer = Pick<
  StoryTextLayer,
  'color' | 'fontSize' | 'font' | 'align' | 'background' | 'rawText'
>;

const channels = (hex: string) => [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16) / 255);

/** WCAG relative luminance of a #rrggbb colour. */
export function luminance(hex: string): number {
  const [r, g, b] = channels(hex).map((c) =>
    c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4,
  );
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** Black or white, whichever reads better on `hex`. */
export const contrastOn = (hex: string) => (luminance(hex) > 0.22 ? '#000000' : '#ffffff');

/** `hex` mixed `share` of the way to white (the bright core of a neon tube). */
function towardWhite(hex: string, share: number): string {
  const mixed = channels(hex).map((c) => Math.round((c + (1 - c) * share) * 255));
  return `#${mixed.map((c) => c.toString(16).padStart(2, '0')).join('')}`;
}

/** The colours of a layer: its letters, and the plate behind them (null for none). */
export function layerColours(layer: Pick<StyledLayer, 'color' | 'background' | 'font'>) {
  const colour = storyTextColorValue(layer.color);
  if (layer.background === 'solid') {
    return { fill: contrastOn(colour), plate: { color: colour, alpha: 1 }, glow: null };
  }
  const glow = FONT_LOOKS[layer.font].glow ? colour : null;
  const fill = glow ? towardWhite(colour, 0.55) : colour;
  if (layer.background === 'semi') {
    const light = layer.color === 'black';
    return {
      fill,
      plate: { color: light ? '#ffffff' : '#000000', alpha: light ? 0.7 : 0.55 },
      glow,
    };
  }
  return { fill, plate: null, glow };
}

/** Dark text gets a light halo, every other colour a soft dark shadow: readable on any photo. */
export const shadowColor = (fill: string) => (luminance(fill) < 0.05 ? '#ffffff' : '#000000');

/** The plate's padding around the letters and its corner radius, in canvas pixels. */
export function plateMetrics(fontSize: number, canvasWidth: number) {
  const size = fontPixels(fontSize, canvasWidth);
  return { padX: size * 0.3, padY: size * 0.08, radius: size * 0.3 };
}

/** What the layer's letters say (Modern writes in capitals). */
export const shownText = (layer: Pick<StyledLayer, 'rawText' | 'font'>) =>
  FONT_LOOKS[layer.font].uppercase ? layer.rawText.toUpperCase() : layer.rawText;

export function storyTextStyle(layer: StyledLayer, canvasWidth: number): TextStyle {
  const size = fontPixels(layer.fontSize, canvasWidth);
  const font = FONT_LOOKS[layer.font];
  const { fill, plate, glow } = layerColours(layer);
  // A glow, or a shadow where no plate is behind the letters; none on a plate (it is clean).
  const dropShadow = glow
    ? { alpha: 0.95, angle: 0, blur: size * 0.28, color: glow, distance: 0 }
    : plate
      ? undefined
      : {
          alpha: 0.45,
          angle: Math.PI / 2,
          blur: Math.max(2, size * 0.12),
          color: shadowColor(fill),
          distance: Math.max(1, size * 0.04),
        };
  return new TextStyle({
    fontFamily: font.family,
    fontSize: size,
    fontWeight: font.weight,
    fontStyle: font.italic ? 'italic' : 'normal',
    letterSpacing: Math.round(size * font.spacing * 10) / 10,
    fill,
    align: layer.align,
    lineHeight: Math.round(size * STORY_LINE_HEIGHT),
    wordWrap: true,
    breakWords: true,
    wordWrapWidth: canvasWidth * STORY_TEXT_WRAP,
    dropShadow,
    // Room for the shadow or glow so it is not clipped at the texture's edge.
    padding: Math.ceil(size * 0.4),
  });
}

/** The same look for the DOM editor (CSS pixels of a frame `frameWidth` wide). */
export function storyTextCss(layer: StyledLayer, frameWidth: number): Record<string, string> {
  const size = fontPixels(layer.fontSize, frameWidth);
  const font = FONT_LOOKS[layer.font];
  const { fill, plate, glow } = layerColours(layer);
  const { padX, padY, radius } = plateMetrics(layer.fontSize, frameWidth);
  const shadow = glow
    ? `0 0 ${size * 0.28}px ${glow}`
    : plate
      ? 'none'
      : `0 ${Math.max(1, size * 0.04)}px ${Math.max(2, size * 0.12)}px ${shadowColor(fill)}73`;
  const plateColour = plate
    ? `${plate.color}${Math.round(plate.alpha * 255)
        .toString(16)
        .padStart(2, '0')}`
    : 'transparent';
  return {
    color: fill,
    fontFamily: font.family,
    fontSize: `${size}px`,
    fontWeight: font.weight,
    fontStyle: font.italic ? 'italic' : 'normal',
    letterSpacing: `${size * font.spacing}px`,
    textTransform: font.uppercase ? 'uppercase' : 'none',
    textAlign: layer.align,
    lineHeight: String(STORY_LINE_HEIGHT),
    textShadow: shadow,
    background: plateColour,
    padding: plate ? `${padY}px ${padX}px` : '0',
    borderRadius: `${radius}px`,
  };
}

/** A key that changes exactly when the layer must be laid out again. */
export const textStyleKey = (layer: StyledLayer): string =>
  [layer.rawText, layer.color, layer.fontSize, layer.font, layer.align, layer.background].join(
    '\u0000',
  );
