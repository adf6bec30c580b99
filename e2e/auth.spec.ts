import { expect, test, type Page } from './fixtures';
import { DEMO, LoginPage } from './pages/LoginPage';
import { latestOutboxMessage } from './pages/outbox';
import { SignupPage, uniquePhone, uniqueSuffix } from './pages/SignupPage';

// Accounts and access, end to end against the one seeded server of the run. Tests never depend
// on each other: each creates the users it changes (unique names, emails and phones).

const TWO_FACTOR = { username: 'twofactor', password: 'glint-demo', phone: '+15555550123' };

async function expectHome(page: Page) {
  await expect(page).toHaveURL((url) => url.pathname === '/');
  await expect(page.getByRole('button', { name: 'Profile' })).toBeVisible();
}

function expectSameHost(page: Page) {
  const url = new URL(page.url());
  expect(url.host).toBe(new URL(test.info().project.use.baseURL ?? page.url()).host);
}

test('email signup lands on home', async ({ page }) => {
  const id = uniqueSuffix();
  const signup = new SignupPage(page);
  await signup.goto();
  await signup.fill({
    emailOrPhone: `e2e.${id}@example.com`,
    fullName: 'Email Person',
    username: `email_${id}`,
    password: 'sunny-harbour-42',
  });
  await signup.submit('Sign up');
  await expectHome(page);
});

