import { expect, test } from './fixtures';
import { DEMO, LoginPage } from './pages/LoginPage';

test('a visitor opening a members-only page is sent to login with next', async ({ page }) => {
  await page.goto('/accounts/activity');
  await expect(page).toHaveURL(/\/accounts\/login\/\?next=%2Faccounts%2Factivity/);
  await expect(page.getByRole('button', { name: 'Log in', exact: true })).toBeVisible();
});

test('demo logs in through the form and sees the home page', async ({ page }) => {
  const login = new LoginPage(page);
  await login.goto();
  await login.logIn(DEMO.username, DEMO.password);
  await page.waitForURL((url) => url.pathname === '/');
  await expect(page.getByRole('button', { name: 'Profile' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'New post' }).first()).toBeVisible();
  const cookies = await page.context().cookies();
  expect(cookies.find((c) => c.name === 'sessionid')?.httpOnly).toBe(true);
});

test('a wrong password shows the message and keeps the visitor on login', async ({ page }) => {
  const login = new LoginPage(page);
  await login.goto();
  await login.logIn(DEMO.username, 'not-the-password');
  await expect(page.getByRole('alert')).toContainText(/password was incorrect/i);
  await expect(page).toHaveURL(/\/accounts\/login\//);
});

for (const hostile of [
  '//evil.com',
  '/\\evil.com',
  'https://evil.com/',
  'javascript:alert(1)',
  '%2F%2Fevil.com',
]) {
  test(`a hostile next (${hostile}) lands on / after login`, async ({ page, baseURL }) => {
    const login = new LoginPage(page);
    await login.goto(`?next=${encodeURIComponent(hostile)}`);
    await login.logIn(DEMO.username, DEMO.password);
    await page.waitForURL((url) => url.pathname === '/' || url.host !== new URL(baseURL!).host);
    expect(new URL(page.url()).host).toBe(new URL(baseURL!).host);
    expect(new URL(page.url()).pathname).toBe('/');
  });
}

test('an unknown API route answers 404 JSON, not the page', async ({ request }) => {
  const res = await request.get('/graphql/nothing-here/');
  expect(res.status()).toBe(404);
  const body = await res.json();
  expect(body.status).toBe('fail');
  expect(body.message).toBeTruthy();
});
