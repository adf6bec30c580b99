import { proxy } from 'valtio';
import { isTwoFactorRequired } from '../api/accounts';
import { RequestError, serverMessage } from '../api/client';
import { connectExternalAccount, exchangeExternalCode, externalLogin } from '../api/external';
import { fullPageLoad } from '../lib/navigation';
import { getExternalLoginProvider } from '../lib/externalProvider';
import { safeNext } from '../lib/safeNext';
import { EXTERNAL_LOGIN_STATUS_INTERVAL_MS, EXTERNAL_LOGIN_STATUS_TIMEOUT_MS } from '../lib/tokens';
import { isValidConnectRedirect } from '../lib/uri';
import { registerAuthFormReset, switchAuthForm } from './authForm';
import { logAuthEvent } from './authEvents';
import { prepareExternalSignup, resetExternalSignup } from './authExternalSignup';
import { showToast } from './toast';
import { startTwoFactor } from './twoFactor';

/** Spec §4 external login status. */
export type ExternalLoginStatus = 'unknown' | 'authorized' | 'not_authorized';

interface ExternalState {
  status: ExternalLoginStatus;
  /** The token a connected status hands over (the "Continue as …" button uses it). */
  accessToken: string | null;
  /** The provider's name for the connected person, once known. */
  name: string | null;
  flow: 'idle' | 'working' | 'signup';
  message: string | null;
}

export const externalState = proxy<ExternalState>({
  status: 'unknown',
  accessToken: null,
  name: null,
  flow: 'idle',
  message: null,
});

export const EXTERNAL_CANCELLED_MESSAGE = 'Login with the external service was cancelled.';
export const EXTERNAL_FAILED_MESSAGE =
  "Couldn't log you in with the external service. Please try again.";

export function resetExternalFlow(): void {
  externalState.flow = 'idle';
  externalState.message = null;
  resetExternalSignup();
}

registerAuthFormReset('fbLogin', resetExternalFlow);

/** One status check; a provider slower than 5 s counts as unknown this time. */
export async function checkExternalStatus(): Promise<void> {
  const provider = getExternalLoginProvider();
  if (!provider) return;
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), EXTERNAL_LOGIN_STATUS_TIMEOUT_MS);
  try {
    const answer = await provider.status({ signal: controller.signal });
    externalState.status = answer.status;
    externalState.accessToken = answer.status === 'authorized' ? answer.accessToken : null;
    if (answer.status !== 'authorized') externalState.name = null;
    else if (!externalState.name) {
      externalState.name = (await provider.profile(answer.accessToken)).name;
    }
  } catch {
    // Unreachable provider: keep the last known status; the next check may succeed.
  } finally {
    clearTimeout(timer);
  }
}

/** Spec §4/§9: checked on load, again after 5 s, then every 5 minutes. Returns the stop function. */
export function startExternalStatusChecks(): () => void {
  void checkExternalStatus();
  const retry = setTimeout(() => void checkExternalStatus(), EXTERNAL_LOGIN_STATUS_TIMEOUT_MS);
  const interval = setInterval(() => void checkExternalStatus(), EXTERNAL_LOGIN_STATUS_INTERVAL_MS);
  return () => {
    clearTimeout(retry);
    clearInterval(interval);
  };
}

/** Logs in the member linked to the provider identity, or opens external signup. */
export async function logInWithExternalToken(token: string, next: string | null): Promise<void> {
  switchAuthForm('fbLogin');
  externalState.flow = 'working';
  externalState.message = null;
  try {
    const result = await externalLogin(token);
    if (!result.authenticated) throw new Error('not authenticated');
    logAuthEvent({ name: 'login_success', reactivated: !!result.reactivated, method: 'external' });
    fullPageLoad(safeNext(next));
  } catch (error) {
    const parsed = error instanceof RequestError ? (error.parsed as Record<string, unknown>) : null;
    if (error instanceof RequestError && isTwoFactorRequired(parsed)) {
      startTwoFactor(parsed.two_factor_info, { fromFB: true });
      switchAuthForm('twoFactor');
      return;
    }
    if (parsed?.fb_signup_possible === true) {
      try {
        await prepareExternalSignup(token);
        externalState.flow = 'signup';
        return;
      } catch (e) {
        return failExternal(e);
      }
    }
    failExternal(error);
  }
}

