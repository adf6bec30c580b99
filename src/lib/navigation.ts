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
