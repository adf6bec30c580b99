import { useEffect } from 'react';
import { useSnapshot } from 'valtio';
import type { WireProfile } from '../../api/profile';
import { loadProfile, profileKey, profileState, type ProfileResource } from '../../state/profile';
import { relationshipFromWire, type Relationship } from '../../state/relationships';

/** The profile header resource for `username`, loaded on first use and on every username change. */
export function useProfile(username: string): ProfileResource {
  useEffect(() => {
    const controller = new AbortController();
    void loadProfile(username, controller.signal);
    return () => controller.abort();
  }, [username]);
  const snap = useSnapshot(profileState);
  return (
    (snap.profiles[profileKey(username)] as ProfileResource | undefined) ?? {
      status: 'loading',
    }
  );
}

// One Relationship object per profile object, so buttons get a stable prop.
const initialRelationships = new WeakMap<WireProfile, Relationship>();

export function initialRelationship(user: WireProfile): Relationship {
  let rel = initialRelationships.get(user);
  if (!rel) {
    rel = relationshipFromWire(user);
    initialRelationships.set(user, rel);
  }
  return rel;
}

/** Whether the viewer may see this profile's posts and lists (our server's visibility rule). */
export function canSeeContent(user: WireProfile, rel: Relationship): boolean {
  if (user.is_viewer) return true;
  if (rel.blockedByViewer.state) return false;
  return !user.is_private || rel.followedByViewer.state === 'following';
}
