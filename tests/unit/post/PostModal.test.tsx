import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { Link, RouterProvider, createMemoryRouter, useLocation } from '../../../src/lib/router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fetchPost } from '../../../src/api/posts';
import { withPostModal } from '../../../src/features/post/ModalRouteOutlet';
import PostPage from '../../../src/features/post/PostPage';
import { resetPostsState } from '../../../src/state/posts';
import { setMember, setVisitor } from '../app/session';
import { wirePost } from '../feed/fixtures';

vi.mock('../../../src/api/posts', () => ({
  setPostLiked: vi.fn(),
  setPostSaved: vi.fn(),
  deletePostRequest: vi.fn(),
  reportPostRequest: vi.fn(),
  fetchPost: vi.fn(),
}));

/** A grid page with its own state, to check it survives the modal. */
function ProfileGrid() {
  const location = useLocation();
  const [clicks, setClicks] = useState(0);
  return (
    <div>
      <h1>Profile grid</h1>
      <button type="button" onClick={() => setClicks((n) => n + 1)}>
        Clicked {clicks}
      </button>
      <Link to="/p/scp1/?taken-by=owner" state={{ backgroundLocation: location }}>
        Open post
      </Link>
    </div>
  );
}

function setup() {
  const router = createMemoryRouter(
    withPostModal([
      { path: 'owner', Component: ProfileGrid },
      { path: 'p/:shortcode', Component: PostPage },
    ]),
    { initialEntries: ['/owner'] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

beforeEach(() => {
  resetPostsState();
  setMember();
  vi.mocked(fetchPost).mockResolvedValue(wirePost('p1'));
});
afterEach(() => setVisitor());

describe('post modal', () => {
  it('opens over the page it came from and keeps that page as it was', async () => {
    const router = setup();
    await userEvent.click(screen.getByRole('button', { name: 'Clicked 0' }));
    await userEvent.click(screen.getByRole('link', { name: 'Open post' }));
    const dialog = await screen.findByRole('dialog', { name: 'Post' });
    expect(await screen.findByRole('article', { name: 'Post by owner' })).toBeInTheDocument();
    expect(dialog).toContainElement(screen.getByRole('article', { name: 'Post by owner' }));
    expect(screen.getByRole('heading', { name: 'Profile grid' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Clicked 1' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/p/scp1/');
  });

  it('closes with Escape, going back to the page', async () => {
    const router = setup();
    await userEvent.click(screen.getByRole('link', { name: 'Open post' }));
    await screen.findByRole('article', { name: 'Post by owner' });
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(router.state.location.pathname).toBe('/owner');
  });

  it('closes with browser back and with the Close button', async () => {
    const router = setup();
    await userEvent.click(screen.getByRole('link', { name: 'Open post' }));
    await screen.findByRole('article', { name: 'Post by owner' });
    await act(() => router.navigate(-1));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole('link', { name: 'Open post' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('Back from a page reached inside the modal shows the modal over its page again', async () => {
    const router = setup();
    await userEvent.click(screen.getByRole('link', { name: 'Open post' }));
    const dialog = await screen.findByRole('dialog', { name: 'Post' });
    await userEvent.click(within(dialog).getAllByRole('link', { name: 'owner' })[0]);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(router.state.location.pathname).toBe('/owner/');

    await act(() => router.navigate(-1));
    expect(router.state.location.pathname).toBe('/p/scp1/');
    const again = await screen.findByRole('dialog', { name: 'Post' });
    expect(again).toContainElement(screen.getByRole('article', { name: 'Post by owner' }));
    expect(screen.getByRole('heading', { name: 'Profile grid' })).toBeInTheDocument();
  });

  it('opens as a full page on a phone, where a modal has no room for Close', async () => {
    const matchMedia = vi.fn((query: string) => ({
      matches: query.includes('max-width'),
      addEventListener: vi.fn(),
      removeEventListener: vi.fn(),
    }));
    vi.stubGlobal('matchMedia', matchMedia);
    try {
      const router = setup();
      await userEvent.click(screen.getByRole('link', { name: 'Open post' }));
      expect(await screen.findByRole('article', { name: 'Post by owner' })).toBeInTheDocument();
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
      expect(screen.queryByRole('heading', { name: 'Profile grid' })).not.toBeInTheDocument();
      await act(() => router.navigate(-1));
      expect(await screen.findByRole('heading', { name: 'Profile grid' })).toBeInTheDocument();
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('renders a full post page when opened directly', async () => {
    const router = createMemoryRouter(
      withPostModal([{ path: 'p/:shortcode', Component: PostPage }]),
      {
        initialEntries: ['/p/scp1/'],
      },
    );
    render(<RouterProvider router={router} />);
    expect(await screen.findByRole('article', { name: 'Post by owner' })).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
  it('opened by media id, shows the post under its own shortcode address', async () => {
    const router = createMemoryRouter(
      withPostModal([{ path: 'p/:shortcode', Component: PostPage }]),
      { initialEntries: ['/p/1000000000000000042/?utm=promo'] },
    );
    // The fetch under the post's own address never answers: what shows there is what was loaded.
    vi.mocked(fetchPost).mockImplementation((id) =>
      id === 'scp1' ? new Promise(() => {}) : Promise.resolve(wirePost('p1')),
    );
    render(<RouterProvider router={router} />);
    await waitFor(() => expect(router.state.location.pathname).toBe('/p/scp1/'));
    expect(fetchPost).toHaveBeenCalledWith('1000000000000000042', expect.anything());
    await waitFor(() => expect(fetchPost).toHaveBeenCalledWith('scp1', expect.anything()));
    // The post stays on screen through the move to its own address, with no loading state.
    expect(screen.getByRole('article', { name: 'Post by owner' })).toBeInTheDocument();
    expect(screen.queryByRole('status', { name: 'Loading post' })).not.toBeInTheDocument();
    expect(router.state.location.search).toBe('?utm=promo');
  });
});
