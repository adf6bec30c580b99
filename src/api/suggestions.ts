// Suggestion calls (content §7): dismissing a suggested account (aysf) or an account from a
// profile's chaining row, and the profile chaining graph query ("Profile chaining by id").
import { apiPost, type RequestOptions } from './client';
import { graphQuery } from './graph';
import type { WireUser } from './types';

/** Hides `targetId` from the viewer's suggested users. */
export function dismissSuggestedUser(targetId: string): Promise<unknown> {
  return apiPost<unknown>('/web/discover/aysf_dismiss/', { target_id: targetId });
}

/** Hides `targetId` from the chaining row of profile `chainingUserId`. */
export function dismissChainingUser(targetId: string, chainingUserId: string): Promise<unknown> {
  return apiPost<unknown>('/web/discover/chaining_dismiss/', {
    target_id: targetId,
    chaining_user_id: chainingUserId,
  });
}

interface ChainingData {
  user: { id: string; edge_chaining: { edges: { node: WireUser }[] } };
}

/** Accounts like profile `userId` ("Suggested for you" after a follow). */
export async function fetchProfileChaining(
  userId: string,
  opts?: RequestOptions,
): Promise<WireUser[]> {
  const data = await graphQuery<ChainingData>('profileChaining', { id: userId }, opts);
  return data.user.edge_chaining.edges.map((e) => e.node);
}
