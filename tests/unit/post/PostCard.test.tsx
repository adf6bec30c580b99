import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from '../../../src/lib/router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { addCommentRequest } from '../../../src/api/comments';
import { deletePostRequest, setPostLiked, setPostSaved } from '../../../src/api/posts';
import { removeOwnTagRequest } from '../../../src/api/usertags';
import type { WirePost } from '../../../src/api/types';
import { PostCard } from '../../../src/features/post/PostCard';
import { resetCommentsState } from '../../../src/state/comments';
import { resetPostsState, upsertPosts } from '../../../src/state/posts';
import { setMember, setVisitor } from '../app/session';
import { wireComment, wirePost, wireUser } from '../feed/fixtures';

vi.mock('../../../src/api/posts', () => ({
  setPostLiked: vi.fn(() => Promise.resolve({})),
  setPostSaved: vi.fn(() => Promise.resolve({})),
  deletePostRequest: vi.fn(),
  reportPostRequest: vi.fn(),
  fetchPost: vi.fn(),
}));

vi.mock('../../../src/api/usertags', () => ({ removeOwnTagRequest: vi.fn() }));

vi.mock('../../../src/api/comments', () => ({
  addCommentRequest: vi.fn(),
  deleteCommentRequest: vi.fn(),
  fetchComments: vi.fn(),
}));

function renderCard(post: WirePost, path = '/') {
  upsertPosts([post], 'preview');
  return render(
    <MemoryRouter initialEntries={[path]}>
      <PostCard postId={post.id} />
    </MemoryRouter>,
  );
}

function likers(n: number) {
  return Array.from({ length: n }, (_, i) => ({ node: wireUser(String(100 + i), `fan${i + 1}`) }));
}

beforeEach(() => {
  resetPostsState();
  resetCommentsState();
  setMember();
});
afterEach(() => {
  setVisitor();
  vi.clearAllMocks();
});

