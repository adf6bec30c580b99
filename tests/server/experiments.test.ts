import { describe, expect, it } from 'vitest';
import { experiments } from '../../server/config.ts';
import { createTestApp, sharedDataOf, TestClient } from './helpers.ts';

describe('experiments (accounts §1)', () => {
  it('are off unless EXPERIMENTS_ON names them', () => {
    expect(experiments(undefined)).toEqual({ login_via_signup_page: false });
    expect(experiments(' nonsense, login_via_signup_page')).toEqual({
      login_via_signup_page: true,
    });
  });

  it('reach the client in the shared page data', async () => {
    const t = await createTestApp({ env: { EXPERIMENTS_ON: 'login_via_signup_page' } });
    try {
      const page = await new TestClient(t.app).get('/', { accept: 'text/html' });
      expect(sharedDataOf(page.body).experiments).toEqual({ login_via_signup_page: true });
    } finally {
      await t.close();
    }
  });
});
