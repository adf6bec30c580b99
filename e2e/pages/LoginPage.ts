import { expect, type Page } from '@playwright/test';

/** Page object for /accounts/login/ (accessible names as a user reads them). */
export class LoginPage {
  constructor(readonly page: Page) {}

  async goto(query = '') {
    await this.page.goto(`/accounts/login/${query}`);
    await expect(this.identifier).toBeVisible();
  }

  get identifier() {
    return this.page.getByLabel('Phone number, username, or email');
  }

  get password() {
    return this.page.getByLabel('Password', { exact: true });
  }

  get submit() {
    return this.page.getByRole('button', { name: 'Log in', exact: true });
  }

  async logIn(username: string, password: string) {
    await this.identifier.fill(username);
    await this.password.fill(password);
    await this.submit.click();
  }
}

export const DEMO = { username: 'demo', password: 'glint-demo' } as const;
