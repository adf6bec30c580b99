import { useEffect, useSyncExternalStore } from 'react';

/** The site's name: every tab title ends with it, and a page without a title of its own is it. */
export const SITE_NAME = 'Glint';

/**
 * Titles that mounted pages and dialogs asked for, the newest last: a post opened in a modal over
 * a profile names the tab while it is open, and the profile's title comes back when it closes.
 */
const requested: { title: string }[] = [];
const listeners = new Set<() => void>();

function changed() {
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const newest = () => requested.at(-1)?.title ?? null;

/** `title` names the tab ("{title} • Glint") while the calling component is mounted. */
export function usePageTitle(title: string | null | undefined): void {
  useEffect(() => {
    if (!title) return;
    const entry = { title };
    requested.push(entry);
    changed();
    return () => {
      requested.splice(requested.indexOf(entry), 1);
      changed();
    };
  }, [title]);
}

/** The text of the tab: the page's own title if it gave one, else its route's, then the site's. */
export function documentTitle(title: string | null): string {
  return title ? `${title} • ${SITE_NAME}` : SITE_NAME;
}

/** Keeps document.title in step (the app's frame calls it once, with the matched route's title). */
export function useDocumentTitle(routeTitle: string | null): void {
  const pageTitle = useSyncExternalStore(subscribe, newest, newest);
  const text = documentTitle(pageTitle ?? routeTitle);
  useEffect(() => {
    document.title = text;
  }, [text]);
}
