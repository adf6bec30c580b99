/**
 * Colours come only from the design tokens (src/styles/tokens.css, issue 20): no hex colours, no
 * named colours and no rgb()/hsl()… with literal channels anywhere else. Translucent shades use a
 * token's channels, `rgb(var(--rgb-black) / 0.5)`. `npm run lint` runs it.
 */
const RAW_COLOUR_FUNCTION = '/\\b(rgba?|hsla?|hwb|lab|lch|oklab|oklch|color)\\(\\s*[-+.\\d]/';

export default {
  rules: {
    'color-no-hex': true,
    'color-named': 'never',
    'declaration-property-value-disallowed-list': [
      { '/.*/': [RAW_COLOUR_FUNCTION] },
      { message: 'Use a colour token from src/styles/tokens.css, not a raw colour.' },
    ],
  },
  overrides: [
    {
      files: ['src/styles/tokens.css'],
      rules: {
        'color-no-hex': null,
        'color-named': null,
        'declaration-property-value-disallowed-list': null,
      },
    },
  ],
};
