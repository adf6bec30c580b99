import { useEffect, useState } from 'react';
import { useLocation, useNavigate } from '../../lib/router';
import { isExternalLoginAvailable } from '../../lib/externalProvider';
import { resetAuthForms, switchAuthForm, type AuthFormType } from '../../state/authForm';
import { completeExternalReturn, startExternalStatusChecks } from '../../state/external';

// A provider code works once: StrictMode's second effect run must not exchange it again.
const handledCodes = new Set<string>();

/**
 * Shared by the login and signup pages: a fresh page starts at `initialForm` with every other
 * form reset; back from the external provider (?code= / ?error=) it completes the external login
 * and drops those parameters from the address; the provider status is checked while open.
 */
export function useAuthPage(initialForm: () => AuthFormType, next: string | null): void {
  const location = useLocation();
  const navigate = useNavigate();
  const params = new URLSearchParams(location.search);
  const code = params.get('code');
  const error = params.get('error');
  const returning = code !== null || error !== null;

  // Before the first render reads the stores, so a page never shows a form left by the last one.
  useState(() => {
    resetAuthForms();
    if (!returning) switchAuthForm(initialForm());
    return true;
  });

  useEffect(() => {
    if (!returning) return;
    const key = code ?? `error:${location.key}`;
    if (handledCodes.has(key)) return;
    handledCodes.add(key);
    const returnURL = `${location.pathname}${location.search}`;
    params.delete('code');
    params.delete('error');
    const query = params.toString();
    navigate(`${location.pathname}${query ? `?${query}` : ''}`, { replace: true });
    void completeExternalReturn({ code, error, returnURL, next });
    // Runs once per page visit; the address change above must not restart it.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  useEffect(() => (isExternalLoginAvailable() ? startExternalStatusChecks() : undefined), []);
}
