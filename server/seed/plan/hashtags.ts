// Moderated hashtag pages, so both kinds can be seen in the demo: #outdoors opens behind a
// content advisory, #summervibes shows its top posts only. Both tags are in the captions of
// server/seed/text.ts. Fixed rows: they draw nothing from the PRNG, so every other row stays
// the same.
import type { Planner } from './types.ts';

export function planHashtagModeration(p: Planner): void {
  p.plan.hashtag_moderation.push(
    {
      hashtag: 'outdoors',
      is_top_media_only: 0,
      advisory_title: 'Take care out there',
      advisory_description:
        'Posts with this hashtag may show risky outdoor stunts, like standing on cliff edges ' +
        'or climbing without gear. A photo rarely shows how dangerous a spot really is.',
      advisory_learn_more_url: 'https://www.nps.gov/articles/hikingsafety.htm',
    },
    {
      hashtag: 'summervibes',
      is_top_media_only: 1,
      advisory_title: null,
      advisory_description: null,
      advisory_learn_more_url: null,
    },
  );
}
