// Route rules of the story viewer (content §2): opening from the tray pushes
// /stories/{username}/ with the entry point in history state; moving to another user's reel
// replaces the route; closing goes back — or home when the viewer was the first page.

export interface StoriesEntryState {
  storiesEntry: 'reel_tray' | 'profile' | 'link';
}

export const storyPath = (username: string) => `/stories/${encodeURIComponent(username)}/`;

export function entryStateOf(state: unknown): StoriesEntryState | null {
  if (state && typeof state === 'object' && 'storiesEntry' in state) {
    return state as StoriesEntryState;
  }
  return null;
}

/** Going back is only safe when this app pushed the viewer (the entry point says so). */
export const canCloseByGoingBack = (state: unknown) => entryStateOf(state) !== null;

let earlyEscape: ((event: KeyboardEvent) => void) | null = null;

/**
 * From a tray tap until the viewer listens to the keyboard itself (its code, its renderer and the
 * picture take a few frames), an Escape still closes it, as the viewer's own would: by going
 * back, after `close` (the viewer's state).
 */
export function closeOnEarlyEscape(close: () => void): void {
  stopEarlyEscape();
  const listener = (event: KeyboardEvent) => {
    if (event.key !== 'Escape') return;
    stopEarlyEscape();
    if (!window.location.pathname.startsWith('/stories/')) return;
    event.preventDefault();
    close();
    window.history.back();
  };
  earlyEscape = listener;
  window.addEventListener('keydown', listener);
}

/** The viewer listens to the keyboard now, or has gone. */
export function stopEarlyEscape(): void {
  if (earlyEscape) window.removeEventListener('keydown', earlyEscape);
  earlyEscape = null;
}
