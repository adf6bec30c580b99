import { expect, test } from './fixtures';
import { SignupPage, uniqueSuffix } from './pages/SignupPage';

// Issue 17: filled quickly (autofill, paste, a password manager), "Sign up" must submit the form
// as it is at the click, every time. Half the runs alternate the two fast ways a form gets filled.

test('a fast signup (every field at once, then Sign up) succeeds 20 times out of 20', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const signup = new SignupPage(page);
  for (let run = 0; run < 20; run++) {
    const id = `${uniqueSuffix()}${run}`;
    const details = {
      emailOrPhone: `fast.${id}@example.com`,
      fullName: 'Fast Person',
      username: `fast_${id}`,
      password: 'sunny-harbour-42',
    };
    await page.context().clearCookies();
    await signup.goto();
    if (run % 2 === 0) await signup.fillAtOnce(details);
    else await signup.fillQuickly(details);
    await signup.submit('Sign up');
    await expect(page, `run ${run + 1} of 20`).toHaveURL((url) => url.pathname === '/');
    await expect(page.getByRole('button', { name: 'Profile' })).toBeVisible();
  }
});

test('the Sign up button stays where it is as field errors appear and go', async ({ page }) => {
  const signup = new SignupPage(page);
  await signup.goto();
  const button = page.getByRole('button', { name: 'Sign up', exact: true });
  const top = async () => (await button.boundingBox())?.y;
  const before = await top();
  await signup.fillQuickly({
    emailOrPhone: 'not-an-email@',
    fullName: 'Someone',
    username: 'demo',
    password: '123',
  });
  await signup.password.blur();
  const taken = page.getByText("This username isn't available. Please try another.");
  await expect(taken).toBeVisible();
  await expect(page.getByText('Enter a valid email address.')).toBeVisible();
  expect(await top()).toBe(before);
  // Each field says it is invalid and is described by its message.
  await expect(signup.username).toHaveAttribute('aria-invalid', 'true');
  await expect(signup.username).toHaveAccessibleDescription(
    "This username isn't available. Please try another.",
  );

  await signup.username.fill(`fine_${uniqueSuffix()}`);
  await signup.emailOrPhone.fill(`fine.${uniqueSuffix()}@example.com`);
  await signup.password.fill('sunny-harbour-42');
  await signup.password.blur();
  await expect(taken).toBeHidden();
  await expect(page.getByText('Enter a valid email address.')).toBeHidden();
  expect(await top()).toBe(before);
});
