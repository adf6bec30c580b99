/**
 * Where the focus goes after an in-app navigation. The link or button the member pressed usually
 * goes away with the page it was on, and the browser then drops the focus to the document: the
 * next Tab started again at the top of the site, and a screen reader said nothing about the new
 * page. Loaded at the first navigation (AppLayout), so it costs the first page nothing.
 *
 * Only a lost focus is moved: a page or dialog that places the focus itself (the create flow's
 * step name, a post opened as a modal), and a link that stays (the nav bar's), keep theirs. An
 * overlay that closes because of the navigation (the phone's menu sheet) drops the focus a few
 * frames later, so a kept focus is watched for OVERLAY_MS.
 * - Back or Forward: the link the member left this page by, when it is there again (the grid tile
 *   of the post they opened; of several links to the same address, the one nearest the screen;
 *   the author's name in a post modal shown again over its page), else the first control on
 *   screen, so they carry on from where they were.
 * - Any other navigation: the pressed link again when it was one of a set of tabs and the new page
 *   shows it as the current one (a profile's Posts and Saved), else the page's h1.
 * - Else, or when none shows within WAIT_MS (LOADING_WAIT_MS while the page shows a loading
 *   state, aria-busy): the main area, so the next Tab goes to the page's first control.
 * A link or control that takes the focus is scrolled into view if the restored scroll position
 * left it off screen (or under the fixed bars).
 */

/** How long to wait for the page's link or heading to render; longer while it says it is loading. */
const WAIT_MS = 1000;
const LOADING_WAIT_MS = 4000;
/** How long a tab is waited for once the page's heading is there. */
const TAB_WAIT_MS = 200;
/** How long a focus the page kept is watched, for an overlay that closes with the navigation. */
const OVERLAY_MS = 200;

/** Each history entry's leaving link (location key → its href). */
const leftBy = new Map<string, string>();
/** Stops an earlier navigation's wait when another navigation comes. */
let settling = 0;

const CONTROLS = 'a[href], button, input, select, textarea, [tabindex]:not([tabindex="-1"])';

/** Marks a heading this module gave the focus, which a later navigation may move on. */
const PLACED = 'data-route-focus';

function focusLost(main: HTMLElement): boolean {
  const active = document.activeElement;
  return (
    !active ||
    active === document.body ||
    active === main ||
    !active.isConnected ||
    active.hasAttribute(PLACED)
  );
}

/** How far an element is from the part of the screen the fixed bars leave (0: on it). */
function offScreen(element: Element): number {
  const rect = element.getBoundingClientRect();
  if (rect.width === 0 && rect.height === 0) return Infinity;
  const top = window.innerHeight * 0.1;
  const bottom = window.innerHeight * 0.9;
  return Math.max(0, top - rect.top, rect.bottom - bottom);
}

/** Of `elements`, the one nearest the screen. */
function nearest<T extends Element>(elements: T[]): T | null {
  let best: T | null = null;
  for (const element of elements) {
    if (!best || offScreen(element) < offScreen(best)) best = element;
  }
  return best;
}

/** The first one shown, in the document's order (a dialog: no bars cover any of it). */
function firstShown<T extends Element>(elements: T[]): T | null {
  return elements.find((element) => element.getClientRects().length > 0) ?? null;
}

function linkTo(
  scope: HTMLElement,
  href: string,
  current: boolean,
  pick: (links: HTMLAnchorElement[]) => HTMLAnchorElement | null = nearest,
): HTMLElement | null {
  const links = [...scope.querySelectorAll<HTMLAnchorElement>('a[href]')].filter(
    (link) =>
      link.getAttribute('href') === href &&
      link.getAttribute('tabindex') !== '-1' &&
      (!current || link.getAttribute('aria-current') === 'page'),
  );
  return pick(links);
}

/** The first control the member can see (Back to a page left by a menu or a dialog). */
function firstOnScreen(main: HTMLElement): HTMLElement | null {
  for (const control of main.querySelectorAll<HTMLElement>(CONTROLS)) {
    if (offScreen(control) === 0 && !control.closest('[aria-hidden="true"], [inert]')) {
      return control;
    }
  }
  return null;
}

function focusOn(element: HTMLElement): void {
  if (!element.hasAttribute('tabindex') && !element.matches(CONTROLS)) {
    element.tabIndex = -1;
    element.setAttribute(PLACED, '');
  }
  element.focus({ preventScroll: true });
  // A control the restored scroll left off screen is brought in; a heading is not chased.
  if (element.matches(CONTROLS) && offScreen(element) > 0) {
    element.scrollIntoView({ block: 'center' });
  }
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
  // Left some other way (a menu, a dialog, a button): no link to come back to.
  if (pressedHref) leftBy.set(from, pressedHref);
  else leftBy.delete(from);
  if (leftBy.size > 100) leftBy.delete(leftBy.keys().next().value!);

  const back = action === 'POP';
  // The link to wait for: on Back or Forward the one this page was left by; else the pressed one
  // when it was one of a set of tabs (in a nav), shown again on the new page as the current one.
  const wanted = back ? (leftBy.get(to) ?? null) : pressed?.closest('nav') ? pressedHref : null;
  const ticket = (settling += 1);
  const started = performance.now();
  const attempt = () => {
    if (ticket !== settling) return;
    const elapsed = performance.now() - started;
    // Back to a post modal left by a link in it (its author): that link, not the modal's Close.
    const modal = back && wanted ? document.querySelector<HTMLElement>('.post-modal') : null;
    const inModal = modal && wanted ? linkTo(modal, wanted, false, firstShown) : null;
    if (inModal) {
      if (document.activeElement !== inModal) focusOn(inModal);
      return;
    }
    if (!focusLost(main)) {
      if (elapsed < OVERLAY_MS) requestAnimationFrame(attempt);
      return;
    }
    const loading = main.querySelector('[aria-busy="true"]') !== null;
    const waited = elapsed >= (loading ? LOADING_WAIT_MS : WAIT_MS);
    const heading = main.querySelector<HTMLElement>('h1');
    let target = wanted ? linkTo(main, wanted, !back) : null;
    if (!target && back && (!wanted || waited)) target = firstOnScreen(main);
    if (!target && !back && (!wanted || elapsed >= TAB_WAIT_MS)) target = heading;
    if (!target && waited) target = heading ?? main;
    if (target) focusOn(target);
    else requestAnimationFrame(attempt);
  };
  attempt();
}
