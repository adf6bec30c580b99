import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setPostLiked } from '../../../src/api/posts';
import type { WireGatingInfo, WirePost } from '../../../src/api/types';
import { PostCard } from '../../../src/features/post/PostCard';
import { MemoryRouter } from '../../../src/lib/router';
import { resetCommentsState } from '../../../src/state/comments';
import { resetGatingState } from '../../../src/state/gating';
import { resetPostsState, upsertPosts } from '../../../src/state/posts';
import { PostTileExtras } from '../../../src/features/post/PostTileExtras';
import { setMember, setVisitor } from '../app/session';
import { wirePost } from '../feed/fixtures';

// Content §3 gating info and sponsors on the post card: a gated post opens blurred under a cover
// until the viewer asks to see it; a sponsored one says whose paid partnership it is.

vi.mock('../../../src/api/posts', () => ({
  setPostLiked: vi.fn(() => Promise.resolve({})),
  setPostSaved: vi.fn(() => Promise.resolve({})),
  deletePostRequest: vi.fn(),
  reportPostRequest: vi.fn(),
  fetchPost: vi.fn(),
}));

const SENSITIVE: WireGatingInfo = {
  title: 'Sensitive content',
  description: 'This photo may show content that some people find upsetting.',
  buttons: ['See Photo'],
  gating_type: 'sensitive',
};

const PHOTO = { name: 'Photo by Full owner' };

function renderCard(post: WirePost) {
  upsertPosts([post], 'preview');
  return render(
    <MemoryRouter>
      <PostCard postId={post.id} />
    </MemoryRouter>,
  );
}

const sponsor = (id: string, username: string) => ({ node: { sponsor: { id, username } } });

beforeEach(() => {
  resetPostsState();
  resetCommentsState();
  resetGatingState();
  setMember();
});
afterEach(() => {
  setVisitor();
  vi.clearAllMocks();
});

