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
