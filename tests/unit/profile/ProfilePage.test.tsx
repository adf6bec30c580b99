import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useNavigate } from '../../../src/lib/router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { WireProfile } from '../../../src/api/profile';
import type { WirePost } from '../../../src/api/types';
import ProfilePage from '../../../src/features/profile/ProfilePage';
import TaggedPage from '../../../src/features/profile/TaggedPage';
import { QUERY_IDS } from '../../../common/queryIds';
import { resetPostFeeds } from '../../../src/state/postFeeds';
import { resetProfiles } from '../../../src/state/profile';
import { resetRelationships } from '../../../src/state/relationships';
import { jsonResponse, stubFetch } from '../api/fetchMock';
import { setMember } from '../app/session';

const profile = (over: Partial<WireProfile> = {}): WireProfile => ({
  id: '42',
  username: 'nora',
  full_name: 'Nora Berg',
  biography: 'Walks and #fjords with @ava',
  external_url: 'https://nora.example/',
  external_url_linkshimmed: '/web/linkshim/?u=https%3A%2F%2Fnora.example%2F',
  profile_pic_url: '/a.jpg',
  profile_pic_url_hd: '/a-hd.jpg',
  has_profile_pic: true,
  is_verified: true,
  is_private: false,
  is_business: false,
  edge_followed_by: { count: 12345 },
  edge_follow: { count: 1 },
  edge_owner_to_timeline_media: { count: 2 },
  followed_by_viewer: false,
  requested_by_viewer: false,
  follows_viewer: false,
  blocked_by_viewer: false,
  has_blocked_viewer: false,
  is_viewer: false,
  ...over,
});

const post = (id: string): WirePost =>
  ({
    __typename: 'GraphImage',
    id,
    shortcode: `sc${id}`,
    caption: `caption ${id}`,
    thumbnail_src: `/t/${id}.jpg`,
    thumbnail_resources: [],
    display_url: `/d/${id}.jpg`,
    owner: {
      id: '42',
      username: 'nora',
      full_name: 'Nora Berg',
      profile_pic_url: '',
      is_verified: true,
    },
    edge_media_preview_like: { count: 3, edges: [] },
    edge_media_to_comment: {
      count: 1,
      page_info: { has_next_page: false, end_cursor: null },
      edges: [],
    },
  }) as unknown as WirePost;

function serve(user: WireProfile | null, tagged: WirePost[] = []) {
  return stubFetch((url) => {
    if (url.startsWith(`/graphql/query/?query_id=${QUERY_IDS.profileTagged}&`)) {
      return jsonResponse({
        status: 'ok',
        data: {
          user: {
            id: '42',
            edge_user_to_photos_of_you: {
              count: tagged.length,
              page_info: { has_next_page: false, end_cursor: null },
              edges: tagged.map((node) => ({ node })),
            },
          },
        },
      });
    }
    if (url.startsWith('/api/v1/users/web_profile_info/')) {
      return user
        ? jsonResponse({ status: 'ok', data: { user } })
        : jsonResponse({ status: 'fail', message: 'User not found.' }, 404);
    }
    if (/^\/web\/friendships\/42\/(follow|unfollow)\/$/.test(url)) {
      const following = url.endsWith('/follow/');
      return jsonResponse({ status: 'ok', result: following ? 'following' : '' });
    }
    if (url.startsWith('/graphql/query/')) {
      return jsonResponse({
        status: 'ok',
        data: {
          user: {
            id: '42',
            edge_owner_to_timeline_media: {
              count: 2,
              page_info: { has_next_page: false, end_cursor: null },
              edges: [{ node: post('1') }, { node: post('2') }],
            },
          },
        },
      });
    }
    return jsonResponse({ status: 'fail', message: 'unexpected' }, 500);
  });
}

/** The browser's Back, as a button beside the page. */
function BrowserBack() {
  const navigate = useNavigate();
  return (
    <button type="button" onClick={() => void navigate(-1)}>
      Browser back
    </button>
  );
}

function renderAt(path = '/nora/') {
  render(
    <MemoryRouter initialEntries={['/start/', path]} initialIndex={1}>
      <BrowserBack />
      <Routes>
        <Route path="start" element={<p>Start page</p>} />
        <Route path=":username" element={<ProfilePage />} />
        <Route path="_u/:username" element={<ProfilePage />} />
        <Route path=":username/tagged" element={<TaggedPage />} />
      </Routes>
    </MemoryRouter>,
  );
}

beforeEach(() => setMember());
afterEach(() => {
  vi.unstubAllGlobals();
  resetProfiles();
  resetPostFeeds();
  resetRelationships();
});

