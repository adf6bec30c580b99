import { useEffect } from 'react';

/**
 * A full page load (not a router navigation). Used after login and logout so the server renders
 * the page again and injects the new viewer into the shared page data.
 */
export function fullPageLoad(url: string): void {
  window.location.assign(url);
}

/** The current path with its query, as used for a `next` parameter. */
export function currentPathWithSearch(location: { pathname: string; search: string }): string {
  return `${location.pathname}${location.search}`;
}

/**
 * Titles that mounted pages and dialogs asked for, the newest last: a post opened in a modal over
 * a profile names the tab while it is open, and the profile's title comes back when it closes.
 * (Here, in the entry's code, so that no page loads a chunk of its own for it.)
 */
const pageTitles: string[] = [];
const showPageTitle = () => {
  const title = pageTitles[pageTitles.length - 1];
  document.title = title ? `${title} • Glint` : 'Glint';
};

/** `title` names the browser tab ("{title} • Glint") while the calling component is mounted. */
export function usePageTitle(title: string | null | undefined): void {
  useEffect(() => {
    if (!title) return;
    pageTitles.push(title);
    showPageTitle();
    return () => {
      pageTitles.splice(pageTitles.lastIndexOf(title), 1);
      showPageTitle();
    };
  }, [title]);
}
