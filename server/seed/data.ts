// The words and places of the demo seed. Plain data: every random choice is made in index.ts.

export interface SeedMember {
  username: string;
  fullName: string;
  bio: string;
  website?: string;
  verified?: boolean;
  private?: boolean;
}

export const DEMO_PASSWORD = 'glint-demo';

/** The first is the demo account; three private ones ask demo to follow back; one has 2FA. */
export const MEMBERS: SeedMember[] = [
  {
    username: 'demo',
    fullName: 'Demo Member',
    bio: 'Trying out Glint ✨ Photos of wherever I happen to be.',
    website: 'https://glint.example/demo',
  },
  {
    username: 'ana.sol',
    fullName: 'Ana Sol',
    bio: 'Sunsets, salt water and slow mornings 🌅',
    verified: true,
    website: 'https://anasol.example',
  },
  {
    username: 'kai_outdoors',
    fullName: 'Kai Moreno',
    bio: 'Mountains > everything. Based in Lisbon.',
  },
  { username: 'mira.bakes', fullName: 'Mira Okafor', bio: 'Home baker. Sourdough evangelist 🍞' },
  {
    username: 'leo.frames',
    fullName: 'Leo Brandt',
    bio: 'Street photographer · 35mm · Berlin',
    verified: true,
  },
  { username: 'noor', fullName: 'Noor Haddad', bio: 'Architecture & light.' },
  { username: 'sam.travels', fullName: 'Sam Whitaker', bio: '42 countries and counting ✈️' },
  { username: 'yuki.color', fullName: 'Yuki Tanaka', bio: 'Colour studies. Tokyo ↔ Kyoto.' },
  {
    username: 'theo_cycles',
    fullName: 'Theo Laurent',
    bio: 'Riding up hills so you don’t have to 🚴',
  },
  { username: 'priya.eats', fullName: 'Priya Raman', bio: 'Eating my way through every city.' },
  { username: 'oscar.wild', fullName: 'Oscar Lindqvist', bio: 'Wildlife and wild places 🦊' },
  {
    username: 'lina.draws',
    fullName: 'Lina Petrova',
    bio: 'Illustrator. Gradients are my love language.',
  },
  {
    username: 'marco.coffee',
    fullName: 'Marco Bellini',
    bio: 'Espresso first, questions later ☕',
  },
  { username: 'zoe.surf', fullName: 'Zoe Carter', bio: 'Chasing swell along the coast 🌊' },
  { username: 'ben_climbs', fullName: 'Ben Adeyemi', bio: 'Boulder problems and real problems.' },
  {
    username: 'ivy.garden',
    fullName: 'Ivy Chen',
    bio: 'Balcony gardener 🌿 small space, big plans',
  },
  { username: 'raf.city', fullName: 'Rafael Costa', bio: 'City lights after dark.' },
  {
    username: 'ella.moves',
    fullName: 'Ella Novak',
    bio: 'Dancer. Mover. Occasional photographer.',
  },
  { username: 'hugo.maps', fullName: 'Hugo Martin', bio: 'Cartography nerd 🗺️' },
  {
    username: 'sofia.sky',
    fullName: 'Sofia Rossi',
    bio: 'Looking up. Clouds, stars, auroras.',
    verified: true,
  },
  { username: 'jonas.builds', fullName: 'Jonas Berg', bio: 'Carpentry, cabins and coffee.' },
  { username: 'amara.art', fullName: 'Amara Diallo', bio: 'Painter · colour field · studio notes' },
  { username: 'felix.runs', fullName: 'Felix Wagner', bio: 'Marathon #7 in training 🏃' },
  { username: 'luna.film', fullName: 'Luna Park', bio: 'Shooting film in a digital world.' },
  { username: 'tomas.sea', fullName: 'Tomás Silva', bio: 'Fisherman’s son. Harbour mornings.' },
  {
    username: 'grace.notes',
    fullName: 'Grace Kim',
    bio: 'Pianist. Coffee. Long walks.',
    private: true,
  },
  {
    username: 'dev.patel',
    fullName: 'Dev Patel',
    bio: 'Weekend hiker, weekday coder.',
    private: true,
  },
  {
    username: 'nina.quiet',
    fullName: 'Nina Sorensen',
    bio: 'Quiet corners of busy cities.',
    private: true,
  },
  {
    username: 'twofactor',
    fullName: 'Tess Factor',
    bio: 'Security-minded. Two factors, always 🔐',
  },
  { username: 'max.light', fullName: 'Max Fischer', bio: 'Long exposures and late nights.' },
];

export const PRIVATE_REQUESTERS = ['grace.notes', 'dev.patel', 'nina.quiet'];
export const TWO_FACTOR = { username: 'twofactor', phone: '+15555550123' };

