import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fetchPost } from '../../../src/api/posts';
import { ExploreGrid } from '../../../src/features/explore/ExploreGrid';
import { withPostModal } from '../../../src/features/post/ModalRouteOutlet';
import PostPage from '../../../src/features/post/PostPage';
import { PostGrid } from '../../../src/features/profile/PostGrid';
import { RouterProvider, createMemoryRouter } from '../../../src/lib/router';
import { resetPostsState } from '../../../src/state/posts';
import { setMember, setVisitor } from '../app/session';
import { wirePost, wireUser } from '../feed/fixtures';

vi.mock('../../../src/api/posts', () => ({
  setPostLiked: vi.fn(),
  setPostSaved: vi.fn(),
  deletePostRequest: vi.fn(),
  reportPostRequest: vi.fn(),
  fetchPost: vi.fn(),
}));

const POSTS = ['11', '12', '13'].map((id) =>
  wirePost(id, { owner: wireUser(`u${id}`, `owner${id}`) }),
);

function Profile() {
  return <PostGrid posts={POSTS} modalParam="taken-by" username="nora" />;
}

function Hashtag() {
  return <ExploreGrid posts={POSTS} modalParam={{ tagged: 'sunset' }} label="Most recent posts" />;
}

function setup(start: string) {
  const router = createMemoryRouter(
    withPostModal([
      { path: 'nora', Component: Profile },
      { path: 'explore/tags/sunset', Component: Hashtag },
      { path: 'p/:shortcode', Component: PostPage },
    ]),
    { initialEntries: [start] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

const article = (owner: string) => screen.findByRole('article', { name: `Post by ${owner}` });

beforeEach(() => {
  resetPostsState();
  setMember();
  vi.mocked(fetchPost).mockImplementation((code: string) => {
    const post = POSTS.find((p) => p.id === code || p.shortcode === code);
    return post ? Promise.resolve(post) : Promise.reject(new Error('not found'));
  });
});
afterEach(() => setVisitor());

describe('post modal steps through the grid it was opened from', () => {
  it('links each tile to /p/{mediaId}/ with the overlay kind (content §2)', () => {
    setup('/nora');
    const links = screen.getAllByRole('link');
    expect(links.map((l) => l.getAttribute('href'))).toEqual([
      '/p/11/?taken-by=nora',
      '/p/12/?taken-by=nora',
      '/p/13/?taken-by=nora',
    ]);
  });

  it('Next post and Previous post move along the profile grid; close returns to it', async () => {
    const router = setup('/nora');
    await userEvent.click(screen.getAllByRole('link')[1]);
    await article('owner12');
    await userEvent.click(screen.getByRole('button', { name: 'Next post' }));
    await article('owner13');
    expect(router.state.location.pathname + router.state.location.search).toBe(
      '/p/13/?taken-by=nora',
    );
    // The last post of the grid has no Next.
    expect(screen.queryByRole('button', { name: 'Next post' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Previous post' }));
    await userEvent.click(screen.getByRole('button', { name: 'Previous post' }));
    await article('owner11');
    expect(screen.queryByRole('button', { name: 'Previous post' })).not.toBeInTheDocument();
    // Steps replace the address: one Close goes back to the grid.
    await userEvent.click(screen.getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/nora'));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('the arrow keys step too, but not while typing a comment', async () => {
    const router = setup('/explore/tags/sunset');
    await userEvent.click(screen.getAllByRole('link')[0]);
    await article('owner11');
    await userEvent.keyboard('{ArrowRight}');
    await article('owner12');
    expect(router.state.location.pathname + router.state.location.search).toBe(
      '/p/12/?tagged=sunset',
    );
    await userEvent.click(screen.getByRole('textbox', { name: 'Add a comment…' }));
    await userEvent.keyboard('{ArrowLeft}');
    expect(router.state.location.pathname).toBe('/p/12/');
    (document.activeElement as HTMLElement).blur();
    await userEvent.keyboard('{ArrowLeft}');
    await article('owner11');
  });

  it('two quick presses of an arrow key step twice, as two slow ones do', async () => {
    const router = setup('/nora');
    await userEvent.click(screen.getAllByRole('link')[2]);
    await article('owner13');
    // Both presses arrive before the step they follow has rendered (no act() between them).
    const press = () =>
      document.body.dispatchEvent(
        new KeyboardEvent('keydown', { key: 'ArrowLeft', bubbles: true, cancelable: true }),
      );
    press();
    press();
    await article('owner11');
    expect(router.state.location.pathname + router.state.location.search).toBe(
      '/p/11/?taken-by=nora',
    );
  });

  it('a post opened directly has no steps', async () => {
    setup('/p/12/');
    await article('owner12');
    expect(screen.queryByRole('button', { name: 'Next post' })).not.toBeInTheDocument();
  });
});
