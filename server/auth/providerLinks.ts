/**
 * Linking a provider identity to a member (users.fb_id) after an external login, at once or,
 * for a member with two-factor on, once the code step passes (accounts §7, §8).
 */
import type { AppContext } from '../context.ts';

/** A held link outlives a challenge's codes (10 minutes each, resent on request) comfortably. */
export const HELD_LINK_SECONDS = 60 * 60;

/**
 * Links `providerId` to the member unless the member is linked already or another member has
 * taken the identity meanwhile (the unique fb_id then keeps the first link; the login stands).
 */
export async function linkProvider(
  ctx: AppContext,
  userId: string,
  providerId: string,
): Promise<void> {
  const owner = await ctx.db
    .selectFrom('users')
    .select('id')
    .where('fb_id', '=', providerId)
    .executeTakeFirst();
  if (owner) return;
  await ctx.db
    .updateTable('users')
    .set({ fb_id: providerId })
    .where('id', '=', userId)
    .where('fb_id', 'is', null)
    .execute()
    .catch(() => undefined); // lost a race for the same identity: someone linked it first
}

/** Holds the identity of an external login until its two-factor challenge `target` passes. */
export async function holdProviderLink(
  ctx: AppContext,
  target: string,
  providerId: string,
): Promise<void> {
  const now = ctx.now();
  await ctx.db.deleteFrom('held_provider_links').where('expires_at', '<=', now).execute();
  await ctx.db
    .insertInto('held_provider_links')
    .values({ target, fb_id: providerId, expires_at: now + HELD_LINK_SECONDS })
    .execute();
}

/** After the challenge `target` passed: links the identity its login came through, if any. */
export async function finishHeldProviderLink(
  ctx: AppContext,
  userId: string,
  target: string,
): Promise<void> {
  const held = await ctx.db
    .deleteFrom('held_provider_links')
    .where('target', '=', target)
    .returning(['fb_id', 'expires_at'])
    .executeTakeFirst();
  if (held && held.expires_at > ctx.now()) await linkProvider(ctx, userId, held.fb_id);
}