describe('PostCard actions', () => {
  it('names the like button Like, then Unlike once pressed', async () => {
    renderCard(wirePost('p1'));
    const like = screen.getByRole('button', { name: 'Like' });
    expect(like).toHaveAttribute('aria-pressed', 'false');
    await userEvent.click(like);
    expect(screen.getByRole('button', { name: 'Unlike' })).toHaveAttribute('aria-pressed', 'true');
    expect(setPostLiked).toHaveBeenCalledWith('p1', true);
  });

  it('names the save button Save, then Remove once saved', async () => {
    renderCard(wirePost('p1'));
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getByRole('button', { name: 'Remove from saved' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    expect(setPostSaved).toHaveBeenCalledWith('p1', true);
  });

  it('likes the post on a double-click on the photo', async () => {
    renderCard(wirePost('p1'));
    await userEvent.dblClick(screen.getByRole('img', { name: 'Photo by Full owner' }));
    expect(screen.getByRole('button', { name: 'Unlike' })).toBeInTheDocument();
  });

  it('has an "Add a comment…" box with a Post button', () => {
    renderCard(wirePost('p1'));
    expect(screen.getByLabelText('Add a comment…')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Post' })).toBeDisabled();
  });

  /** The server's answer to the comment "lovely" by ava.lindqvist. */
  const answerLovely = () =>
    vi.mocked(addCommentRequest).mockResolvedValue({
      id: 'c9',
      created_time: 1_700_000_100,
      text: 'lovely',
      from: { id: '101', username: 'ava.lindqvist', full_name: '', profile_picture: '' },
    });

  it('posts a comment with Enter and shows it under the post', async () => {
    answerLovely();
    renderCard(wirePost('p1'));
    const box = screen.getByLabelText('Add a comment…');
    await userEvent.type(box, 'lovely{Enter}');
    const author = await screen.findByRole('link', { name: 'ava.lindqvist' });
    expect(author.closest('li')).toHaveTextContent('ava.lindqvist lovely');
    expect(addCommentRequest).toHaveBeenCalledWith('p1', 'lovely');
    expect(box).toHaveValue('');
    expect(box).toHaveFocus();
  });

  it('posts with the Post button, then the focus is back in the box (not on the page)', async () => {
    answerLovely();
    renderCard(wirePost('p1'));
    const box = screen.getByLabelText('Add a comment…');
    await userEvent.type(box, 'lovely');
    await userEvent.click(screen.getByRole('button', { name: 'Post' }));
    await screen.findByRole('link', { name: 'ava.lindqvist' });
    await waitFor(() => expect(box).toHaveFocus());
    expect(screen.getByRole('button', { name: 'Post' })).toBeDisabled();
  });

  it('keeps the focus on Post while the comment is sent, and sends it once however often it is pressed', async () => {
    let answer: (value: Awaited<ReturnType<typeof addCommentRequest>>) => void = () => undefined;
    vi.mocked(addCommentRequest).mockImplementation(
      () => new Promise((resolve) => (answer = resolve)),
    );
    renderCard(wirePost('p1'));
    const box = screen.getByLabelText('Add a comment…');
    await userEvent.type(box, 'lovely');
    const post = screen.getByRole('button', { name: 'Post' });
    await userEvent.dblClick(post);
    await userEvent.click(post);
    await waitFor(() => expect(addCommentRequest).toHaveBeenCalled());
    expect(post).toHaveFocus();
    expect(post).toHaveAttribute('aria-disabled', 'true');
    answer({
      id: 'c9',
      created_time: 1_700_000_100,
      text: 'lovely',
      from: { id: '101', username: 'ava.lindqvist', full_name: '', profile_picture: '' },
    });
    await screen.findByRole('link', { name: 'ava.lindqvist' });
    await waitFor(() => expect(box).toHaveFocus());
    expect(addCommentRequest).toHaveBeenCalledTimes(1);
  });

  it('shows the comment count link and the newest comments', () => {
    renderCard(
      wirePost('p1', {
        edge_media_to_comment: {
          count: 9,
          page_info: { has_next_page: true, end_cursor: null },
          edges: [{ node: wireComment('c1', 'first!') }],
        },
      }),
    );
    expect(screen.getByRole('link', { name: 'View all 9 comments' })).toHaveAttribute(
      'href',
      '/p/scp1/',
    );
    expect(screen.getByText('first!')).toBeInTheDocument();
  });
});

describe('visitor prompt', () => {
  it('replaces the like action with a login prompt carrying next', () => {
    setVisitor();
    renderCard(wirePost('p1'), '/p/scp1/');
    expect(screen.queryByRole('button', { name: 'Like' })).not.toBeInTheDocument();
    expect(screen.getByText(/to like or comment\./).textContent).toBe('Log in to like or comment.');
    expect(screen.getByRole('link', { name: 'Log in' })).toHaveAttribute(
      'href',
      '/accounts/login/?next=%2Fp%2Fscp1%2F',
    );
    expect(screen.queryByLabelText('Add a comment…')).not.toBeInTheDocument();
  });

  it('says Sign up and links to signup when signup is the default', () => {
    setVisitor();
    window._sharedData = { ...window._sharedData, experiments: { login_via_signup_page: true } };
    renderCard(wirePost('p1'), '/');
    expect(screen.getByText(/to like or comment\./).textContent).toBe(
      'Sign up to like or comment.',
    );
    expect(screen.getByRole('link', { name: 'Sign up' })).toHaveAttribute(
      'href',
      '/accounts/emailsignup/?next=%2F',
    );
  });
});

describe('likes summary', () => {
  const summary = () => screen.getByText(/Liked by|likes?$|first to like/).closest('p');

  it('invites the first like', () => {
    renderCard(wirePost('p1', { edge_media_preview_like: { count: 0, edges: [] } }));
    expect(summary()?.textContent).toBe('Be the first to like this');
  });

  it('names every liker up to ten', () => {
    renderCard(wirePost('p1', { edge_media_preview_like: { count: 3, edges: likers(3) } }));
    expect(summary()?.textContent).toBe('Liked by fan1, fan2 and fan3');
  });

  it('counts the likers it cannot name as others, linked to the list', () => {
    renderCard(wirePost('p1', { edge_media_preview_like: { count: 5, edges: likers(2) } }));
    expect(summary()?.textContent).toBe('Liked by fan1, fan2 and 3 others');
    expect(screen.getByRole('link', { name: '3 others' })).toHaveAttribute(
      'href',
      '/p/scp1/liked_by/',
    );
  });

  it('shows a count above ten likes', () => {
    renderCard(wirePost('p1', { edge_media_preview_like: { count: 12345, edges: likers(10) } }));
    expect(screen.getByRole('link', { name: '12,345 likes' })).toHaveAttribute(
      'href',
      '/p/scp1/liked_by/',
    );
  });

  it('is not a link when the viewer may not see the likers', () => {
    renderCard(
      wirePost('p1', {
        viewer_can_see_likers: false,
        edge_media_preview_like: { count: 11, edges: [] },
      }),
    );
    expect(screen.getByText('11 likes').tagName).toBe('SPAN');
    expect(screen.queryByRole('link', { name: '11 likes' })).not.toBeInTheDocument();
  });

  it('adds the viewer as a liker right after a like', async () => {
    renderCard(wirePost('p1', { edge_media_preview_like: { count: 1, edges: likers(1) } }));
    await userEvent.click(screen.getByRole('button', { name: 'Like' }));
    expect(summary()?.textContent).toBe('Liked by ava.lindqvist and fan1');
  });
});

describe('caption and media', () => {
  it('cuts a long caption with "more" and links hashtags lowercased', async () => {
    const caption = `${'word '.repeat(40)}#Sunset`;
    renderCard(wirePost('p1', { caption }));
    expect(screen.queryByRole('link', { name: '#Sunset' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'more' }));
    expect(screen.getByRole('link', { name: '#Sunset' })).toHaveAttribute(
      'href',
      '/explore/tags/sunset/',
    );
    // "more" went away: the whole caption has the focus, not the page.
    expect(document.activeElement).toHaveClass('post-caption__text');
  });

  const sidecar = (...ids: string[]) => {
    const child = (id: string) => {
      const { owner: _owner, edge_sidecar_to_children: _c, ...rest } = wirePost(id);
      return { node: rest };
    };
    return wirePost('p1', {
      __typename: 'GraphSidecar',
      edge_sidecar_to_children: { edges: ids.map(child) },
    });
  };
  const track = () => document.querySelector<HTMLElement>('.post-media__track')!;

  it('pages a sidecar with Next and Previous', async () => {
    renderCard(sidecar('a', 'b'));
    expect(screen.queryByRole('button', { name: 'Previous' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getByRole('button', { name: 'Previous' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Next' })).not.toBeInTheDocument();
    expect(screen.getByText('Photo 2 of 2')).toBeInTheDocument();
  });

  it('turns with the arrow keys, and the button left at either end keeps the focus', async () => {
    renderCard(sidecar('a', 'b', 'c'));
    screen.getByRole('button', { name: 'Next' }).focus();
    await userEvent.keyboard('{Enter}');
    await userEvent.keyboard('{Enter}');
    // Next went away with the last photo: Previous has the focus, not the page.
    expect(track().style.transform).toBe('translateX(-200%)');
    expect(screen.getByRole('button', { name: 'Previous' })).toHaveFocus();
    await userEvent.keyboard('{ArrowLeft}');
    await userEvent.keyboard('{ArrowLeft}');
    expect(track().style.transform).toBe('translateX(-0%)');
    expect(screen.getByRole('button', { name: 'Next' })).toHaveFocus();
    // The key is taken (the post modal's own ←/→ step to other posts only when it is not).
    const right = new KeyboardEvent('keydown', {
      key: 'ArrowRight',
      bubbles: true,
      cancelable: true,
    });
    act(() => {
      screen.getByRole('button', { name: 'Next' }).dispatchEvent(right);
    });
    expect(right.defaultPrevented).toBe(true);
    expect(screen.getByText('Photo 2 of 3')).toBeInTheDocument();
  });

  it('turns with a sideways swipe on a touch screen; a swipe is not a tap', async () => {
    renderCard(sidecar('a', 'b', 'c'));
    const media = document.querySelector<HTMLElement>('.post-media')!;
    const touch = (type: string, x: number, y = 100) =>
      fireEvent[type as 'pointerDown'](media, {
        pointerId: 1,
        pointerType: 'touch',
        clientX: x,
        clientY: y,
      });
    touch('pointerDown', 300);
    touch('pointerMove', 250);
    touch('pointerUp', 180);
    expect(track().style.transform).toBe('translateX(-100%)');
    expect(screen.getByText('Photo 2 of 3')).toBeInTheDocument();
    // Mostly downwards: the page scrolls, the photo stays.
    touch('pointerDown', 200, 100);
    touch('pointerMove', 190, 220);
    touch('pointerUp', 190, 260);
    expect(track().style.transform).toBe('translateX(-100%)');
    // Back with a swipe the other way.
    touch('pointerDown', 100);
    touch('pointerMove', 200);
    touch('pointerUp', 200);
    expect(track().style.transform).toBe('translateX(-0%)');
    expect(setPostLiked).not.toHaveBeenCalled();
  });

  it('toggles the tagged people', async () => {
    renderCard(
      wirePost('p1', {
        edge_media_to_tagged_user: {
          edges: [{ node: { user: { username: 'zoe' }, x: 0.5, y: 0.5 } }],
        },
      }),
    );
    const toggle = screen.getByRole('button', { name: 'Tagged people' });
    await userEvent.click(toggle);
    const tags = screen.getByRole('list', { name: 'Tagged people' });
    expect(within(tags).getByRole('link', { name: 'zoe' })).toHaveAttribute('href', '/zoe/');
    await act(async () => userEvent.click(toggle));
    expect(screen.queryByRole('list', { name: 'Tagged people' })).not.toBeInTheDocument();
  });
});

describe('post menu', () => {
  it('"More options" opens the options; Delete asks first, then deletes', async () => {
    vi.mocked(deletePostRequest).mockResolvedValue({});
    renderCard(wirePost('p1', { owner: wireUser('101', 'ava.lindqvist') }));
    await userEvent.click(screen.getByRole('button', { name: 'More options' }));
    const options = await screen.findByRole('dialog', { name: 'Post options' });
    expect(within(options).getByRole('link', { name: 'Go to post' })).toHaveAttribute(
      'href',
      '/p/scp1/',
    );
    expect(within(options).queryByRole('button', { name: 'Report' })).not.toBeInTheDocument();
    await userEvent.click(within(options).getByRole('button', { name: 'Delete' }));
    expect(screen.queryByRole('dialog', { name: 'Post options' })).not.toBeInTheDocument();
    await userEvent.click(
      within(screen.getByRole('dialog', { name: 'Delete post?' })).getByRole('button', {
        name: 'Delete',
      }),
    );
    expect(deletePostRequest).toHaveBeenCalledWith('p1');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it("offers Report on someone else's post and closes on Cancel", async () => {
    renderCard(wirePost('p1'));
    await userEvent.click(screen.getByRole('button', { name: 'More options' }));
    const options = await screen.findByRole('dialog', { name: 'Post options' });
    expect(within(options).getByRole('button', { name: 'Report' })).toBeInTheDocument();
    expect(within(options).queryByRole('button', { name: 'Delete' })).not.toBeInTheDocument();
    await userEvent.click(within(options).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'More options' })).toHaveFocus();
  });

  it('offers Remove me from post on a post the member is tagged in, after a confirm', async () => {
    vi.mocked(removeOwnTagRequest).mockResolvedValue({});
    renderCard(
      wirePost('p1', {
        edge_media_to_tagged_user: {
          edges: [
            { node: { user: { username: 'ava.lindqvist' }, x: 0.2, y: 0.3 } },
            { node: { user: { username: 'zoe' }, x: 0.5, y: 0.5 } },
          ],
        },
      }),
    );
    await userEvent.click(screen.getByRole('button', { name: 'More options' }));
    const options = await screen.findByRole('dialog', { name: 'Post options' });
    await userEvent.click(within(options).getByRole('button', { name: 'Remove me from post' }));
    const confirm = screen.getByRole('dialog', { name: 'Remove yourself from this post?' });
    // A destructive question starts on Cancel.
    expect(within(confirm).getByRole('button', { name: 'Cancel' })).toHaveFocus();
    await userEvent.click(within(confirm).getByRole('button', { name: 'Remove' }));
    expect(removeOwnTagRequest).toHaveBeenCalledWith('p1');
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Tagged people' })).toBeInTheDocument(),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Tagged people' }));
    const tagged = screen.getByRole('list', { name: 'Tagged people' });
    expect(within(tagged).queryByRole('link', { name: 'ava.lindqvist' })).not.toBeInTheDocument();
    expect(within(tagged).getByRole('link', { name: 'zoe' })).toBeInTheDocument();
  });

  it('offers no Remove me from post where the member is not tagged', async () => {
    renderCard(wirePost('p1'));
    await userEvent.click(screen.getByRole('button', { name: 'More options' }));
    const options = await screen.findByRole('dialog', { name: 'Post options' });
    expect(
      within(options).queryByRole('button', { name: 'Remove me from post' }),
    ).not.toBeInTheDocument();
  });
});
