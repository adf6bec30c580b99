import fs from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestClient, createTestApp, type TestApp } from './helpers.ts';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
  const dist = path.join(t.dataDir, 'dist');
  await fs.writeFile(path.join(dist, 'sw.js'), 'self.addEventListener("push", () => {});');
  await fs.writeFile(path.join(dist, 'manifest.webmanifest'), '{"name":"Glint"}');
});
afterAll(async () => {
  await t.close();
});

describe('root files of the built client', () => {
  it('serves the service worker as JavaScript that browsers revalidate', async () => {
    // Browsers fetch worker scripts with Accept */*: they must not get the app's HTML.
    const res = await new TestClient(t.app).get('/sw.js', { accept: '*/*' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^(application|text)\/javascript/);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.body).toContain('push');
  });

  it('serves the web app manifest', async () => {
    const res = await new TestClient(t.app).get('/manifest.webmanifest');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('application/manifest+json');
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(JSON.parse(res.body)).toEqual({ name: 'Glint' });
  });

  it('answers 404 JSON, not the app, for a file the build did not write', async () => {
    const res = await new TestClient(t.app).get('/icon-512.png', { accept: '*/*' });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toContain('application/json');
  });

  it('still serves a profile page whose username looks like a file', async () => {
    const res = await new TestClient(t.app).get('/sw.js/', { accept: 'text/html' });
    expect(res.headers['content-type']).toContain('text/html');
  });
});
