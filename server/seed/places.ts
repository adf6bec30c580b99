// The locations directory: countries → cities → venues, with real-world coordinates.

export interface VenueSeed {
  name: string;
  lat: number;
  lng: number;
  address: string;
}
export interface CitySeed {
  name: string;
  venues: VenueSeed[];
}
export interface CountrySeed {
  id: string; // ISO code
  name: string;
  cities: CitySeed[];
}

export const PLACES: CountrySeed[] = [
  {
    id: 'PT',
    name: 'Portugal',
    cities: [
      {
        name: 'Lisbon',
        venues: [
          {
            name: 'Miradouro da Senhora do Monte',
            lat: 38.7192,
            lng: -9.1327,
            address: 'Largo Monte',
          },
          { name: 'Belém Tower', lat: 38.6916, lng: -9.216, address: 'Av. Brasília' },
          { name: 'LX Factory', lat: 38.7033, lng: -9.1784, address: 'R. Rodrigues de Faria 103' },
          { name: 'Praça do Comércio', lat: 38.7075, lng: -9.1364, address: 'Praça do Comércio' },
        ],
      },
      {
        name: 'Porto',
        venues: [
          { name: 'Ribeira', lat: 41.1408, lng: -8.6132, address: 'Cais da Ribeira' },
          { name: 'Livraria Lello', lat: 41.1469, lng: -8.6149, address: 'R. das Carmelitas 144' },
          { name: 'Dom Luís I Bridge', lat: 41.1399, lng: -8.6094, address: 'Ponte Luiz I' },
        ],
      },
      {
        name: 'Lagos',
        venues: [
          { name: 'Ponta da Piedade', lat: 37.0809, lng: -8.6689, address: 'Ponta da Piedade' },
          { name: 'Praia Dona Ana', lat: 37.0924, lng: -8.6692, address: 'Praia Dona Ana' },
        ],
      },
    ],
  },
  {
    id: 'JP',
    name: 'Japan',
    cities: [
      {
        name: 'Tokyo',
        venues: [
          {
            name: 'Shibuya Crossing',
            lat: 35.6595,
            lng: 139.7005,
            address: '2 Chome Dogenzaka, Shibuya',
          },
          {
            name: 'Tokyo Tower',
            lat: 35.6586,
            lng: 139.7454,
            address: '4 Chome-2-8 Shibakoen, Minato',
          },
          { name: 'Senso-ji', lat: 35.7148, lng: 139.7967, address: '2 Chome-3-1 Asakusa, Taito' },
          { name: 'Shinjuku Gyoen', lat: 35.6852, lng: 139.71, address: '11 Naitomachi, Shinjuku' },
          {
            name: 'Tsukiji Outer Market',
            lat: 35.6654,
            lng: 139.7707,
            address: '4 Chome-16-2 Tsukiji, Chuo',
          },
        ],
      },
      {
        name: 'Kyoto',
        venues: [
          {
            name: 'Fushimi Inari Taisha',
            lat: 34.9671,
            lng: 135.7727,
            address: '68 Fukakusa Yabunouchicho',
          },
          {
            name: 'Arashiyama Bamboo Grove',
            lat: 35.017,
            lng: 135.6713,
            address: 'Sagaogurayama Tabuchiyamacho',
          },
          {
            name: 'Kiyomizu-dera',
            lat: 34.9949,
            lng: 135.785,
            address: '1 Chome-294 Kiyomizu, Higashiyama',
          },
        ],
      },
    ],
  },
  {
    id: 'US',
    name: 'United States',
    cities: [
      {
        name: 'New York',
        venues: [
          { name: 'Brooklyn Bridge', lat: 40.7061, lng: -73.9969, address: 'Brooklyn Bridge' },
          { name: 'Central Park', lat: 40.7829, lng: -73.9654, address: 'Central Park' },
          { name: 'The High Line', lat: 40.748, lng: -74.0048, address: 'New York, NY 10011' },
          { name: 'DUMBO', lat: 40.7033, lng: -73.9881, address: 'Washington St, Brooklyn' },
        ],
      },
      {
        name: 'San Francisco',
        venues: [
          {
            name: 'Golden Gate Bridge',
            lat: 37.8199,
            lng: -122.4783,
            address: 'Golden Gate Bridge',
          },
          { name: 'Baker Beach', lat: 37.7936, lng: -122.4836, address: '1504 Pershing Dr' },
          { name: 'Twin Peaks', lat: 37.7544, lng: -122.4477, address: '501 Twin Peaks Blvd' },
        ],
      },
      {
        name: 'Honolulu',
        venues: [
          { name: 'Waikiki Beach', lat: 21.2793, lng: -157.8292, address: 'Waikiki' },
          { name: 'Diamond Head', lat: 21.2614, lng: -157.8056, address: 'Diamond Head Rd' },
        ],
      },
    ],
  },
  {
    id: 'IS',
    name: 'Iceland',
    cities: [
      {
        name: 'Reykjavík',
        venues: [
          { name: 'Hallgrímskirkja', lat: 64.1417, lng: -21.9266, address: 'Hallgrímstorg 1' },
          { name: 'Harpa Concert Hall', lat: 64.1503, lng: -21.9327, address: 'Austurbakki 2' },
          { name: 'Sun Voyager', lat: 64.1476, lng: -21.9223, address: 'Sæbraut' },
        ],
      },
      {
        name: 'Vík',
        venues: [
          {
            name: 'Reynisfjara Black Sand Beach',
            lat: 63.4044,
            lng: -19.0449,
            address: 'Reynisfjara',
          },
          { name: 'Vík Church', lat: 63.4195, lng: -19.0066, address: 'Vík í Mýrdal' },
        ],
      },
    ],
  },
  {
    id: 'IT',
    name: 'Italy',
    cities: [
      {
        name: 'Rome',
        venues: [
          { name: 'Colosseum', lat: 41.8902, lng: 12.4922, address: 'Piazza del Colosseo, 1' },
          { name: 'Trastevere', lat: 41.8897, lng: 12.4694, address: 'Trastevere' },
          { name: 'Pantheon', lat: 41.8986, lng: 12.4769, address: 'Piazza della Rotonda' },
        ],
      },
      {
        name: 'Florence',
        venues: [
          {
            name: 'Piazzale Michelangelo',
            lat: 43.7629,
            lng: 11.2651,
            address: 'Piazzale Michelangelo',
          },
          { name: 'Ponte Vecchio', lat: 43.768, lng: 11.2531, address: 'Ponte Vecchio' },
        ],
      },
      {
        name: 'Venice',
        venues: [
          { name: 'Rialto Bridge', lat: 45.438, lng: 12.3359, address: 'Sestiere San Polo' },
          { name: "St Mark's Square", lat: 45.4341, lng: 12.3388, address: 'Piazza San Marco' },
          { name: 'Burano', lat: 45.4853, lng: 12.4167, address: 'Burano' },
        ],
      },
      {
        name: 'Amalfi',
        venues: [
          { name: 'Positano Beach', lat: 40.628, lng: 14.4849, address: 'Spiaggia Grande' },
          { name: 'Amalfi Cathedral', lat: 40.6346, lng: 14.6027, address: "Piazza Sant'Andrea" },
        ],
      },
    ],
  },
];

/** 'Miradouro da Senhora do Monte' → 'miradouro-da-senhora-do-monte'. */
export function slugify(name: string): string {
  return name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}
