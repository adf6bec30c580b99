import { proxy } from 'valtio';
import { isExternalLoginAvailable } from '../lib/externalProvider';

/** Spec §4 auth form type. fbLogin is the external (social) login. */
export type AuthFormType =
  'none' | 'signup' | 'login' | 'fbLogin' | 'oneTapLogin' | 'twoFactor' | 'captcha';

export const authFormState = proxy<{ type: AuthFormType }>({ type: 'none' });

// Each form's store registers how it is reset. The registry keeps this module free of imports of
// the forms (they import it to switch), so there is no import cycle.
const resetters = new Map<AuthFormType, Set<() => void>>();

export function registerAuthFormReset(type: AuthFormType, reset: () => void): () => void {
  let set = resetters.get(type);
  if (!set) resetters.set(type, (set = new Set()));
  set.add(reset);
  return () => set.delete(reset);
}

/** Switching the form type resets every other form (spec §4); the chosen one keeps its state. */
export function switchAuthForm(type: AuthFormType): void {
  for (const [formType, resets] of resetters) {
    if (formType === type) continue;
    for (const reset of resets) reset();
  }
  authFormState.type = type;
}

/**
 * External login when it is possible here (provider, own host, country); otherwise the given
 * fallback, or login. Returns the form type that was switched to.
 */
export function switchToExternalLogin(
  fallback: AuthFormType = 'login',
  available: boolean = isExternalLoginAvailable(),
): AuthFormType {
  const type = available ? 'fbLogin' : fallback;
  switchAuthForm(type);
  return type;
}

/** A freshly opened account page: every form starts empty. */
export function resetAuthForms(): void {
  for (const resets of resetters.values()) for (const reset of resets) reset();
  authFormState.type = 'none';
}
