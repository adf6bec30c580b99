// Words for captions and comments, matched to what each picture shows.
import type { SceneKind } from './art/index.ts';

export const CAPTIONS: Record<SceneKind, string[]> = {
  mountains: [
    'Golden hour above the valley',
    'Worth every step of the climb',
    'Layers on layers of ridgelines',
    'Morning haze in the hills',
    'The view that made me stop talking',
  ],
  sea: [
    'Salt air and a slow sunset',
    'The sea was glass tonight',
    'Counting waves until the sun went down',
    'Last light on the water',
    'Low tide, high spirits',
  ],
  city: [
    'The city never really sleeps',
    'Skyline from the rooftop',
    'Blue hour downtown',
    'Every window a little story',
    'Night walk, good company',
  ],
  dunes: [
    'Soft dunes, hard light',
    'Sand as far as the eye can see',
    'Desert evening, total silence',
    'Wind-drawn lines',
  ],
  aurora: [
    'She finally danced for us',
    'Green skies over the pines',
    'Stayed up until 3am for this',
    'Northern lights, no filter needed',
  ],
  bokeh: ['City lights, out of focus', 'Festival glow', 'Soft lights, warm night', 'Bokeh season'],
  blobs: [
    'Colour study no. 7',
    'Mood: gradient',
    'Soft shapes for a soft Sunday',
    'Palette of the week',
  ],
  shapes: [
    'New print in the studio',
    'Playing with shapes again',
    'Bauhaus on my mind',
    'Work in progress',
  ],
  confetti: [
    'Party mode on',
    'Celebrating small wins today',
    'Confetti for everyone',
    'Birthday vibes',
  ],
  food: [
    'Brunch is the best meal, change my mind',
    'Homemade and proud of it',
    'Table for two',
    'Found the best spot in town',
    'Sunday plate',
  ],
};

export const TAGS: Record<SceneKind, string[]> = {
  mountains: ['mountains', 'hiking', 'GoldenHour', 'sunset', 'outdoors', 'naturelovers'],
  sea: ['sea', 'sunset', 'beach', 'ocean', 'waves', 'SummerVibes'],
  city: ['city', 'skyline', 'nightphotography', 'urban', 'BlueHour', 'architecture'],
  dunes: ['desert', 'dunes', 'travel', 'wanderlust', 'sunset'],
  aurora: ['aurora', 'northernlights', 'night', 'stars', 'iceland'],
  bokeh: ['bokeh', 'lights', 'night', 'dreamy'],
  blobs: ['gradient', 'abstract', 'colour', 'design'],
  shapes: ['art', 'abstract', 'design', 'Bauhaus', 'illustration'],
  confetti: ['party', 'celebration', 'confetti', 'weekend'],
  food: ['food', 'brunch', 'foodie', 'homemade', 'yum', 'pizza'],
};

export const COMMENTS = [
  'Wow 😍',
  'This is stunning!',
  'Those colours!',
  'Need to go there',
  'Frame this one',
  'Incredible light',
  'Obsessed with this 🔥',
  'Take me back',
  'Beautiful shot',
  'How did you get this?',
  'Love it ❤️',
  'So peaceful',
  'Goals',
  'Best one yet',
  'Saving this for later',
  'The vibes 🙌',
  'Perfect timing',
  'I can almost hear it',
  'What camera do you use?',
  'Adding it to my list',
];

export const GROUP_COMMENTS = [
  'we have to go here together',
  'look at this!',
  'remember this place?',
  'next trip?',
];

/** Names for the demo member's collections. */
export const COLLECTION_NAMES = ['Travel ideas', 'Golden hour', 'Food to try'];
