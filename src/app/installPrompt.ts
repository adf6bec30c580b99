// Holds the browser's install offer (`beforeinstallprompt`, Chromium only) for the install banner.
// The browser fires it once per page, possibly before the first render, so the listener starts
// when this module loads rather than when the banner mounts.
import { useSyncExternalStore } from 'react';
import { isDismissed } from '../lib/dismissCookies';
import { isFeatureEnabled } from '../lib/sharedData';

/** Not in lib.dom: Chromium's install offer. prompt() may be called once. */
export interface BeforeInstallPromptEvent extends Event {
  prompt(): Promise<unknown>;
  readonly userChoice: Promise<{ outcome: 'accepted' | 'dismissed'; platform: string }>;
}

let offer: BeforeInstallPromptEvent | null = null;
const listeners = new Set<() => void>();

function setOffer(next: BeforeInstallPromptEvent | null): void {
  offer = next;
  for (const listener of listeners) listener();
}

/** Takes the offer (it cannot be used twice) and hides the banner. */
export function takeInstallOffer(): BeforeInstallPromptEvent | null {
  const taken = offer;
  setOffer(null);
  return taken;
}

export function useInstallOffer(): BeforeInstallPromptEvent | null {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => offer,
  );
}

export function listenForInstallOffer(target: Window = window): () => void {
  const onOffer = (event: Event) => {
    // Switched off or dismissed within 30 days: leave the browser its own install UI.
    if (!isFeatureEnabled('add_to_home_screen') || isDismissed('addToHomescreen')) return;
    event.preventDefault(); // keeps Chrome's mini-infobar away; our banner asks instead
    setOffer(event as BeforeInstallPromptEvent);
  };
  const onInstalled = () => setOffer(null);
  target.addEventListener('beforeinstallprompt', onOffer);
  target.addEventListener('appinstalled', onInstalled);
  return () => {
    target.removeEventListener('beforeinstallprompt', onOffer);
    target.removeEventListener('appinstalled', onInstalled);
  };
}

if (typeof window !== 'undefined') listenForInstallOffer();
