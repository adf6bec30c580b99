// Logged auth events (spec §5 "logged failure types", signup error types, phone steps). Each goes
// to the telemetry batch (src/lib/eventLog) and to any listener here.
import { logClientEvent } from '../lib/eventLog';

export type AuthEvent =
  | {
      name: 'login_failure';
      type: 'login_required' | 'password_required' | 'login_mismatch' | 'password_mismatch';
    }
  | {
      name: 'login_success';
      reactivated: boolean;
      method: 'password' | 'two_factor' | 'one_tap' | 'external';
    }
  | { name: 'signup_error'; type: 'form_validation_error' | 'confirmation_error' | string }
  | { name: 'signup_phone_step'; step: string }
  | { name: 'signup_success'; method: 'email' | 'phone' | 'external' };

type Listener = (event: AuthEvent) => void;
const listeners = new Set<Listener>();

export function logAuthEvent(event: AuthEvent): void {
  const { name, ...extra } = event;
  logClientEvent(name, extra);
  for (const listener of listeners) listener(event);
}

/** Returns the unsubscribe function. */
export function onAuthEvent(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
