import crypto from 'node:crypto';
import { QUERY_IDS, type QueryName } from '../../common/queryIds.ts';

/**
 * A browser-like HTTP client for one base URL (a server, or the balancer): keeps cookies, sends
 * the CSRF header matching its csrftoken cookie and the ajax marker on mutating calls, as the app
 * does. `at(url)` is the same person (same cookies) talking to another server.
 */
export class HttpClient {
  constructor(
    readonly base: string,
    readonly cookies = new Map<string, string>([
      ['csrftoken', crypto.randomBytes(24).toString('base64url')],
    ]),
  ) {}

  at(base: string): HttpClient {
    return new HttpClient(base, this.cookies);
  }

  /** Cookie, CSRF and ajax headers, also for tus-js-client. */
  headers(): Record<string, string> {
    return {
      cookie: [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; '),
      'x-csrftoken': this.cookies.get('csrftoken') ?? '',
      'x-requested-with': 'XMLHttpRequest',
    };
  }

  async request(method: string, path: string, init: RequestInit = {}): Promise<Response> {
    const res = await fetch(`${this.base}${path}`, {
      ...init,
      method,
      redirect: 'manual',
      headers: { ...this.headers(), ...(init.headers as Record<string, string> | undefined) },
    });
    for (const line of res.headers.getSetCookie()) {
      const [pair, ...attrs] = line.split(';');
      const eq = pair.indexOf('=');
      const name = pair.slice(0, eq).trim();
      const value = pair.slice(eq + 1).trim();
      const expired = attrs.some((a) => /^\s*max-age=0\s*$/i.test(a));
      if (expired || value === '') this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    return res;
  }

  get(path: string) {
    return this.request('GET', path);
  }

  /** A form-encoded POST, as the app sends its calls. */
  post(path: string, fields: Record<string, string> = {}) {
    return this.request('POST', path, {
      body: new URLSearchParams(fields).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
  }

  async graph<T>(name: QueryName, variables: Record<string, unknown>): Promise<T> {
    const qs = new URLSearchParams({
      query_id: QUERY_IDS[name],
      variables: JSON.stringify(variables),
    });
    const res = await this.get(`/graphql/query/?${qs.toString()}`);
    if (!res.ok) throw new Error(`${name}: ${res.status} ${await res.text()}`);
    return ((await res.json()) as { data: T }).data;
  }
}

/** Logs in through `base` (a server or the balancer); the session then works on every server. */
export async function login(base: string, username: string, password: string) {
  const client = new HttpClient(base);
  const res = await client.post('/accounts/login/ajax/', { username, password });
  const body = (await res.json()) as { authenticated?: boolean };
  if (!res.ok || !body.authenticated) throw new Error(`login(${username}) failed: ${res.status}`);
  return client;
}
