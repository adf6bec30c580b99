import { afterAll, describe, expect, it } from 'vitest';
import { HttpClient } from './client.ts';
import { closeDatabase, member, serverUrl } from './fixtures.ts';

afterAll(closeDatabase);

describe('shared counters', () => {
  it('a rate limit counted on A refuses on B', async () => {
    // Login allows 10 attempts a minute per address and account: 10 on A, the 11th on B.
    const target = await member('limited');
    const attempt = (server: 'A' | 'B') =>
      new HttpClient(serverUrl(server)).post('/accounts/login/ajax/', {
        username: target.username,
        password: 'not-the-password',
      });
    for (let i = 0; i < 10; i++) expect((await attempt('A')).status).toBe(200);
    const refused = await attempt('B');
    expect(refused.status).toBe(429);
    expect(((await refused.json()) as { message: string }).message).not.toBe('');
  });
});
