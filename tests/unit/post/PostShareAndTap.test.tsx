import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setPostLiked } from '../../../src/api/posts';
import type { WirePost } from '../../../src/api/types';
import { PostCard } from '../../../src/features/post/PostCard';
import { MemoryRouter } from '../../../src/lib/router';
import { resetCommentsState } from '../../../src/state/comments';
import { resetPostsState, upsertPosts } from '../../../src/state/posts';
import { toastState } from '../../../src/state/toast';
import { setMember, setVisitor } from '../app/session';
import { wirePost } from '../feed/fixtures';

vi.mock('../../../src/api/posts', () => ({
  setPostLiked: vi.fn(() => Promise.resolve({})),
  setPostSaved: vi.fn(() => Promise.resolve({})),
  deletePostRequest: vi.fn(),
  reportPostRequest: vi.fn(),
  fetchPost: vi.fn(),
}));

function renderCard(post: WirePost) {
  upsertPosts([post], 'preview');
  return render(
    <MemoryRouter initialEntries={['/']}>
      <PostCard postId={post.id} />
    </MemoryRouter>,
  );
}

/** A finger lifted at `at` ms (jsdom has no PointerEvent: a MouseEvent with its fields). */
function tap(target: Element, at: number, x = 100, y = 100) {
  const event = new MouseEvent('pointerup', { bubbles: true, clientX: x, clientY: y });
  Object.defineProperty(event, 'pointerType', { value: 'touch' });
  Object.defineProperty(event, 'timeStamp', { value: at });
  fireEvent(target, event);
}

function doubleClickAt(target: Element, at: number) {
  const event = new MouseEvent('dblclick', { bubbles: true });
  Object.defineProperty(event, 'timeStamp', { value: at });
  fireEvent(target, event);
}

beforeEach(() => {
  resetPostsState();
  resetCommentsState();
  setMember();
});
afterEach(() => {
  setVisitor();
  vi.clearAllMocks();
  vi.unstubAllGlobals();
  toastState.current = null;
});

describe('Share', () => {
  it('opens the system share sheet with the post link where there is one', async () => {
    const share = vi.fn(() => Promise.resolve());
    vi.stubGlobal('navigator', { ...navigator, share, canShare: () => true });
    renderCard(wirePost('p1'));
    await userEvent.click(screen.getByRole('button', { name: 'Share' }));
    expect(share).toHaveBeenCalledWith({ url: `${window.location.origin}/p/scp1/` });
    expect(toastState.current).toBeNull();
  });

  it('otherwise copies the link and says "Link copied"', async () => {
    const writeText = vi.fn(() => Promise.resolve());
    vi.stubGlobal('navigator', { ...navigator, share: undefined, clipboard: { writeText } });
    renderCard(wirePost('p1'));
    await userEvent.click(screen.getByRole('button', { name: 'Share' }));
    expect(writeText).toHaveBeenCalledWith(`${window.location.origin}/p/scp1/`);
    await waitFor(() => expect(toastState.current?.text).toBe('Link copied'));
  });

  it('says so when the link cannot be copied either', async () => {
    const writeText = vi.fn(() => Promise.reject(new Error('denied')));
    vi.stubGlobal('navigator', { ...navigator, share: undefined, clipboard: { writeText } });
    renderCard(wirePost('p1'));
    await userEvent.click(screen.getByRole('button', { name: 'Share' }));
    await waitFor(() => expect(toastState.current?.text).toBe("Couldn't copy the link."));
  });
});

describe('double tap on a touch screen', () => {
  it('likes the post with a heart, once, and a third tap never unlikes', async () => {
    renderCard(wirePost('p1'));
    const photo = screen.getByRole('img', { name: 'Photo by Full owner' });
    tap(photo, 1000);
    expect(screen.getByRole('button', { name: 'Like' })).toBeInTheDocument();
    tap(photo, 1200);
    expect(await screen.findByRole('button', { name: 'Unlike' })).toBeInTheDocument();
    expect(document.querySelector('.post-media__burst')).not.toBeNull();
    // The browser's own dblclick for the same two taps does not like a second time.
    doubleClickAt(photo, 1210);
    tap(photo, 1300);
    tap(photo, 1400);
    await Promise.resolve();
    expect(screen.getByRole('button', { name: 'Unlike' })).toBeInTheDocument();
    expect(setPostLiked).toHaveBeenCalledTimes(1);
  });

  it('two taps far apart in time or place are not a double tap', async () => {
    renderCard(wirePost('p1'));
    const photo = screen.getByRole('img', { name: 'Photo by Full owner' });
    tap(photo, 1000);
    tap(photo, 1600);
    tap(photo, 1700, 300, 300);
    await Promise.resolve();
    expect(screen.getByRole('button', { name: 'Like' })).toBeInTheDocument();
    expect(setPostLiked).not.toHaveBeenCalled();
  });
});

describe('post options take the arrow keys', () => {
  it('Down, Up, Home and End move between options; Escape gives focus back', async () => {
    renderCard(wirePost('p1'));
    const more = screen.getByRole('button', { name: 'More options' });
    await userEvent.click(more);
    const options = await screen.findByRole('dialog', { name: 'Post options' });
    const option = (name: string) =>
      within(options).queryByRole('button', { name }) ??
      within(options).getByRole('link', { name });
    // Focus moves in once the dialog's effect has run (a moment after it is in the page).
    await waitFor(() => expect(option('Report')).toHaveFocus());
    await userEvent.keyboard('{ArrowDown}');
    expect(option('Go to post')).toHaveFocus();
    await userEvent.keyboard('{End}');
    expect(option('Cancel')).toHaveFocus();
    await userEvent.keyboard('{ArrowDown}');
    expect(option('Report')).toHaveFocus();
    await userEvent.keyboard('{ArrowUp}');
    expect(option('Cancel')).toHaveFocus();
    await userEvent.keyboard('{Home}');
    expect(option('Report')).toHaveFocus();
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(more).toHaveFocus();
  });
});
