/**
 * A logged-in session from Node: csrftoken from a page GET, then the ajax login (demo account,
 * or any seeded member: they all share the demo password), or — on an unseeded server — a fresh
 * bench account through the signup call. The same cookies
 * go into browser contexts and the load generator.
 */
import type { BrowserContext } from 'playwright-core';

export interface Session {
  baseUrl: string;
  cookies: Record<string, string>;
  csrfToken: string;
  username: string;
}

export const DEMO = { username: 'demo', password: 'glint-demo' };

function absorb(cookies: Record<string, string>, res: Response): void {
  for (const line of res.headers.getSetCookie()) {
    const [pair] = line.split(';');
    const at = pair.indexOf('=');
    if (at > 0) cookies[pair.slice(0, at).trim()] = pair.slice(at + 1).trim();
  }
}

export function cookieHeader(cookies: Record<string, string>): string {
  return Object.entries(cookies)
    .map(([k, v]) => `${k}=${v}`)
    .join('; ');
}

/** Headers every mutating call needs (CSRF double submit + the ajax marker). */
export function ajaxHeaders(session: Session): Record<string, string> {
  return {
    cookie: cookieHeader(session.cookies),
    'x-csrftoken': session.csrfToken,
    'x-requested-with': 'XMLHttpRequest',
  };
}

async function postForm(
  baseUrl: string,
  cookies: Record<string, string>,
  url: string,
  fields: Record<string, string>,
): Promise<Record<string, unknown>> {
  const res = await fetch(baseUrl + url, {
    method: 'POST',
    headers: {
      cookie: cookieHeader(cookies),
      'content-type': 'application/x-www-form-urlencoded',
      'x-csrftoken': cookies.csrftoken ?? '',
      'x-requested-with': 'XMLHttpRequest',
    },
    body: new URLSearchParams(fields).toString(),
  });
  absorb(cookies, res);
  return (await res.json().catch(() => ({}))) as Record<string, unknown>;
}

/** A member's own session: a csrftoken from the login page, then the ajax login. */
export async function logInAs(
  baseUrl: string,
  username: string,
  password: string,
): Promise<Session> {
  const cookies: Record<string, string> = {};
  absorb(cookies, await fetch(`${baseUrl}/accounts/login/`));
  if (!cookies.csrftoken) throw new Error('no csrftoken cookie from GET /accounts/login/');
  const body = await postForm(baseUrl, cookies, '/accounts/login/ajax/', { username, password });
  if (body.authenticated !== true) {
    throw new Error(`${username} login failed: ${JSON.stringify(body)}`);
  }
  return { baseUrl, cookies, csrfToken: cookies.csrftoken, username };
}

export async function logIn(baseUrl: string, seeded: boolean): Promise<Session> {
  if (seeded) return logInAs(baseUrl, DEMO.username, DEMO.password);
  const cookies: Record<string, string> = {};
  absorb(cookies, await fetch(`${baseUrl}/accounts/login/`));
  if (!cookies.csrftoken) throw new Error('no csrftoken cookie from GET /accounts/login/');
  const username = `bench${Date.now() % 1_000_000}`;
  const body = await postForm(baseUrl, cookies, '/accounts/web_create_ajax/', {
    email: `${username}@example.com`,
    password: 'bench-Passw0rd-long',
    username,
    first_name: 'Bench',
  });
  if (body.account_created !== true) throw new Error(`signup failed: ${JSON.stringify(body)}`);
  return { baseUrl, cookies, csrfToken: cookies.csrftoken, username };
}

/** Puts the session cookies into a browser context (cookies ignore the port on 127.0.0.1). */
export async function shareSession(context: BrowserContext, session: Session): Promise<void> {
  await context.addCookies(
    Object.entries(session.cookies).map(([name, value]) => ({
      name,
      value,
      url: session.baseUrl,
    })),
  );
}
