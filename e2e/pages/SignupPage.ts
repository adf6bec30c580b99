import { expect, type Page } from '@playwright/test';

/** Page object for /accounts/emailsignup/ (accessible names as a user reads them). */
export class SignupPage {
  constructor(readonly page: Page) {}

  async goto(query = '') {
    await this.page.goto(`/accounts/emailsignup/${query}`);
    await expect(this.emailOrPhone).toBeVisible();
  }

  get emailOrPhone() {
    return this.page.getByLabel('Mobile Number or Email');
  }

  get fullName() {
    return this.page.getByLabel('Full Name');
  }

  get username() {
    return this.page.getByLabel('Username');
  }

  get password() {
    return this.page.getByLabel('Password', { exact: true });
  }

  get confirmationCode() {
    return this.page.getByLabel('Confirmation code');
  }

  async fill(details: {
    emailOrPhone: string;
    fullName: string;
    username: string;
    password: string;
  }) {
    await this.emailOrPhone.fill(details.emailOrPhone);
    await this.fullName.fill(details.fullName);
    await this.username.fill(details.username);
    await this.password.fill(details.password);
    // Leaving the last field runs its dry run now rather than during the click.
    await this.password.blur();
  }

  async submit(label: 'Sign up' | 'Next' = 'Sign up') {
    await this.page.getByRole('button', { name: label, exact: true }).click();
  }
}

/** Unique per call, so tests sharing one seeded server never collide. */
export function uniqueSuffix(): string {
  return `${Date.now().toString(36)}${Math.floor(Math.random() * 1296).toString(36)}`;
}

/** A unique 11-digit North American test number (+1 555 …). */
export function uniquePhone(): string {
  const digits = `${Date.now()}${Math.floor(Math.random() * 10)}`.slice(-7);
  return `+1555${digits}`;
}
