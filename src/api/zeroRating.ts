// The zero-rating preference (accounts-platform §7), set from the data-saver upsell. Its own
// module, not settings.ts: the upsell is on every page, and whatever module it imports from
// loads with the entry, where the settings pages' calls have no business.
import { apiPost } from './client';

/** Spec §7 zero-rating preference, one per media type (POST /zr/nux/update_preference/). */
export function setZeroRatingPreference(mediaType: 'photo' | 'video'): Promise<unknown> {
  return apiPost<unknown>('/zr/nux/update_preference/', { media_type: mediaType });
}
