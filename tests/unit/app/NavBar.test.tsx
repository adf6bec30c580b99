import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from '../../../src/lib/router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { logout } from '../../../src/api/accounts';
import { fullPageLoad } from '../../../src/lib/navigation';
import { NavBar } from '../../../src/app/nav/NavBar';
import { MobileTabBar } from '../../../src/app/nav/MobileTabBar';
import { resetActivity } from '../../../src/state/activity';
import { closeNavOverlays, setSearchQuery, uiState } from '../../../src/state/ui';
import { startNewPost } from '../../../src/media/newPost';
import { LocationDisplay, viewerFixture } from './session';

vi.mock('../../../src/api/accounts', () => ({ logout: vi.fn(() => Promise.resolve({})) }));
vi.mock('../../../src/api/activity', () => ({
  fetchActivityFeed: vi.fn(() =>
    Promise.resolve({
      graphql: {
        user: {
          id: '1',
          activity_feed: { edge_web_activity_feed: { edges: [] }, timestamp: 0 },
          edge_follow_requests: { edges: [] },
        },
      },
    }),
  ),
  markActivityChecked: vi.fn(() => Promise.resolve({})),
}));
vi.mock('../../../src/media/newPost', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../../src/media/newPost')>()),
  startNewPost: vi.fn(),
}));
vi.mock('../../../src/lib/navigation', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../../src/lib/navigation')>()),
  fullPageLoad: vi.fn(),
}));

