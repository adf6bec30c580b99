import { useEffect, useId, useSyncExternalStore } from 'react';
import type { Location } from '../../lib/router';

// The grid a post modal was opened from (content §2: profile, saved, tag, location and explore
// grids), so the modal's ‹ › buttons and arrow keys can step through it. Each grid on screen
// registers its posts under its own id; the link that opens the modal carries that id in its
// state. The grid stays mounted under the modal, so its entry follows the pages it loads.

export interface ModalSequencePost {
  id: string;
  shortcode: string;
}

export interface ModalSequence {
  posts: readonly ModalSequencePost[];
  /** The modal address of a post of this grid (content §2: /p/{mediaId}/?{overlay kind}). */
  pathOf: (post: ModalSequencePost) => string;
  /** Asks for the grid's next page (the modal shows its last loaded post). */
  loadMore?: () => void;
}

/** Link state for a post opened as a modal over `location` from the grid `gridId`. */
export interface PostModalLinkState {
  backgroundLocation: Location;
  modalGrid?: string;
}

const grids = new Map<string, ModalSequence>();
const listeners = new Set<() => void>();
let version = 0;

function changed(): void {
  version += 1;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Registers a grid's posts for the modal while it is mounted; returns the grid's id. */
export function useModalSequence(sequence: ModalSequence): string {
  const gridId = useId();
  const { posts, pathOf, loadMore } = sequence;
  useEffect(() => {
    grids.set(gridId, { posts, pathOf, loadMore });
    changed();
  }, [gridId, posts, pathOf, loadMore]);
  useEffect(
    () => () => {
      grids.delete(gridId);
      changed();
    },
    [gridId],
  );
  return gridId;
}

/** The grid the modal was opened from, or undefined (opened from elsewhere, or gone). */
export function useOpenedFromGrid(gridId: string | undefined): ModalSequence | undefined {
  useSyncExternalStore(
    subscribe,
    () => version,
    () => version,
  );
  return gridId === undefined ? undefined : grids.get(gridId);
}

/** The posts before and after `code` (a media id or a shortcode) in the sequence. */
export function neighboursOf(
  sequence: ModalSequence | undefined,
  code: string,
): {
  previous?: ModalSequencePost;
  next?: ModalSequencePost;
  isLast: boolean;
} {
  const posts = sequence?.posts ?? [];
  const index = posts.findIndex((p) => p.id === code || p.shortcode === code);
  if (index < 0) return { isLast: false };
  return {
    previous: posts[index - 1],
    next: posts[index + 1],
    isLast: index === posts.length - 1,
  };
}
