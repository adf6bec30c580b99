import fs from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loggingHostOrigin } from '../../server/http/securityHeaders.ts';
import {
  TestClient,
  createTestApp,
  createUser,
  login,
  sharedDataOf,
  type TestApp,
} from './helpers.ts';

let dev: TestApp;
let prod: TestApp;

beforeAll(async () => {
  [dev, prod] = await Promise.all([
    createTestApp({ seedUsers: true }),
    createTestApp({ seedUsers: true, env: { NODE_ENV: 'production' } }),
  ]);
  await fs.mkdir(path.join(dev.dataDir, 'dist', 'lab'));
  await fs.writeFile(path.join(dev.dataDir, 'dist', 'lab', 'media.html'), '<!doctype html>');
});
afterAll(async () => {
  await Promise.all([dev.close(), prod.close()]);
});

/** The policy as directive → sources. */
function policyOf(header: unknown): Map<string, string[]> {
  expect(typeof header).toBe('string');
  const directives = (header as string).split(';').map((d) => d.trim().split(/\s+/));
  return new Map(directives.map(([name, ...sources]) => [name, sources]));
}

const setCookies = (res: { headers: Record<string, unknown> }): string[] => {
  const raw = res.headers['set-cookie'];
  return Array.isArray(raw) ? raw : typeof raw === 'string' ? [raw] : [];
};

/** Built scripts only; 'wasm-unsafe-eval' compiles the HEIC decoder's WebAssembly, never eval. */
const SCRIPT_SRC = ["'self'", "'wasm-unsafe-eval'"];

describe('Content-Security-Policy', () => {
  it('lets no inline or eval script run on pages, API answers and 404s alike', async () => {
    const client = new TestClient(dev.app);
    for (const url of [
      '/',
      '/explore/',
      '/no/such/page/',
      '/api/health/',
      '/assets/index-test.js',
    ]) {
      const policy = policyOf((await client.get(url)).headers['content-security-policy']);
      expect(policy.get('script-src'), url).toEqual(SCRIPT_SRC);
      expect(policy.get('script-src-attr'), url).toEqual(["'none'"]);
      expect(policy.get('default-src'), url).toEqual(["'self'"]);
      expect(policy.get('object-src'), url).toEqual(["'none'"]);
      expect(policy.get('report-uri'), url).toEqual(['/csp-report/']);
    }
  });

  it('does not upgrade requests to https outside production', async () => {
    const devPolicy = policyOf(
      (await new TestClient(dev.app).get('/')).headers['content-security-policy'],
    );
    expect(devPolicy.has('upgrade-insecure-requests')).toBe(false);
    const prodPolicy = policyOf(
      (await new TestClient(prod.app).get('/')).headers['content-security-policy'],
    );
    expect(prodPolicy.has('upgrade-insecure-requests')).toBe(true);
    expect(prodPolicy.get('script-src')).toEqual(SCRIPT_SRC);
  });

  it('lets any site frame the embed page and only Glint itself frame the others', async () => {
    const client = new TestClient(dev.app);
    for (const url of ['/', '/p/Abc123/', '/alice/', '/accounts/login/']) {
      const res = await client.get(url);
      expect(policyOf(res.headers['content-security-policy']).get('frame-ancestors'), url).toEqual([
        "'self'",
      ]);
      expect(res.headers['x-frame-options'], url).toBe('SAMEORIGIN');
    }
    for (const url of ['/p/Abc123/embed/', '/p/Abc123/embed/?scope=local']) {
      const res = await client.get(url);
      expect(res.statusCode, url).toBe(200);
      const policy = policyOf(res.headers['content-security-policy']);
      expect(policy.get('frame-ancestors'), url).toEqual(['*']);
      expect(policy.get('script-src'), url).toEqual(SCRIPT_SRC);
      expect(res.headers['x-frame-options'], url).toBeUndefined();
    }
  });

  it('gives the lab pages blob: workers (the bench) and nothing looser for scripts', async () => {
    const res = await new TestClient(dev.app).get('/lab/media.html');
    expect(res.statusCode).toBe(200);
    const policy = policyOf(res.headers['content-security-policy']);
    expect(policy.get('worker-src')).toEqual(["'self'", 'blob:']);
    expect(policy.get('script-src')).toEqual(SCRIPT_SRC);
  });

  it('allows an absolute VITE_LOGGING_HOST origin for the telemetry copy only', () => {
    expect(loggingHostOrigin(undefined)).toEqual([]);
    expect(loggingHostOrigin('/ajax/logging')).toEqual([]);
    expect(loggingHostOrigin('https://logs.example.com/v1/')).toEqual(['https://logs.example.com']);
    expect(loggingHostOrigin('javascript:alert(1)')).toEqual([]);
  });
});

