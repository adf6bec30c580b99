/**
 * A member's device-level settings that have no page: push registrations (accounts §3 "Push
 * registration payload") and zero-rating preferences (§3, one per media type).
 */
import type { AppContext } from '../context.ts';

export interface PushRegistration {
  deviceToken: string;
  deviceType: 'web';
  mid: string | null;
}

/**
 * Stores the browser's push subscription for the member. A token names one subscription, so
 * registering it again, from any account, moves it to that account.
 */
export async function registerPush(
  ctx: AppContext,
  userId: string,
  registration: PushRegistration,
): Promise<void> {
  const row = {
    user_id: userId,
    device_type: registration.deviceType,
    mid: registration.mid,
    updated_at: ctx.now(),
  };
  await ctx.db
    .insertInto('push_registrations')
    .values({ device_token: registration.deviceToken, ...row })
    .onConflict((oc) => oc.column('device_token').doUpdateSet(row))
    .execute();
}

/** Records the member's zero-rating choice for `mediaType`; one row per media type. */
export async function setZeroRatingPreference(
  ctx: AppContext,
  userId: string,
  mediaType: string,
): Promise<void> {
  const updatedAt = ctx.now();
  await ctx.db
    .insertInto('zero_rating_preferences')
    .values({ user_id: userId, media_type: mediaType, updated_at: updatedAt })
    .onConflict((oc) =>
      oc.columns(['user_id', 'media_type']).doUpdateSet({ updated_at: updatedAt }),
    )
    .execute();
}