test('signup shows field errors with the username suggestions', async ({ page }) => {
  const signup = new SignupPage(page);
  await signup.goto();
  await signup.fill({
    emailOrPhone: 'not-an-email@',
    fullName: 'Someone',
    username: DEMO.username,
    password: '123',
  });
  await signup.submit('Sign up');
  await expect(page.getByText('Enter a valid email address.')).toBeVisible();
  await expect(page.getByText("This username isn't available. Please try another.")).toBeVisible();
  await expect(page.getByText(/at least 6 characters/)).toBeVisible();
  // Choosing a suggestion replaces the taken username and clears its error.
  await page
    .getByRole('button', { name: /^Use username / })
    .first()
    .click();
  await expect(signup.username).not.toHaveValue(DEMO.username);
  await expect(page).toHaveURL(/\/accounts\/emailsignup\//);
});

test('phone signup with the code from the development outbox', async ({ page, request }) => {
  const phone = uniquePhone();
  const signup = new SignupPage(page);
  await signup.goto();
  await signup.fill({
    emailOrPhone: phone,
    fullName: 'Phone Person',
    username: `phone_${uniqueSuffix()}`,
    password: 'sunny-harbour-42',
  });
  await signup.submit('Next');
  await expect(page.getByRole('heading', { name: 'Enter confirmation code' })).toBeVisible();
  const sms = await latestOutboxMessage(request, phone);
  expect(sms.code).toMatch(/^\d{6}$/);
  await signup.confirmationCode.fill(sms.code ?? '');
  await page.getByRole('button', { name: 'Confirm' }).click();
  await expectHome(page);
});

test('a wrong password shows the message', async ({ page }) => {
  const login = new LoginPage(page);
  await login.goto();
  await login.logIn(DEMO.username, 'definitely-wrong');
  await expect(page.getByRole('alert')).toContainText('Sorry, your password was incorrect.');
  await expect(page).toHaveURL(/\/accounts\/login\//);
});

test('two-factor login with a code from the outbox', async ({ page, request }) => {
  const login = new LoginPage(page);
  await login.goto();
  await login.logIn(TWO_FACTOR.username, TWO_FACTOR.password);
  await expect(page.getByRole('heading', { name: 'Enter the security code' })).toBeVisible();
  await expect(page.getByText(/ending in 0123/)).toBeVisible();
  const sms = await latestOutboxMessage(request, TWO_FACTOR.phone);
  await page.getByLabel('Security code').fill(sms.code ?? '');
  await page.getByRole('button', { name: 'Confirm' }).click();
  await expectHome(page);
});

test('after logging out, one tap logs back in', async ({ page }) => {
  const login = new LoginPage(page);
  await login.goto();
  await login.logIn(DEMO.username, DEMO.password);
  await expectHome(page);
  await page.getByRole('button', { name: 'Profile' }).click();
  await page.getByRole('button', { name: 'Log out' }).click();
  // Logging out asks whether to keep one-tap login on this browser.
  await page
    .getByRole('dialog', { name: 'Remember login info?' })
    .getByRole('button', { name: 'Remember' })
    .click();
  await expect(page).toHaveURL(/\/accounts\/login\//);
  await page.getByRole('button', { name: `Continue as ${DEMO.username}` }).click();
  await expectHome(page);
});

test('external login of an existing member through the stand-in provider', async ({ page }) => {
  const login = new LoginPage(page);
  await login.goto('?next=https%3A%2F%2Fevil.example%2F');
  await page.getByRole('button', { name: 'Continue with Stand-in' }).click();
  await page.getByRole('link', { name: 'Continue as Demo Member' }).click();
  await expectHome(page);
  expectSameHost(page);
});

test('external signup through the stand-in provider', async ({ page }) => {
  const signup = new SignupPage(page);
  await signup.goto();
  await page.getByRole('button', { name: 'Continue with Stand-in' }).click();
  await page.getByRole('link', { name: 'Continue as Alex Rivera' }).click();
  await expect(page.getByRole('heading', { name: 'Sign up with Stand-in' })).toBeVisible();
  await expect(page.getByLabel('Full Name')).toHaveValue('Alex Rivera');
  await expect(page.getByLabel('Email')).toHaveValue('alex.rivera@example.com');
  await page.getByRole('button', { name: 'Sign up', exact: true }).click();
  await expectHome(page);
});

test('a cancelled external login says so and keeps the login form', async ({ page }) => {
  const login = new LoginPage(page);
  await login.goto();
  await page.getByRole('button', { name: 'Continue with Stand-in' }).click();
  await page.getByRole('link', { name: 'Cancel' }).click();
  await expect(page.getByRole('alert')).toContainText('cancelled');
  await expect(login.identifier).toBeVisible();
});

test('connecting the external account greets by name and follows a valid redirect', async ({
  page,
}) => {
  const login = new LoginPage(page);
  await login.goto();
  await login.logIn(DEMO.username, DEMO.password);
  await expectHome(page);
  await page.goto('/accounts/connect/external/?next=/explore/');
  await page.getByRole('button', { name: 'Connect to Stand-in' }).click();
  await page.getByRole('link', { name: 'Continue as Demo Member' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Hi Demo Member!' })).toBeVisible();
  await expect(page).toHaveURL((url) => url.pathname === '/explore/');
});

test('password reset request', async ({ page, request }) => {
  await page.goto('/accounts/password/reset/');
  await page.getByLabel('Email, phone, or username').fill(DEMO.username);
  await page.getByRole('button', { name: 'Send login link' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'we sent a link' })).toBeVisible();
  const mail = await latestOutboxMessage(request, 'demo@glint.test');
  expect(mail.body).toContain('/accounts/password/reset/confirm/');
});

test('the reset link sets a new password that logs in', async ({ browser, request }) => {
  const id = uniqueSuffix();
  const email = `e2e.reset.${id}@example.com`;
  const username = `reset_${id}`;
  // A fresh member (signed up in a context of their own), so demo's password never changes.
  const signupContext = await browser.newContext();
  const signup = new SignupPage(await signupContext.newPage());
  await signup.goto();
  await signup.fill({
    emailOrPhone: email,
    fullName: 'Reset Person',
    username,
    password: 'first-pass-42',
  });
  await signup.submit('Sign up');
  await expectHome(signup.page);
  await signupContext.close();

  const page = await browser.newPage();
  await page.goto('/accounts/password/reset/');
  await page.getByLabel('Email, phone, or username').fill(email);
  await page.getByRole('button', { name: 'Send login link' }).click();
  const mail = await latestOutboxMessage(request, email);
  const link = /\/accounts\/password\/reset\/confirm\/\?\S+/.exec(mail.body)?.[0];
  expect(link).toBeTruthy();
  await page.goto(link!);
  await page.getByLabel('New password', { exact: true }).fill('second-pass-42');
  await page.getByLabel('New password, again').fill('second-pass-42');
  await page.getByRole('button', { name: 'Reset password' }).click();
  await expect(
    page.getByRole('status').filter({ hasText: 'Your password has been changed.' }),
  ).toBeVisible();

  const login = new LoginPage(page);
  await login.goto();
  await login.logIn(username, 'second-pass-42');
  await expectHome(page);
  await page.close();
});

test('a hostile next never leaves the host after signup', async ({ page }) => {
  const id = uniqueSuffix();
  const signup = new SignupPage(page);
  await signup.goto(`?next=${encodeURIComponent('//evil.example/steal')}`);
  await signup.fill({
    emailOrPhone: `e2e.next.${id}@example.com`,
    fullName: 'Next Person',
    username: `next_${id}`,
    password: 'sunny-harbour-42',
  });
  await signup.submit('Sign up');
  await expectHome(page);
  expectSameHost(page);
});

test('the logged-out call to action stays dismissed for the session', async ({ page }) => {
  await page.goto('/explore/');
  const cta = page.getByRole('complementary', { name: 'Join Glint' });
  await expect(cta).toBeVisible();
  await cta.getByRole('button', { name: 'Dismiss' }).click();
  await expect(cta).toBeHidden();
  await page.reload();
  await expect(page.getByRole('link', { name: 'Explore' }).first()).toBeVisible();
  await expect(cta).toBeHidden();
});
