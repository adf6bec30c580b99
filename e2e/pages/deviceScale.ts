import type { Page } from '@playwright/test';

/**
 * Changes the page's device pixel ratio the way a zoom or a move to a denser screen does: the CSS
 * viewport stays and no resize is needed to notice (Chromium's DevTools protocol).
 */
export async function setDeviceScale(page: Page, deviceScaleFactor: number): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setDeviceMetricsOverride', {
    ...(page.viewportSize() ?? { width: 1280, height: 720 }),
    deviceScaleFactor,
    mobile: false,
  });
}
