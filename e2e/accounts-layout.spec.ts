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
      await scrollToEnd(page);
      await expect
        .poll(async () => {
          const [barBox, footerBox] = [await bar.boundingBox(), await footer.boundingBox()];
          return barBox && footerBox ? footerBox.y + footerBox.height - barBox.y : null;
        }, `${path}: the footer's bottom edge minus the bar's top`)
        .toBeLessThanOrEqual(0.5);
    }
  });
}
