// The locations directory rows.
import type { LocationsTable } from '../../db/schema.ts';
import { PLACES, slugify } from '../places.ts';
import type { Planner } from './types.ts';

const HEX = '0123456789abcdef';

export function planPlaces(p: Planner): LocationsTable[] {
  const { rng, plan } = p;
  let cityNumber = 0;
  for (const country of PLACES) {
    plan.countries.push({ id: country.id, name: country.name, slug: slugify(country.name) });
    for (const city of country.cities) {
      cityNumber += 1;
      // City ids look like the network's own ('c' + digits) and never collide with numeric ids.
      const cityId = `c${2_700_000 + cityNumber}`;
      plan.cities.push({
        id: cityId,
        country_id: country.id,
        name: city.name,
        slug: slugify(city.name),
      });
      for (const v of city.venues) {
        let fsq = '';
        for (let i = 0; i < 24; i++) fsq += HEX[rng.int(0, 15)];
        plan.locations.push({
          id: p.ids.next(),
          city_id: cityId,
          name: v.name,
          slug: slugify(v.name),
          lat: v.lat,
          lng: v.lng,
          address: `${v.address}, ${city.name}`,
          external_id: `fsq_${fsq}`,
          external_id_source: 'foursquare',
          has_public_page: 1,
        });
      }
    }
  }
  return plan.locations;
}
