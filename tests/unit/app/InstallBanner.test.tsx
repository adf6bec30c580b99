import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { FeatureSwitches } from '../../../src/api/types';
import { AppLayout } from '../../../src/app/AppLayout';
import { takeInstallOffer } from '../../../src/app/installPrompt';
import { createMemoryRouter, RouterProvider } from '../../../src/lib/router';
import { dismissCookieName, undismiss } from '../../../src/lib/dismissCookies';
import { setMember, setVisitor } from './session';

function enableInstallSwitch(on: boolean): void {
  window._sharedData = {
    ...window._sharedData,
    feature_switches: { add_to_home_screen: on } as FeatureSwitches,
  };
}

/** What Chromium fires when the app can be installed. */
function offerInstall(outcome: 'accepted' | 'dismissed' = 'accepted') {
  const event = Object.assign(new Event('beforeinstallprompt', { cancelable: true }), {
    prompt: vi.fn(() => Promise.resolve()),
    userChoice: Promise.resolve({ outcome, platform: 'web' }),
  });
  act(() => void window.dispatchEvent(event));
  return event;
}

function renderApp() {
  const router = createMemoryRouter(
    [{ Component: AppLayout, children: [{ index: true, Component: () => <h1>Home</h1> }] }],
    { initialEntries: ['/'] },
  );
  render(<RouterProvider router={router} />);
  return screen.findByRole('heading', { name: 'Home' });
}

const banner = () => screen.queryByRole('complementary', { name: 'Install Glint' });
/** The banner's code loads when the offer arrives. */
const shownBanner = () => screen.findByRole('complementary', { name: 'Install Glint' });

beforeEach(() => {
  setMember();
  enableInstallSwitch(true);
});
afterEach(() => {
  act(() => void takeInstallOffer());
  undismiss('addToHomescreen');
  setVisitor();
});

describe('install banner', () => {
  it('appears for a member once the browser offers installation', async () => {
    await renderApp();
    expect(banner()).not.toBeInTheDocument();

    const event = offerInstall();

    expect(event.defaultPrevented).toBe(true); // our banner replaces the browser's infobar
    expect(await shownBanner()).toHaveTextContent('Install Glint');
    expect(screen.getByRole('button', { name: 'Install' })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Dismiss' })).toBeVisible();
  });

  it('Install opens the browser dialog and the banner goes away', async () => {
    await renderApp();
    const event = offerInstall('accepted');
    await shownBanner();

    await userEvent.click(screen.getByRole('button', { name: 'Install' }));

    expect(event.prompt).toHaveBeenCalledTimes(1);
    expect(banner()).not.toBeInTheDocument();
    expect(document.cookie).not.toContain(dismissCookieName('addToHomescreen'));
  });

  it('declining the browser dialog counts as dismissing it', async () => {
    await renderApp();
    offerInstall('dismissed');
    await shownBanner();

    await userEvent.click(screen.getByRole('button', { name: 'Install' }));

    expect(document.cookie).toContain(`${dismissCookieName('addToHomescreen')}=1`);
  });

  it('× hides it and it stays away on the next offer (30-day cookie)', async () => {
    await renderApp();
    offerInstall();
    await shownBanner();

    await userEvent.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(banner()).not.toBeInTheDocument();
    expect(document.cookie).toContain(`${dismissCookieName('addToHomescreen')}=1`);

    const next = offerInstall();
    expect(banner()).not.toBeInTheDocument();
    expect(next.defaultPrevented).toBe(false); // the browser keeps its own install UI
  });

  it('is not offered when the add_to_home_screen switch is off', async () => {
    enableInstallSwitch(false);
    await renderApp();
    const event = offerInstall();
    expect(banner()).not.toBeInTheDocument();
    expect(event.defaultPrevented).toBe(false);
  });

  it('is not shown to visitors', async () => {
    setVisitor();
    enableInstallSwitch(true);
    await renderApp();
    offerInstall();
    expect(banner()).not.toBeInTheDocument();
    expect(screen.getByRole('complementary', { name: 'Join Glint' })).toBeInTheDocument();
  });

  it('goes away once the app is installed', async () => {
    await renderApp();
    offerInstall();
    await shownBanner();
    act(() => void window.dispatchEvent(new Event('appinstalled')));
    expect(banner()).not.toBeInTheDocument();
  });
});
