// The demo cast. Order matters: the special accounts come first so a smaller `users` option
// still contains them.

export interface Member {
  username: string;
  fullName: string;
  bio: string;
  url: string;
  gender: 1 | 2 | 3;
  verified?: boolean;
  business?: boolean;
  private?: boolean;
}

export const DEMO_USERNAME = 'demo';
export const DEMO_PASSWORD = 'glint-demo';
export const TWO_FACTOR_USERNAME = 'twofactor';
export const TWO_FACTOR_PHONE = '+15555550123';

export const MEMBERS: Member[] = [
  {
    username: 'demo',
    fullName: 'Demo Member',
    bio: 'Trying out Glint ✨ Photos of places I love.',
    url: 'https://glint.test/demo',
    gender: 3,
  },
  {
    username: 'twofactor',
    fullName: 'Taylor Fox',
    bio: 'Security first. Sunsets second.',
    url: '',
    gender: 3,
  },
  {
    username: 'hana.sato',
    fullName: 'Hana Sato',
    bio: 'Close friends only 🌸',
    url: '',
    gender: 2,
    private: true,
  },
  {
    username: 'quinn.avery',
    fullName: 'Quinn Avery',
    bio: 'Private diary in pictures.',
    url: '',
    gender: 3,
    private: true,
  },
  {
    username: 'milo.inside',
    fullName: 'Milo Berg',
    bio: 'Mostly cats and coffee.',
    url: '',
    gender: 1,
    private: true,
  },
  {
    username: 'glint',
    fullName: 'Glint',
    bio: 'The official account of Glint. Share what you see. #glintdaily',
    url: 'https://glint.test',
    gender: 3,
    verified: true,
    business: true,
  },
  {
    username: 'ana.lima',
    fullName: 'Ana Lima',
    bio: 'Lisbon ☀️ light chaser, film & digital.',
    url: 'https://analima.example',
    gender: 2,
    verified: true,
  },
  {
    username: 'kenji.takeda',
    fullName: 'Kenji Takeda',
    bio: 'Tokyo nights / Kyoto mornings.',
    url: 'https://kenji.example/photos',
    gender: 1,
  },
  {
    username: 'maya.hills',
    fullName: 'Maya Hills',
    bio: 'Hiker. Summits, lakes and long trails 🏔️',
    url: '',
    gender: 2,
  },
  {
    username: 'oliver.sea',
    fullName: 'Oliver Marsh',
    bio: 'Surf, salt, repeat 🌊',
    url: 'https://oliversea.example',
    gender: 1,
  },
  {
    username: 'sofia.ramos',
    fullName: 'Sofia Ramos',
    bio: 'Designer. Colour addict.',
    url: 'https://sofiaramos.example',
    gender: 2,
  },
  {
    username: 'lucas.moreau',
    fullName: 'Lucas Moreau',
    bio: 'Architecture & skylines.',
    url: '',
    gender: 1,
  },
  {
    username: 'priya.lens',
    fullName: 'Priya Nair',
    bio: 'Street photographer. Everyday poetry.',
    url: 'https://priyalens.example',
    gender: 2,
  },
  {
    username: 'noah.cityscapes',
    fullName: 'Noah Bennett',
    bio: 'Cities after dark 🌃 prints in bio',
    url: 'https://noahbennett.example/prints',
    gender: 1,
    verified: true,
  },
  {
    username: 'emma.bakes',
    fullName: 'Emma Clarke',
    bio: 'Baker. Brunch enthusiast. Recipes ↓',
    url: 'https://emmabakes.example',
    gender: 2,
    verified: true,
    business: true,
  },
  {
    username: 'leo.trails',
    fullName: 'Leo Fischer',
    bio: 'Trail runner 🏃 100 km and counting.',
    url: '',
    gender: 1,
  },
  {
    username: 'zoe.mueller',
    fullName: 'Zoë Müller',
    bio: 'Berlin → everywhere.',
    url: '',
    gender: 2,
  },
  {
    username: 'ines.costa',
    fullName: 'Inês Costa',
    bio: 'Porto, azulejos and slow mornings.',
    url: '',
    gender: 2,
  },
  {
    username: 'marco.rossi',
    fullName: 'Marco Rossi',
    bio: 'Chef in Florence 🍝',
    url: 'https://marcorossi.example',
    gender: 1,
    verified: true,
  },
  { username: 'aiko.sun', fullName: 'Aiko Yamamoto', bio: 'Chasing sunrises.', url: '', gender: 2 },
  {
    username: 'tom.wanders',
    fullName: 'Tom Walker',
    bio: 'Van life 🚐 currently somewhere west.',
    url: 'https://tomwanders.example',
    gender: 1,
  },
  {
    username: 'nina.petrova',
    fullName: 'Nina Petrova',
    bio: 'Abstract painter. Studio notes.',
    url: 'https://ninapetrova.example',
    gender: 2,
  },
  {
    username: 'sam.eats',
    fullName: 'Sam Okafor',
    bio: 'Eating my way around the world.',
    url: '',
    gender: 1,
    business: true,
  },
  {
    username: 'luca.bianchi',
    fullName: 'Luca Bianchi',
    bio: 'Venice born, sea lover.',
    url: '',
    gender: 1,
  },
  {
    username: 'chloe.art',
    fullName: 'Chloé Martin',
    bio: 'Illustration & confetti 🎉',
    url: 'https://chloeart.example',
    gender: 2,
  },
  {
    username: 'omar.haddad',
    fullName: 'Omar Haddad',
    bio: 'Deserts, dunes and starry skies.',
    url: '',
    gender: 1,
  },
  {
    username: 'freya.north',
    fullName: 'Freya Sigurdsdottir',
    bio: 'Reykjavík. Aurora hunter 💚',
    url: '',
    gender: 2,
  },
  {
    username: 'diego.santos',
    fullName: 'Diego Santos',
    bio: 'Skate, sun, street food.',
    url: '',
    gender: 1,
  },
  {
    username: 'yuki.snow',
    fullName: 'Yuki Mori',
    bio: 'Winter is my season ❄️',
    url: '',
    gender: 2,
  },
  {
    username: 'ravi.patel',
    fullName: 'Ravi Patel',
    bio: 'Software by day, bokeh by night.',
    url: 'https://ravi.example',
    gender: 1,
  },
];
