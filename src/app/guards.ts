import { redirect, type LoaderFunctionArgs } from '../lib/router';
import { isFeatureEnabled, isLoggedIn } from '../lib/sharedData';
import { loginUrlWithNext } from '../lib/safeNext';

// Guards are the routes' `loader`s: src/lib/router runs one before anything of its route renders,
// so it decides before the page's code is even downloaded, and a redirect (React Router's
// `redirect()`) replaces the history entry.

/** Pages that need login send a visitor to /accounts/login/?next=<path+query>. */
export function requireMember({ request }: LoaderFunctionArgs): null {
  if (!isLoggedIn()) {
    const url = new URL(request.url);
    throw redirect(loginUrlWithNext(`${url.pathname}${url.search}`));
  }
  return null;
}

/** Pages for logged-out users only (login, signup, password reset) send a member home. */
export function requireVisitor(): null {
  if (isLoggedIn()) throw redirect('/');
  return null;
}

/** Story pages need a member and the "stories" feature switch (accounts §1); else home. */
export function requireStories(args: LoaderFunctionArgs): null {
  requireMember(args);
  if (!isFeatureEnabled('stories')) throw redirect('/');
  return null;
}
