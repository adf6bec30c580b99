import { RequestError, serverMessage } from '../api/client';

// Accounts-platform §8: a 403 gives a forbidden message, other errors a generic one; failed
// authentication gives a wrong-password or an unknown-user message.
export const WRONG_PASSWORD_MESSAGE =
  'Sorry, your password was incorrect. Please double-check your password.';
export const UNKNOWN_USER_MESSAGE =
  "The username you entered doesn't belong to an account. Please check your username and try again.";
export const FORBIDDEN_MESSAGE =
  'Sorry, there was a problem with your request. Please reload the page and try again.';
export const NETWORK_MESSAGE = "Couldn't connect to Glint. Check your connection and try again.";
export const GENERIC_LOGIN_MESSAGE = 'Sorry, something went wrong. Please try again soon.';

/** The message for an answer with authenticated: false. */
export function failedAuthenticationMessage(userExists: boolean | undefined): string {
  return userExists ? WRONG_PASSWORD_MESSAGE : UNKNOWN_USER_MESSAGE;
}

/** The message for a login call that threw. */
export function loginErrorMessage(error: unknown): string {
  if (!(error instanceof RequestError)) return GENERIC_LOGIN_MESSAGE;
  if (error.networkError) return NETWORK_MESSAGE;
  const parsed = error.parsed as { authenticated?: unknown; user?: unknown } | null;
  // Some servers answer a failed authentication with a 4xx/fail body rather than a 200.
  if (parsed && parsed.authenticated === false && typeof parsed.user === 'boolean') {
    return failedAuthenticationMessage(parsed.user);
  }
  if (error.statusCode === 403) return FORBIDDEN_MESSAGE;
  // Rate limiting and validation failures carry a readable server message (e.g. "Please wait").
  if (error.statusCode >= 400 && error.statusCode < 500) {
    return serverMessage(error) ?? GENERIC_LOGIN_MESSAGE;
  }
  return GENERIC_LOGIN_MESSAGE;
}

// Spec §5 login failure types "login required" and "password required" (form submitted empty).
export const LOGIN_REQUIRED_MESSAGE = 'Enter your phone number, username, or email.';
export const PASSWORD_REQUIRED_MESSAGE = 'Enter your password.';
