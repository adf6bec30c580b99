import { proxy } from 'valtio';
import { TOAST_DURATION_MS } from '../lib/tokens';

export interface ToastOptions {
  text: string;
  actionText?: string;
  onAction?: () => void;
  /** Keep the toast through the next navigation (spec: "may persist once across navigation"). */
  persistOnNavigate?: boolean;
}

export interface ActiveToast extends ToastOptions {
  id: number;
  /** True once the toast has already lived through the one navigation it may survive. */
  survivedNavigation: boolean;
}

interface ToastState {
  current: ActiveToast | null;
}

export const toastState = proxy<ToastState>({ current: null });

// Timers and the last location live outside React and outside the store: they are bookkeeping,
// not something a component renders.
let nextId = 1;
let clearTimer: ReturnType<typeof setTimeout> | null = null;
let lastLocationKey: string | null = null;

function cancelTimer(): void {
  if (clearTimer !== null) {
    clearTimeout(clearTimer);
    clearTimer = null;
  }
}

/** Shows a toast for TOAST_DURATION_MS (5 s), replacing any toast on screen. */
export function showToast(options: ToastOptions): void {
  cancelTimer();
  const id = nextId++;
  toastState.current = { ...options, id, survivedNavigation: false };
  clearTimer = setTimeout(() => {
    clearTimer = null;
    if (toastState.current?.id === id) toastState.current = null;
  }, TOAST_DURATION_MS);
}

export function dismissToast(): void {
  cancelTimer();
  toastState.current = null;
}

/** Runs the toast's action (e.g. Retry) and closes it. */
export function runToastAction(): void {
  const action = toastState.current?.onAction;
  dismissToast();
  action?.();
}

/**
 * Called by the app shell whenever the location changes. A toast without persistOnNavigate is
 * cleared by a navigation; a persistent one survives exactly one and is cleared by the next.
 */
export function noteNavigation(locationKey: string): void {
  if (lastLocationKey === locationKey) return;
  const isFirstLocation = lastLocationKey === null;
  lastLocationKey = locationKey;
  const toast = toastState.current;
  if (isFirstLocation || !toast) return;
  if (toast.persistOnNavigate && !toast.survivedNavigation) {
    toast.survivedNavigation = true;
    return;
  }
  dismissToast();
}

/** Test helper: forget timers and history between tests. */
export function resetToastState(): void {
  dismissToast();
  lastLocationKey = null;
}
