// Rows behind demo's settings pages, so "Apps and websites" and "Contacts" show real lists.
import type { Planner } from './types.ts';
import type { Cast } from './users.ts';

export function planSettings(p: Planner, cast: Cast): void {
  const demo = cast.demo.id;
  p.plan.app_authorizations.push(
    {
      token: 'demo-app-photo-frame',
      user_id: demo,
      app_name: 'Photo Frame',
      app_description: 'Shows your latest posts on a digital frame at home.',
      scopes: 'basic',
    },
    {
      token: 'demo-app-print-shop',
      user_id: demo,
      app_name: 'Print Shop',
      app_description: 'Orders prints of the photos you pick.',
      scopes: 'basic,public_content',
    },
  );
  for (const raw of [
    '+1 555 555 0100',
    'friend@example.com',
    '+1 555 555 0177',
    'sam@example.org',
  ]) {
    p.plan.contacts.push({ id: p.ids.next(), user_id: demo, raw_value: raw });
  }
}