describe('shared page data', () => {
  it('is a JSON data block that hostile text cannot break out of', async () => {
    const hostile = '</script><script>alert(1)</script><!-- <script> \u2028 & >';
    await createUser(dev.ctx, { username: 'mallory', full_name: hostile, biography: hostile });
    const res = await (await login(dev.app, 'mallory')).get('/');
    const block = /<script type="application\/json" id="shared-data">(.*?)<\/script>/s.exec(
      res.body,
    );
    expect(block).not.toBeNull();
    // No `<` at all inside the element: it cannot end early or open a comment or script.
    expect(block![1]).not.toMatch(/[<>\u2028\u2029]/);
    expect(sharedDataOf(res.body).config.viewer?.full_name).toBe(hostile);
    // The app's only executable script is the built bundle, which script-src 'self' allows.
    expect(res.body.match(/<script(?![^>]*type="application\/json")[^>]*>/g)).toEqual([
      '<script type="module" crossorigin src="/assets/index-test.js">',
    ]);
  });
});

describe('HSTS and cookies', () => {
  it('sends HSTS and Secure cookies in production only', async () => {
    const devClient = new TestClient(dev.app);
    devClient.cookies.delete('csrftoken'); // so the page sets one
    const devPage = await devClient.get('/');
    expect(devPage.headers['strict-transport-security']).toBeUndefined();
    const devCookies = setCookies(devPage);
    expect(devCookies.some((c) => c.startsWith('csrftoken='))).toBe(true);
    for (const c of devCookies) expect(c).not.toMatch(/;\s*Secure/i);

    const prodClient = new TestClient(prod.app);
    prodClient.cookies.delete('csrftoken');
    const prodPage = await prodClient.get('/');
    expect(prodPage.headers['strict-transport-security']).toBe('max-age=31536000');
    const prodCookies = setCookies(prodPage);
    expect(prodCookies.some((c) => c.startsWith('csrftoken='))).toBe(true);
    for (const c of prodCookies) expect(c).toMatch(/;\s*Secure/i);
  });

  it('marks the session cookies Secure in production only', async () => {
    const devLogin = await new TestClient(dev.app).post('/accounts/login/ajax/', {
      username: 'alice',
      password: 'correct-horse-42',
    });
    const devCookies = setCookies(devLogin);
    expect(devCookies.some((c) => c.startsWith('sessionid='))).toBe(true);
    for (const c of devCookies) expect(c).not.toMatch(/;\s*Secure/i);

    const prodLogin = await new TestClient(prod.app).post('/accounts/login/ajax/', {
      username: 'alice',
      password: 'correct-horse-42',
    });
    const prodCookies = setCookies(prodLogin);
    const session = prodCookies.find((c) => c.startsWith('sessionid='));
    expect(session).toMatch(/;\s*Secure/i);
    expect(session).toMatch(/;\s*HttpOnly/i);
    expect(prodCookies.find((c) => c.startsWith('ds_user_id='))).toMatch(/;\s*Secure/i);
  });
});

describe('violation reports', () => {
  const report = {
    'csp-report': {
      'document-uri': 'http://localhost/explore/',
      'violated-directive': 'script-src-elem',
      'effective-directive': 'script-src-elem',
      'blocked-uri': 'inline',
      'source-file': 'http://localhost/explore/',
      'line-number': 3,
      'script-sample': 'alert(1)',
    },
  };

  it('takes reports without a CSRF token and keeps them outside production', async () => {
    const before = (await new TestClient(dev.app).get('/dev/csp-reports/')).json() as {
      last: number;
    };
    const res = await dev.app.inject({
      method: 'POST',
      url: '/csp-report/',
      headers: { 'content-type': 'application/csp-report' },
      payload: JSON.stringify(report),
    });
    expect(res.statusCode).toBe(204);
    const after = (
      await new TestClient(dev.app).get(`/dev/csp-reports/?after=${before.last}`)
    ).json() as { reports: { violatedDirective: string; blockedUri: string; sample: string }[] };
    expect(after.reports).toEqual([
      expect.objectContaining({
        violatedDirective: 'script-src-elem',
        blockedUri: 'inline',
        sample: 'alert(1)',
      }),
    ]);
  });

  it('refuses bodies that are not reports, and lists nothing in production', async () => {
    const bad = await dev.app.inject({
      method: 'POST',
      url: '/csp-report/',
      headers: { 'content-type': 'application/csp-report' },
      payload: '{"hello":1}',
    });
    expect(bad.statusCode).toBe(400);
    const prodReport = await prod.app.inject({
      method: 'POST',
      url: '/csp-report/',
      headers: { 'content-type': 'application/csp-report' },
      payload: JSON.stringify(report),
    });
    expect(prodReport.statusCode).toBe(204);
    expect((await new TestClient(prod.app).get('/dev/csp-reports/')).statusCode).toBe(404);
  });

  it('still checks CSRF on every other mutating path', async () => {
    const res = await dev.app.inject({
      method: 'POST',
      url: '/csp-report/?x=1',
      headers: { 'content-type': 'application/csp-report' },
      payload: JSON.stringify(report),
    });
    expect(res.statusCode).toBe(403);
  });
});