function renderNav(element: React.ReactNode, path = '/') {
  const router = createMemoryRouter(
    [
      {
        path: '*',
        element: (
          <>
            {element}
            <LocationDisplay />
          </>
        ),
      },
    ],
    { initialEntries: [path] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

const location = () => screen.getByTestId('location');

beforeEach(() => {
  act(() => {
    setSearchQuery('');
    closeNavOverlays();
    resetActivity();
  });
});
afterEach(() => vi.clearAllMocks());

describe('NavBar', () => {
  it('shows members the home, explore, new post, activity and profile controls', () => {
    renderNav(<NavBar viewer={viewerFixture} />);
    expect(screen.getByRole('link', { name: 'Glint' })).toHaveAttribute('href', '/');
    expect(screen.getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/');
    expect(screen.getByRole('link', { name: 'Explore' })).toHaveAttribute('href', '/explore/');
    expect(screen.getByRole('button', { name: 'New post' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Activity' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Profile' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Log in' })).not.toBeInTheDocument();
  });

  it('shows visitors log-in and sign-up links that come back to the page', () => {
    renderNav(<NavBar viewer={null} />, '/explore/tags/sunset/');
    expect(screen.getByRole('link', { name: 'Log in' })).toHaveAttribute(
      'href',
      '/accounts/login/?next=%2Fexplore%2Ftags%2Fsunset%2F',
    );
    expect(screen.getByRole('link', { name: 'Sign up' })).toHaveAttribute(
      'href',
      '/accounts/emailsignup/?next=%2Fexplore%2Ftags%2Fsunset%2F',
    );
    expect(screen.queryByRole('link', { name: 'Home' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Activity' })).not.toBeInTheDocument();
  });

  it('pushes /explore/search/ when the search box is pressed', async () => {
    const router = renderNav(<NavBar viewer={viewerFixture} />, '/');
    await userEvent.click(screen.getByRole('combobox', { name: 'Search' }));
    expect(location()).toHaveTextContent('/explore/search/');
    expect(router.state.historyAction).toBe('PUSH');
  });

  it('never navigates on focus alone: tabbing past the box stays on the page', async () => {
    renderNav(<NavBar viewer={viewerFixture} />, '/accounts/edit/');
    const search = screen.getByRole('combobox', { name: 'Search' });
    while (document.activeElement !== search) await userEvent.tab();
    await userEvent.tab();
    expect(location()).toHaveTextContent(/^\/accounts\/edit\/$/);
    // Typing into it is using it.
    search.focus();
    await userEvent.keyboard('ana');
    expect(location()).toHaveTextContent('/explore/search/');
  });

  it('the profile menu opens on its first item, takes the arrow keys, Home and End', async () => {
    renderNav(<NavBar viewer={viewerFixture} />);
    const profile = screen.getByRole('button', { name: 'Profile' });
    profile.focus();
    await userEvent.keyboard('{Enter}');
    const item = (name: string) => screen.findByRole('link', { name });
    expect(await item('Profile')).toHaveFocus();
    await userEvent.keyboard('{ArrowDown}');
    expect(await item('Saved')).toHaveFocus();
    await userEvent.keyboard('{End}');
    expect(screen.getByRole('button', { name: 'Log out' })).toHaveFocus();
    await userEvent.keyboard('{ArrowDown}');
    expect(await item('Profile')).toHaveFocus();
    await userEvent.keyboard('{ArrowUp}');
    expect(screen.getByRole('button', { name: 'Log out' })).toHaveFocus();
    await userEvent.keyboard('{Home}');
    expect(await item('Profile')).toHaveFocus();
    // Escape closes it and gives focus back to the button that opened it.
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('link', { name: 'Saved' })).not.toBeInTheDocument();
    expect(profile).toHaveFocus();
    expect(profile).toHaveAttribute('aria-expanded', 'false');
  });

  it('Tab out of the profile menu closes it', async () => {
    renderNav(
      <>
        <NavBar viewer={viewerFixture} />
        <button type="button">On the page</button>
      </>,
    );
    screen.getByRole('button', { name: 'Profile' }).focus();
    await userEvent.keyboard('{Enter}');
    expect(await screen.findByRole('link', { name: 'Profile' })).toHaveFocus();
    await userEvent.tab();
    expect(screen.getByRole('button', { name: 'On the page' })).toHaveFocus();
    expect(screen.queryByRole('link', { name: 'Saved' })).not.toBeInTheDocument();
  });

  it('returns to /explore/ when the search box is cleared', async () => {
    renderNav(<NavBar viewer={viewerFixture} />, '/');
    const search = screen.getByRole('combobox', { name: 'Search' });
    await userEvent.type(search, 'sunset');
    expect(location()).toHaveTextContent('/explore/search/');
    await userEvent.clear(search);
    expect(location()).toHaveTextContent(/^\/explore\/$/);
  });

  it('returns to /explore/ from the Clear search button', async () => {
    renderNav(<NavBar viewer={viewerFixture} />, '/');
    await userEvent.type(screen.getByRole('combobox', { name: 'Search' }), 'ava');
    await userEvent.click(screen.getByRole('button', { name: 'Clear search' }));
    expect(location()).toHaveTextContent(/^\/explore\/$/);
    expect(screen.getByRole('combobox', { name: 'Search' })).toHaveValue('');
  });

  it('opens the activity popup and closes it with Escape', async () => {
    renderNav(<NavBar viewer={viewerFixture} />);
    const activity = screen.getByRole('button', { name: 'Activity' });
    await userEvent.click(activity);
    expect(activity).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('dialog', { name: 'Activity' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'See all activity' })).toHaveAttribute(
      'href',
      '/accounts/activity',
    );
    screen.getByRole('link', { name: 'See all activity' }).focus();
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog', { name: 'Activity' })).not.toBeInTheDocument();
    // Focus goes back to the button that opened it.
    expect(activity).toHaveFocus();
  });

  it('marks Activity with a dot while newer notifications wait, until the popup shows them', async () => {
    renderNav(<NavBar viewer={{ ...viewerFixture, has_unseen_activity: true }} />);
    const activity = screen.getByRole('button', { name: 'Activity' });
    expect(activity).toHaveAccessibleDescription('New notifications');
    await userEvent.click(activity);
    await vi.waitFor(() => expect(activity).not.toHaveAccessibleDescription('New notifications'));
    expect(activity.querySelector('.nav__dot')).toBeNull();
  });

  it('shows no dot when nothing new arrived', () => {
    renderNav(<NavBar viewer={{ ...viewerFixture, has_unseen_activity: false }} />);
    expect(screen.getByRole('button', { name: 'Activity' })).not.toHaveAccessibleDescription();
  });

  it('New post opens the file picker and the chosen photo starts the creation flow', async () => {
    const router = renderNav(<NavBar viewer={viewerFixture} />);
    const picker = document.querySelector<HTMLInputElement>('input[type="file"]')!;
    const opened = vi.fn();
    picker.addEventListener('click', opened);
    await userEvent.click(screen.getByRole('button', { name: 'New post' }));
    expect(opened).toHaveBeenCalled();
    const photo = new File([new Uint8Array([0xff, 0xd8, 0xff])], 'photo.jpg', {
      type: 'image/jpeg',
    });
    await userEvent.upload(picker, photo);
    expect(startNewPost).toHaveBeenCalledWith([photo], expect.any(Function), expect.any(Function));
    // The flow opens only while the member is still where they chose the photo.
    const stillHere = vi.mocked(startNewPost).mock.calls[0][2]!;
    expect(stillHere()).toBe(true);
    await act(() => router.navigate('/explore/'));
    expect(stillHere()).toBe(false);
  });

  it('Log out in the profile menu asks whether to remember the login', async () => {
    // Asked only while one-tap login is switched on (switched off, logout asks nothing).
    window._sharedData = {
      ...window._sharedData,
      feature_switches: { ...window._sharedData?.feature_switches, one_tap_login: true },
    } as typeof window._sharedData;
    renderNav(<NavBar viewer={viewerFixture} />);
    await userEvent.click(screen.getByRole('button', { name: 'Profile' }));
    expect(await screen.findByRole('link', { name: 'Profile' })).toHaveAttribute(
      'href',
      '/ava.lindqvist/',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Log out' }));
    // Log out first asks whether to remember the login (the dialog lives in AppLayout).
    expect(uiState.logoutDialogOpen).toBe(true);
    expect(logout).not.toHaveBeenCalled();
    expect(fullPageLoad).not.toHaveBeenCalled();
  });
});

describe('MobileTabBar', () => {
  it('has the five navigation sections', () => {
    renderNav(<MobileTabBar viewer={viewerFixture} />);
    const nav = screen.getByRole('navigation', { name: 'Sections' });
    expect(nav).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/');
    expect(screen.getByRole('link', { name: 'Explore' })).toHaveAttribute('href', '/explore/');
    expect(screen.getByRole('button', { name: 'New post' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Activity' })).toHaveAttribute(
      'href',
      '/accounts/activity',
    );
    expect(screen.getByRole('link', { name: 'Profile' })).toHaveAttribute(
      'href',
      '/ava.lindqvist/',
    );
  });

  it('marks the Activity tab with the unread dot too', () => {
    renderNav(<MobileTabBar viewer={{ ...viewerFixture, has_unseen_activity: true }} />);
    expect(screen.getByRole('link', { name: 'Activity' })).toHaveAccessibleDescription(
      'New notifications',
    );
  });
});
