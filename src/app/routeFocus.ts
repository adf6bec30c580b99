/**
 * Where the focus goes after an in-app navigation. The link or button the member pressed usually
 * goes away with the page it was on, and the browser then drops the focus to the document: the
 * next Tab started again at the top of the site, and a screen reader said nothing about the new
 * page. Loaded at the first navigation (AppLayout), so it costs the first page nothing.
 *
 * Only a lost focus is moved: a page or dialog that places the focus itself (the create flow's
 * step name, a post opened as a modal), and a link that stays (the nav bar's), keep theirs.
 * - Back or Forward: the link the member left this page by, when it is there again (the grid tile
 *   of the post they opened), so they carry on from where they were.
 * - Any other navigation: the pressed link again when it was one of a set of tabs and the new page
 *   shows it as the current one (a profile's Posts and Saved), else the page's h1.
 * - Else, or when neither shows within WAIT_MS (a page still loading): the main area, so the next
 *   Tab goes to the page's first control.
 */

/** How long to wait for the page's link or heading to render. */
const WAIT_MS = 1000;

/** Each history entry's leaving link (location key → its href). */
const leftBy = new Map<string, string>();
/** Stops an earlier navigation's wait when another navigation comes. */
let settling = 0;

function focusLost(main: HTMLElement): boolean {
  const active = document.activeElement;
  return !active || active === document.body || active === main || !active.isConnected;
}

function linkTo(main: HTMLElement, href: string, current: boolean): HTMLElement | null {
  const links = main.querySelectorAll<HTMLAnchorElement>('a[href]');
  for (const link of links) {
    if (link.getAttribute('href') !== href || link.getAttribute('tabindex') === '-1') continue;
    if (current && link.getAttribute('aria-current') !== 'page') continue;
    return link;
  }
  return null;
}

function focusOn(element: HTMLElement): void {
  if (!element.hasAttribute('tabindex') && !element.matches('a[href], button, input')) {
    element.tabIndex = -1;
  }
  element.focus({ preventScroll: true });
}

/**
 * Called after the navigation from `from` to `to` has rendered. `pressed` is the link in the
 * page's main area that had the focus just before, while the old page was still there.
 */
export function settleFocus(
  from: string,
  to: string,
  action: 'POP' | 'PUSH' | 'REPLACE',
  pressed: Element | null | undefined,
): void {
  const main = document.getElementById('main');
  if (!main) return;
  const pressedHref = pressed?.getAttribute('href') ?? null;
  if (pressedHref) leftBy.set(from, pressedHref);
  if (leftBy.size > 100) leftBy.delete(leftBy.keys().next().value!);

  // The link to wait for: on Back or Forward the one this page was left by; else the pressed one
  // when it was one of a set of tabs (in a nav), shown again on the new page as the current one.
  const wanted =
    action === 'POP' ? (leftBy.get(to) ?? null) : pressed?.closest('nav') ? pressedHref : null;
  const ticket = (settling += 1);
  const started = performance.now();
  const attempt = () => {
    if (ticket !== settling || !focusLost(main)) return;
    const waited = performance.now() - started >= WAIT_MS;
    const link = wanted ? linkTo(main, wanted, action !== 'POP') : null;
    const heading = !wanted || waited ? main.querySelector<HTMLElement>('h1') : null;
    const target = link ?? heading ?? (waited ? main : null);
    if (target) focusOn(target);
    else requestAnimationFrame(attempt);
  };
  attempt();
}
