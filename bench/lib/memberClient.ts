/**
 * One simulated member's HTTP client: its own session cookies and its own keep-alive connection
 * (a node:http Agent with maxSockets 1), like one browser tab. Loopback only; every request is
 * bounded by a timeout, and a socket error or timeout is an answer (status 0), never a throw.
 */
import http from 'node:http';
import { cookieHeader, type Session } from './session';

export interface Reply {
  /** HTTP status, or 0 for a socket error or timeout. */
  status: number;
  ms: number;
  /** The parsed JSON body, or the reader's answer, when asked for (else null). */
  body: unknown;
  /** What went wrong: the socket error, or the start of a non-2xx answer's body. */
  error?: string;
}

const REQUEST_TIMEOUT_MS = 15_000;

/** What to make of a 2xx answer's body: nothing, its JSON, or a reader's answer from its bytes. */
export type BodyWanted = boolean | ((chunks: Buffer[]) => unknown);

export class MemberClient {
  private readonly agent = new http.Agent({ keepAlive: true, maxSockets: 1 });

  constructor(readonly session: Session) {
    const { hostname } = new URL(session.baseUrl);
    if (!['127.0.0.1', 'localhost', '[::1]'].includes(hostname)) {
      throw new Error(`member client refuses non-loopback host ${hostname}`);
    }
  }

  get(path: string, wantBody: BodyWanted = false): Promise<Reply> {
    return this.send('GET', path, undefined, wantBody);
  }

  /** A form POST with the CSRF double submit and the ajax marker, as the app sends it. */
  post(path: string, fields: Record<string, string> = {}, wantBody = false): Promise<Reply> {
    return this.send('POST', path, new URLSearchParams(fields).toString(), wantBody);
  }

  close(): void {
    this.agent.destroy();
  }

  private send(
    method: 'GET' | 'POST',
    path: string,
    form: string | undefined,
    wantBody: BodyWanted,
  ): Promise<Reply> {
    const { session } = this;
    const body = form === undefined ? undefined : Buffer.from(form);
    const headers: Record<string, string> = {
      cookie: cookieHeader(session.cookies),
      'x-requested-with': 'XMLHttpRequest',
    };
    if (body) {
      headers['x-csrftoken'] = session.csrfToken;
      headers['content-type'] = 'application/x-www-form-urlencoded';
      headers['content-length'] = String(body.length);
    }
    return new Promise<Reply>((resolve) => {
      const start = performance.now();
      let settled = false;
      const done = (reply: Omit<Reply, 'ms'>) => {
        if (settled) return;
        settled = true;
        resolve({ ...reply, ms: performance.now() - start });
      };
      const req = http.request(
        new URL(path, session.baseUrl),
        { method, headers, agent: this.agent, timeout: REQUEST_TIMEOUT_MS },
        (res) => {
          this.absorb(res.headers['set-cookie']);
          const status = res.statusCode ?? 0;
          const ok = status >= 200 && status < 300;
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => {
            if (wantBody || !ok) chunks.push(chunk);
          });
          res.on('end', () => {
            if (ok && typeof wantBody === 'function') {
              done({ status, body: wantBody(chunks) });
              return;
            }
            const text = Buffer.concat(chunks).toString('utf8');
            if (!ok) {
              done({ status, body: null, error: `${status} ${path}: ${text.slice(0, 200)}` });
              return;
            }
            let parsed: unknown = null;
            if (wantBody) {
              try {
                parsed = JSON.parse(text);
              } catch {
                parsed = null;
              }
            }
            done({ status, body: parsed });
          });
          res.on('error', (error) => done({ status: 0, body: null, error: error.message }));
        },
      );
      req.on('timeout', () => req.destroy(new Error(`timeout after ${REQUEST_TIMEOUT_MS} ms`)));
      req.on('error', (error) =>
        done({ status: 0, body: null, error: `${method} ${path}: ${error.message}` }),
      );
      req.end(body);
    });
  }

  /** A rotated csrftoken or session cookie replaces the old one, as in a browser. */
  private absorb(lines: string[] | undefined): void {
    for (const line of lines ?? []) {
      const [pair] = line.split(';');
      const at = pair.indexOf('=');
      if (at <= 0) continue;
      const name = pair.slice(0, at).trim();
      this.session.cookies[name] = pair.slice(at + 1).trim();
      if (name === 'csrftoken') this.session.csrfToken = this.session.cookies[name];
    }
  }
}
