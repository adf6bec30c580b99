import type { MouseEvent } from 'react';

/** True inside an iframe (a cross-origin parent makes `window.top` unreadable: framed too). */
export function isFramed(): boolean {
  try {
    return window.self !== window.top;
  } catch {
    return true;
  }
}

/**
 * Click handler for the capture phase of an embed: inside an iframe a link must open Glint in a
 * new tab rather than navigate the small frame on someone else's page. Capturing covers every
 * link in the card (caption hashtags and mentions, tagged people) without a prop on each one, and
 * stopping the event here keeps the router's Link from navigating in-frame as well.
 */
export function openLinksOutsideFrame(event: MouseEvent<HTMLElement>): void {
  if (event.button !== 0 || !isFramed()) return;
  const anchor = (event.target as Element | null)?.closest?.('a[href]');
  if (!(anchor instanceof HTMLAnchorElement)) return;
  event.preventDefault();
  event.stopPropagation();
  window.open(anchor.href, '_blank', 'noopener,noreferrer');
}
