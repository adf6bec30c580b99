// Hand-picked colour sets. Each post picks one, so the grid of a profile looks varied but calm.

export interface SkyPalette {
  /** Top, middle and horizon colours of the sky. */
  sky: [string, string, string];
  sun: string;
  /** Land or water layers, from the farthest (hazy) to the nearest (dark). */
  land: [string, string, string, string];
}

export const SKIES: SkyPalette[] = [
  {
    sky: ['#3a1c71', '#d76d77', '#ffaf7b'],
    sun: '#fff1c1',
    land: ['#c86b85', '#8e4a74', '#5a2d5e', '#2e1a40'],
  },
  {
    sky: ['#7f9cf5', '#f7b2d9', '#ffe5b4'],
    sun: '#fff7d6',
    land: ['#b8a9d9', '#8d7fc0', '#5f5a9e', '#3b3a6b'],
  },
  {
    sky: ['#1e3c72', '#5b8bd0', '#cfe6ff'],
    sun: '#ffffff',
    land: ['#a9c1dd', '#6a8bb0', '#3f6188', '#1f3a5a'],
  },
  {
    sky: ['#c0392b', '#f39c12', '#fde68a'],
    sun: '#fffbe6',
    land: ['#e07a3f', '#b2512f', '#7a3224', '#3d1a17'],
  },
  {
    sky: ['#0f2027', '#2c5364', '#7fd3e6'],
    sun: '#e0fbfc',
    land: ['#4a8fa3', '#2f6b80', '#1c4b5c', '#0c2a36'],
  },
  {
    sky: ['#e58fa0', '#ffd3d9', '#fff5ec'],
    sun: '#ffffff',
    land: ['#e8a1b0', '#c77d96', '#9a5b7a', '#5e3a57'],
  },
  {
    sky: ['#1f7a6b', '#6fd1b4', '#e6f7ee'],
    sun: '#fffde8',
    land: ['#7cc2a8', '#4e9c84', '#2f7463', '#174a40'],
  },
  {
    sky: ['#0b1026', '#1b2a5a', '#4a5a9a'],
    sun: '#f5f3ce',
    land: ['#2c3a6b', '#1f2b52', '#141c3a', '#0a0f22'],
  },
  {
    sky: ['#ff7e5f', '#feb47b', '#ffe9c7'],
    sun: '#fffaf0',
    land: ['#f0a07a', '#c96f5a', '#8f4a4a', '#4b2a3a'],
  },
];

/** Five-colour sets for abstract art, confetti, bokeh and food. */
export const ACCENTS: string[][] = [
  ['#264653', '#2a9d8f', '#e9c46a', '#f4a261', '#e76f51'],
  ['#ff595e', '#ffca3a', '#8ac926', '#1982c4', '#6a4c93'],
  ['#f72585', '#b5179e', '#7209b7', '#4361ee', '#4cc9f0'],
  ['#ffadad', '#ffd6a5', '#fdffb6', '#caffbf', '#9bf6ff'],
  ['#003049', '#d62828', '#f77f00', '#fcbf49', '#eae2b7'],
  ['#8ecae6', '#219ebc', '#023047', '#ffb703', '#fb8500'],
  ['#cdb4db', '#ffc8dd', '#ffafcc', '#bde0fe', '#a2d2ff'],
  ['#606c38', '#283618', '#fefae0', '#dda15e', '#bc6c25'],
  ['#2d00f7', '#8900f2', '#bc00dd', '#e500a4', '#ff5400'],
];

/** Two-stop backgrounds for avatars and soft abstract pieces. */
export const GRADIENTS: [string, string][] = [
  ['#f093fb', '#f5576c'],
  ['#4facfe', '#00f2fe'],
  ['#43e97b', '#38f9d7'],
  ['#fa709a', '#fee140'],
  ['#667eea', '#764ba2'],
  ['#30cfd0', '#330867'],
  ['#ff9a9e', '#fecfef'],
  ['#f6d365', '#fda085'],
  ['#5ee7df', '#b490ca'],
  ['#c471f5', '#fa71cd'],
  ['#48c6ef', '#6f86d6'],
  ['#ff758c', '#ff7eb3'],
  ['#0ba360', '#3cba92'],
  ['#ee9ca7', '#ffdde1'],
  ['#e96443', '#904e95'],
  ['#f83600', '#f9d423'],
];