describe('ProfilePage', () => {
  it('shows the header and a grid whose items open the post modal', async () => {
    serve(profile());
    renderAt();
    expect(await screen.findByRole('heading', { name: 'nora', level: 1 })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Verified' })).toBeInTheDocument();
    expect(screen.getByText('2 posts')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '12.3k followers' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '#fjords' })).toHaveAttribute(
      'href',
      '/explore/tags/fjords/',
    );
    // The website reads as itself and opens through the server's link shim.
    expect(screen.getByRole('link', { name: 'nora.example' })).toHaveAttribute(
      'href',
      '/web/linkshim/?u=https%3A%2F%2Fnora.example%2F',
    );
    expect(screen.getByRole('button', { name: 'Follow' })).toBeInTheDocument();
    const links = await screen.findAllByRole('link', { name: /Photo by Nora Berg/ });
    expect(links[0]).toHaveAttribute('href', '/p/1/?taken-by=nora');
  });

  it('counts the member in or out of the followers at once on Follow and Unfollow', async () => {
    serve(profile({ edge_followed_by: { count: 9 } }));
    renderAt();
    expect(await screen.findByRole('button', { name: '9 followers' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Follow' }));
    expect(await screen.findByRole('button', { name: '10 followers' })).toBeInTheDocument();
    // A public account: the click unfollows at once (accounts §4).
    await userEvent.click(screen.getByRole('button', { name: 'Following' }));
    expect(await screen.findByRole('button', { name: '9 followers' })).toBeInTheDocument();
  });

  it('Back closes the followers list and stays on the profile', async () => {
    serve(profile({ is_private: false }));
    renderAt();
    await userEvent.click(await screen.findByRole('button', { name: '12.3k followers' }));
    expect(await screen.findByRole('dialog', { name: 'Followers' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Browser back' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByRole('heading', { name: 'nora', level: 1 })).toBeInTheDocument();
    // Close goes back the same way: one more Back then leaves the profile.
    await userEvent.click(screen.getByRole('button', { name: '12.3k followers' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await userEvent.click(screen.getByRole('button', { name: 'Browser back' }));
    expect(await screen.findByText('Start page')).toBeInTheDocument();
  });

  it('works under /_u/{username}/ too', async () => {
    serve(profile());
    renderAt('/_u/nora/');
    expect(await screen.findByRole('heading', { name: 'nora', level: 1 })).toBeInTheDocument();
  });

  it('a private account the viewer does not follow shows the private state', async () => {
    const fetch = serve(profile({ is_private: true }));
    renderAt();
    expect(await screen.findByText('This account is private')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Follow' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /followers/ })).not.toBeInTheDocument();
    expect(fetch.mock.calls.some(([url]) => String(url).startsWith('/graphql/'))).toBe(false);
  });

  it('an unknown user shows the unavailable page', async () => {
    serve(null);
    renderAt('/nobody/');
    expect(await screen.findByText("Sorry, this page isn't available.")).toBeInTheDocument();
  });

  it('the own profile offers Edit profile and the Saved tab', async () => {
    serve(profile({ is_viewer: true }));
    renderAt();
    expect(await screen.findByRole('link', { name: 'Edit profile' })).toHaveAttribute(
      'href',
      '/accounts/edit/',
    );
    const tabs = screen.getByRole('navigation', { name: 'Profile sections' });
    expect(within(tabs).getByRole('link', { name: 'Saved' })).toHaveAttribute(
      'href',
      '/nora/saved/',
    );
    expect(screen.queryByRole('button', { name: 'Follow' })).not.toBeInTheDocument();
  });

  it('the options menu leads to the block dialog', async () => {
    serve(profile());
    renderAt();
    await userEvent.click(await screen.findByRole('button', { name: 'Options' }));
    await userEvent.click(screen.getByRole('button', { name: 'Block this user' }));
    expect(screen.getByRole('dialog', { name: 'Block nora?' })).toBeInTheDocument();
  });

  it('every profile has a Tagged tab listing the posts its owner is tagged in', async () => {
    const byAva = {
      ...post('7'),
      owner: { ...post('7').owner, id: '9', username: 'ava', full_name: 'Ava Lind' },
    };
    const fetch = serve(profile(), [byAva]);
    renderAt('/nora/tagged/');
    const tabs = await screen.findByRole('navigation', { name: 'Profile sections' });
    const tab = within(tabs).getByRole('link', { name: 'Tagged' });
    expect(tab).toHaveAttribute('href', '/nora/tagged/');
    expect(tab).toHaveAttribute('aria-current', 'page');
    expect(within(tabs).getByRole('link', { name: 'Posts' })).not.toHaveAttribute('aria-current');
    const tile = await screen.findByRole('link', { name: /Photo by Ava Lind/ });
    expect(tile).toHaveAttribute('href', '/p/7/?taken-by=nora');
    const asked = fetch.mock.calls
      .map(([url]) => String(url))
      .find((u) => u.startsWith('/graphql/'));
    expect(new URLSearchParams(asked!.split('?')[1]).get('variables')).toContain('"id":"42"');
    expect(document.title).toContain('Photos of @nora');
  });

  it('the Tagged tab says so when nobody has tagged the member', async () => {
    serve(profile({ is_viewer: true }), []);
    renderAt('/nora/tagged/');
    expect(await screen.findByRole('heading', { name: 'Photos of you' })).toBeInTheDocument();
    expect(screen.getByText(/When people tag you in photos/)).toBeInTheDocument();
  });

  it('the Tagged tab of a private account the viewer does not follow asks nothing', async () => {
    const fetch = serve(profile({ is_private: true }), [post('1')]);
    renderAt('/nora/tagged/');
    expect(await screen.findByText('This account is private')).toBeInTheDocument();
    expect(fetch.mock.calls.some(([url]) => String(url).startsWith('/graphql/'))).toBe(false);
  });
});
