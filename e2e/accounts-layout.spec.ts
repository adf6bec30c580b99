import { expect, test, type Page } from './fixtures';

// Issue 17, accounts screens on a phone and a desktop: what visitors and members must be able to
// see and reach.

async function scrollToEnd(page: Page) {
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
}

for (const width of [280, 375, 1280]) {
  test(`at ${width} px the visitors' bar never covers the footer`, async ({ page }) => {
    await page.setViewportSize({ width, height: 700 });
    for (const path of ['/explore/locations/', '/demo/']) {
      await page.goto(path);
      const bar = page.getByRole('complementary', { name: 'Join Glint' });
      const footer = page.getByRole('contentinfo');
      await expect(bar).toBeVisible();
      await expect(footer.getByRole('link', { name: 'Privacy' })).toBeVisible();
      // A profile's grid loads more posts as its end comes into view: scroll to the end again
      // until the page stops growing, then the footer must end above the bar.
      await expect
        .poll(async () => {
          await scrollToEnd(page);
          const [barBox, footerBox] = [await bar.boundingBox(), await footer.boundingBox()];
          return barBox && footerBox ? footerBox.y + footerBox.height - barBox.y : null;
        }, `${path}: the footer's bottom edge minus the bar's top`)
        .toBeLessThanOrEqual(0.5);
    }
  });
}

test('an external signup started from the login page ends with "Have an account? Log in"', async ({
  page,
}) => {
  // Sam is nobody here: the provider's login turns into an external signup (never finished here,
  // so the test can run again on the same data).
  await page.goto('/accounts/login/');
  await page.getByRole('button', { name: 'Continue with Stand-in' }).click();
  await page.getByRole('link', { name: 'Continue as Sam Okafor' }).click();
  await expect(page.getByRole('heading', { name: 'Sign up with Stand-in' })).toBeVisible();
  await expect(page.getByText("Don't have an account?")).toBeHidden();
  await page.getByRole('button', { name: 'Log in', exact: true }).click();
  await expect(page.getByLabel('Phone number, username, or email')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Sign up with Stand-in' })).toBeHidden();
  await expect(page.getByText("Don't have an account?")).toBeVisible();
});

test('on a phone the settings tabs say they scroll, and the arrows scroll them', async ({
  page,
}) => {
  await page.setViewportSize({ width: 375, height: 740 });
  await page.goto('/accounts/login/');
  await page.getByLabel('Phone number, username, or email').fill('demo');
  await page.getByLabel('Password', { exact: true }).fill('glint-demo');
  await page.getByRole('button', { name: 'Log in', exact: true }).click();
  await expect(page).toHaveURL((url) => url.pathname === '/');
  await page.goto('/accounts/edit/');
  const tabs = page.getByRole('navigation', { name: 'Settings' });
  await expect(tabs.getByRole('link', { name: 'Edit profile' })).toBeVisible();
  const more = page.getByRole('button', { name: 'Scroll settings tabs right' });
  await expect(more).toBeVisible();
  await expect(page.getByRole('button', { name: 'Scroll settings tabs left' })).toBeHidden();
  await more.click();
  await expect(page.getByRole('button', { name: 'Scroll settings tabs left' })).toBeVisible();
  await expect.poll(() => tabs.evaluate((el) => el.scrollLeft)).toBeGreaterThan(0);
  // Wide screens show every tab in the side column: nothing to scroll.
  await page.setViewportSize({ width: 1280, height: 800 });
  await expect(more).toBeHidden();
  await expect(tabs.getByRole('link', { name: 'Edit profile' })).toBeVisible();
});
