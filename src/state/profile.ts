// Profiles (content §3 "Public user"): the header per username, the follow lists, collections and
// suggested people. Each async resource is a status union (CONVENTIONS 7).
import { proxy } from 'valtio';
import { RequestError, isAbortError } from '../api/client';
import {
  fetchProfile,
  fetchSuggestedUsers,
  followListPage,
  mediaCollectionsPage,
  type FollowListKind,
  type SuggestedUser,
  type WireCollection,
  type WireProfile,
} from '../api/profile';
import type { Connection, WireUser } from '../api/types';
import { logClientEvent } from '../lib/eventLog';
import { pagePrefetch } from '../lib/pagePrefetch';
import { FOLLOW_LIST_PRELOAD_PAGES } from '../lib/tokens';
import { loadPage, type PagedList } from './postFeeds';
import { relationshipFromWire, rememberRelationship } from './relationships';

export type ProfileResource =
  | { status: 'loading' }
  | { status: 'notFound' }
  | { status: 'error'; error: string }
  | { status: 'ready'; data: WireProfile };

export type SuggestionsResource =
  { status: 'loading' } | { status: 'failed' } | { status: 'ready'; data: SuggestedUser[] };

interface ProfileState {
  /** Keyed by lowercased username. */
  profiles: Record<string, ProfileResource>;
  /** Keyed '<followers|following>:<userId>'. */
  followLists: Record<string, PagedList<WireUser>>;
  /** Keyed by owner id. */
  collections: Record<string, PagedList<WireCollection>>;
  suggestions: SuggestionsResource;
}

export const profileState = proxy<ProfileState>({
  profiles: {},
  followLists: {},
  collections: {},
  suggestions: { status: 'loading' },
});

export const profileKey = (username: string) => username.toLowerCase();

/** Loads (or reloads) a profile header; the relationship goes to the relationship store. */
export async function loadProfile(username: string, signal?: AbortSignal): Promise<void> {
  const key = profileKey(username);
  if (profileState.profiles[key]?.status !== 'ready')
    profileState.profiles[key] = { status: 'loading' };
  try {
    const user = await fetchProfile(username, { signal });
    if (!user.is_viewer) rememberRelationship(user.id, relationshipFromWire(user));
    profileState.profiles[key] = { status: 'ready', data: user };
  } catch (error) {
    if (isAbortError(error)) return;
    // The server answers 404 for an unknown user and for one who blocked the viewer; a bad
    // username (400) is just as unavailable.
    if (error instanceof RequestError && (error.statusCode === 404 || error.statusCode === 400)) {
      profileState.profiles[key] = { status: 'notFound' };
      return;
    }
    profileState.profiles[key] = {
      status: 'error',
      error: error instanceof Error ? error.message : 'Something went wrong.',
    };
  }
}

/** Follow lists preload 1 page (content §9). */
const followListPreload = pagePrefetch<Connection<WireUser>>(FOLLOW_LIST_PRELOAD_PAGES);

export const followListKey = (userId: string, kind: FollowListKind) => `${kind}:${userId}`;

/** Loads a follow list page; every row's relationship goes to the relationship store. */
export function loadFollowList(userId: string, kind: FollowListKind, next = false) {
  const fetchPage = followListPage(userId, kind);
  return loadPage(
    profileState.followLists,
    followListKey(userId, kind),
    async (after, opts) => {
      const page = await fetchPage(after, opts);
      for (const { node } of page.edges) rememberRelationship(node.id, relationshipFromWire(node));
      return page;
    },
    next,
    followListPreload,
  );
}

export function loadCollections(userId: string, next = false) {
  return loadPage(profileState.collections, userId, mediaCollectionsPage(userId), next);
}

/** Suggested people; a failure is logged and marked failed (content §4 "Suggestions"). */
export async function loadSuggestions(): Promise<void> {
  profileState.suggestions = { status: 'loading' };
  try {
    const items = await fetchSuggestedUsers();
    for (const { user } of items) rememberRelationship(user.id, relationshipFromWire(user));
    profileState.suggestions = { status: 'ready', data: items };
  } catch (error) {
    console.warn('Suggested users failed to load.', error);
    logClientEvent('suggested_users_failure');
    profileState.suggestions = { status: 'failed' };
  }
}

/** Test helper. */
export function resetProfiles(): void {
  profileState.profiles = {};
  profileState.followLists = {};
  profileState.collections = {};
  profileState.suggestions = { status: 'loading' };
}