function failExternal(error: unknown): void {
  externalState.flow = 'idle';
  externalState.message = serverMessage(error) ?? EXTERNAL_FAILED_MESSAGE;
}

/**
 * "Continue with …": a connected status logs in with its token at once; otherwise the browser
 * goes to the provider, which comes back to `returnPath` with ?code= or ?error=.
 */
export function beginExternalLogin(returnPath: string, next: string | null): void {
  const provider = getExternalLoginProvider();
  if (!provider) return;
  if (externalState.status === 'authorized' && externalState.accessToken) {
    void logInWithExternalToken(externalState.accessToken, next);
    return;
  }
  switchAuthForm('fbLogin');
  externalState.flow = 'working';
  fullPageLoad(provider.authorizeUrl(returnPath));
}

/** Back from the provider: exchanges the code for a token (bound to this return URL). */
export async function completeExternalReturn(input: {
  code: string | null;
  error: string | null;
  returnURL: string;
  next: string | null;
}): Promise<void> {
  switchAuthForm('fbLogin');
  if (input.error || !input.code) {
    externalState.flow = 'idle';
    externalState.message = EXTERNAL_CANCELLED_MESSAGE;
    return;
  }
  externalState.flow = 'working';
  try {
    const { access_token: token } = await exchangeExternalCode(input.code, input.returnURL);
    await logInWithExternalToken(token, input.next);
  } catch (error) {
    failExternal(error);
  }
}

export const connectedMessage = (name: string | null | undefined) =>
  name ? `Hi ${name}! Your account is now connected.` : 'Your account is now connected.';
/** Spec §8: the failure toast varies by whether the name is known; a server reason is added. */
export const connectFailedMessage = (name: string | null | undefined, reason?: string | null) =>
  `${name ? `Couldn't connect ${name}'s account.` : "Couldn't connect your account."} ${
    reason ?? 'Please try again.'
  }`;

interface Redirecting {
  checkpoint_url?: unknown;
  redirect_url?: unknown;
}

/**
 * Where a connect redirect leads: a valid one (spec §5) is a path from the site's root, so
 * `explore/` is /explore/ (not a path under the connect page, which does not exist); else home.
 */
export function connectRedirectTarget(redirect: string | null): string {
  if (!redirect || !isValidConnectRedirect(redirect)) return '/';
  return redirect.startsWith('/') ? redirect : `/${redirect}`;
}

/**
 * Connects the provider account to the logged-in member. The redirect is followed only when
 * valid (spec §5); otherwise the member goes home. Either way a toast greets them by name.
 * `navigate` is the router's (an in-app move keeps the toast).
 */
export async function connectExternal(
  token: string,
  redirect: string | null,
  navigate: (path: string) => void,
  retry: () => void,
): Promise<boolean> {
  try {
    const result = await connectExternalAccount(token);
    if (!result.connected) throw new Error('not connected');
    showToast({ text: connectedMessage(result.name), persistOnNavigate: true });
    navigate(connectRedirectTarget(redirect));
    return true;
  } catch (error) {
    const parsed = error instanceof RequestError ? (error.parsed as Redirecting | null) : null;
    // A checkpoint or redirect answer sends the browser on: no retry for those.
    const redirected = !!(parsed?.redirect_url || parsed?.checkpoint_url);
    showToast({
      text: connectFailedMessage(externalState.name, serverMessage(error)),
      // Spec §8: retry is offered when the failure is not a redirect.
      ...(redirected ? {} : { actionText: 'Retry', onAction: retry }),
    });
    return false;
  }
}