export const HASHTAGS = [
  'sunset',
  'travel',
  'mountains',
  'sea',
  'citylights',
  'foodie',
  'coffee',
  'art',
  'nature',
  'weekend',
  'goldenhour',
  'minimal',
  'colour',
  'summer',
  'glint',
  'nofilter',
  'wanderlust',
  'homemade',
  'aurora',
  'desert',
  'abstract',
  'streetphotography',
  'bokeh',
  'party',
];

/** Caption openings; `{tag}` marks and mentions are added in index.ts. */
export const CAPTIONS = [
  'Golden hour never gets old',
  'Could stay here forever',
  'Sunday plans: none',
  'That light though',
  'Found this on the way home',
  'A little colour for your feed',
  'Postcard from today',
  'Weekend mood',
  'Slow mornings are the best mornings',
  'New favourite spot',
  'Made this from scratch this morning',
  'Just a quick one before the rain',
  'Trying something different',
  'Everything is better by the water',
  'Late night walk',
  'Home',
  'Colour study no. 7',
  'Worth the early alarm',
  'Small things',
  'Out of office 🌴',
];

export const COMMENTS = [
  'Wow 😍',
  'This is stunning',
  'Take me there!',
  'Love the colours',
  'Incredible shot 🔥',
  'So good',
  'Where is this?',
  'Need this on my wall',
  'Beautiful ✨',
  'Obsessed with this',
  'The light!!',
  'Saving this one',
  'Goals',
  'Dreamy',
  'Okay this is art',
  'How do you always find these places?',
  'Miss this place',
  'Perfect timing',
  '👏👏👏',
  'Yum!',
];

export interface SeedCountry {
  id: string;
  name: string;
  cities: { name: string; lat: number; lng: number; places: string[] }[];
}

export const COUNTRIES: SeedCountry[] = [
  {
    id: 'PT',
    name: 'Portugal',
    cities: [
      {
        name: 'Lisbon',
        lat: 38.7223,
        lng: -9.1393,
        places: ['Miradouro da Senhora do Monte', 'LX Factory', 'Belém Tower', 'Time Out Market'],
      },
      {
        name: 'Porto',
        lat: 41.1579,
        lng: -8.6291,
        places: ['Ribeira', 'Livraria Lello', 'Dom Luís I Bridge'],
      },
      { name: 'Lagos', lat: 37.1028, lng: -8.673, places: ['Ponta da Piedade', 'Praia Dona Ana'] },
    ],
  },
  {
    id: 'JP',
    name: 'Japan',
    cities: [
      {
        name: 'Tokyo',
        lat: 35.6762,
        lng: 139.6503,
        places: ['Shibuya Crossing', 'Shinjuku Gyoen', 'Tokyo Tower', 'Yanaka Ginza'],
      },
      {
        name: 'Kyoto',
        lat: 35.0116,
        lng: 135.7681,
        places: ['Fushimi Inari Taisha', 'Arashiyama Bamboo Grove', 'Kiyomizu-dera'],
      },
    ],
  },
  {
    id: 'US',
    name: 'United States',
    cities: [
      {
        name: 'New York',
        lat: 40.7128,
        lng: -74.006,
        places: ['Brooklyn Bridge', 'Central Park', 'The High Line', 'DUMBO'],
      },
      {
        name: 'San Francisco',
        lat: 37.7749,
        lng: -122.4194,
        places: ['Golden Gate Bridge', 'Baker Beach', 'Mission Dolores Park'],
      },
      {
        name: 'Moab',
        lat: 38.5733,
        lng: -109.5498,
        places: ['Arches National Park', 'Dead Horse Point'],
      },
    ],
  },
  {
    id: 'IS',
    name: 'Iceland',
    cities: [
      {
        name: 'Reykjavík',
        lat: 64.1466,
        lng: -21.9426,
        places: ['Hallgrímskirkja', 'Harpa Concert Hall'],
      },
      { name: 'Vík', lat: 63.4186, lng: -19.006, places: ['Reynisfjara Beach', 'Dyrhólaey'] },
    ],
  },
  {
    id: 'IT',
    name: 'Italy',
    cities: [
      {
        name: 'Rome',
        lat: 41.9028,
        lng: 12.4964,
        places: ['Trastevere', 'Pantheon', 'Villa Borghese'],
      },
      {
        name: 'Positano',
        lat: 40.6281,
        lng: 14.485,
        places: ['Spiaggia Grande', 'Path of the Gods'],
      },
      {
        name: 'Dolomites',
        lat: 46.4102,
        lng: 11.844,
        places: ['Seceda', 'Lago di Braies', 'Tre Cime di Lavaredo'],
      },
    ],
  },
];

export const slugify = (s: string) =>
  s
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