describe('a gated post', () => {
  it('shows the title, the description and a "See Photo" button over a hidden image', () => {
    renderCard(wirePost('g1', { gating_info: SENSITIVE }));
    const cover = screen.getByRole('group', { name: 'Sensitive content' });
    expect(cover).toHaveAccessibleDescription(SENSITIVE.description);
    expect(within(cover).getByText(SENSITIVE.description)).toBeVisible();
    expect(within(cover).getByRole('button', { name: 'See Photo' })).toBeInTheDocument();
    // In the page (blurred) but out of the accessibility tree and the tab order.
    expect(screen.queryByRole('img', PHOTO)).toBeNull();
    const img = screen.getByRole('img', { ...PHOTO, hidden: true });
    expect(img.closest('[aria-hidden="true"]')).not.toBeNull();
    expect(img.closest('[inert]')).not.toBeNull();
    expect(img.closest('.post-media')).toHaveClass('post-media--gated');
  });

  it('reveals the image on a click and keeps it revealed when the card mounts again', async () => {
    const post = wirePost('g2', { gating_info: SENSITIVE });
    const first = renderCard(post);
    await userEvent.click(screen.getByRole('button', { name: 'See Photo' }));
    expect(screen.getByRole('img', PHOTO)).toBeInTheDocument();
    expect(screen.queryByRole('group', { name: 'Sensitive content' })).toBeNull();
    expect(screen.getByRole('img', PHOTO).closest('.post-media')).not.toHaveClass(
      'post-media--gated',
    );
    // The button went away with the cover: focus stays on the post's media, not the page.
    expect(document.activeElement).toBe(screen.getByRole('img', PHOTO).closest('.post-media'));

    first.unmount(); // the windowed feed drops cards scrolled away
    renderCard(post);
    expect(screen.getByRole('img', PHOTO)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'See Photo' })).toBeNull();
  });

  it('reaches the button from the keyboard and reveals with Enter', async () => {
    renderCard(wirePost('g3', { gating_info: SENSITIVE }));
    const button = screen.getByRole('button', { name: 'See Photo' });
    // Tab from the header's links to the cover's button (nothing inside the blurred media).
    for (let i = 0; i < 10 && document.activeElement !== button; i++) await userEvent.tab();
    expect(button).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    expect(screen.getByRole('img', PHOTO)).toBeInTheDocument();
  });

  it('keeps the like button working, but a double-click on the cover likes nothing', async () => {
    renderCard(wirePost('g4', { gating_info: SENSITIVE }));
    await userEvent.dblClick(screen.getByText(SENSITIVE.title));
    expect(setPostLiked).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole('button', { name: 'Like' }));
    expect(screen.getByRole('button', { name: 'Unlike' })).toBeInTheDocument();
    expect(setPostLiked).toHaveBeenCalledWith('g4', true);
    expect(screen.getByRole('group', { name: 'Sensitive content' })).toBeInTheDocument();
  });

  it('shows one button per entry, each revealing', async () => {
    renderCard(
      wirePost('g5', {
        is_video: true,
        gating_info: { ...SENSITIVE, buttons: ['See Video', 'Show anyway'] },
      }),
    );
    expect(screen.getByRole('button', { name: 'See Video' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Show anyway' }));
    expect(screen.queryByRole('group', { name: 'Sensitive content' })).toBeNull();
  });

  it('shows hostile gating text as text, never as markup', () => {
    const hostile = {
      ...SENSITIVE,
      title: '<img src=x onerror="window.pwned=1">',
      description: '<script>window.pwned=1</script><b>bold</b> & more',
      buttons: ['<i>See</i>'],
    };
    const { container } = renderCard(wirePost('g6', { gating_info: hostile }));
    const cover = screen.getByRole('group', { name: hostile.title });
    expect(within(cover).getByText(hostile.description)).toBeInTheDocument();
    expect(within(cover).getByRole('button', { name: '<i>See</i>' })).toBeInTheDocument();
    expect(container.querySelector('img[src="x"], script, b, i')).toBeNull();
    expect((window as { pwned?: number }).pwned).toBeUndefined();
  });

  it('is not covered without gating info', () => {
    renderCard(wirePost('g7'));
    expect(screen.getByRole('img', PHOTO)).toBeInTheDocument();
    expect(screen.queryByRole('group')).toBeNull();
  });

  it('blurs its grid tile until revealed anywhere', async () => {
    const post = wirePost('g8', { gating_info: SENSITIVE });
    upsertPosts([post], 'preview');
    render(
      <MemoryRouter>
        <PostTileExtras post={post} />
        <PostCard postId={post.id} />
      </MemoryRouter>,
    );
    expect(screen.getByRole('img', { name: 'Sensitive content' })).toHaveClass('post-tile__gate');
    await userEvent.click(screen.getByRole('button', { name: 'See Photo' }));
    expect(screen.queryByRole('img', { name: 'Sensitive content' })).toBeNull();
  });
});

describe('a sponsored post', () => {
  it('says "Paid partnership with" the sponsor, linked to their profile', () => {
    const { container } = renderCard(
      wirePost('s1', { edge_media_to_sponsor_user: { edges: [sponsor('5', 'brand.co')] } }),
    );
    const header = container.querySelector<HTMLElement>('.post-header')!;
    expect(header).toHaveTextContent('Paid partnership with brand.co');
    expect(within(header).getByRole('link', { name: 'brand.co' })).toHaveAttribute(
      'href',
      '/brand.co/',
    );
  });

  it('names every sponsor', () => {
    const { container } = renderCard(
      wirePost('s2', {
        edge_media_to_sponsor_user: {
          edges: [sponsor('5', 'a.co'), sponsor('6', 'b.co'), sponsor('7', 'c.co')],
        },
      }),
    );
    expect(container.querySelector('.post-header')).toHaveTextContent(
      'Paid partnership with a.co, b.co and c.co',
    );
  });

  it('says nothing without sponsors', () => {
    renderCard(wirePost('s3'));
    expect(screen.queryByText(/Paid partnership/)).toBeNull();
  });
});
