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
    return this.page.getByLabel('Username', { exact: true });
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

  /**
   * Every field at once, as autofill or a password manager does: values set and input events fired
   * in one task, no focus moving through the form.
   */
  async fillAtOnce(details: {
    emailOrPhone: string;
    fullName: string;
    username: string;
    password: string;
  }) {
    const fields = [
      [this.emailOrPhone, details.emailOrPhone],
      [this.fullName, details.fullName],
      [this.username, details.username],
      [this.password, details.password],
    ] as const;
    const ids = await Promise.all(fields.map(([locator]) => locator.getAttribute('id')));
    await this.page.evaluate(
      (entries) => {
        const setValue = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set;
        for (const [id, value] of entries) {
          const input = document.getElementById(id ?? '') as HTMLInputElement;
          setValue?.call(input, value);
          input.dispatchEvent(new Event('input', { bubbles: true }));
          input.dispatchEvent(new Event('change', { bubbles: true }));
        }
      },
      ids.map((id, i) => [id, fields[i]![1]] as [string | null, string]),
    );
  }

  /** Field after field at machine speed, the last one left focused (the click is what leaves it). */
  async fillQuickly(details: {
    emailOrPhone: string;
    fullName: string;
    username: string;
    password: string;
  }) {
    await this.emailOrPhone.fill(details.emailOrPhone);
    await this.fullName.fill(details.fullName);
    await this.username.fill(details.username);
    await this.password.fill(details.password);
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
