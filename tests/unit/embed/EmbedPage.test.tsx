import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { RequestError } from '../../../src/api/client';
import { fetchEmbed, type WireEmbed } from '../../../src/api/embed';
import type { WirePost } from '../../../src/api/types';
import EmbedPage from '../../../src/features/embed/EmbedPage';
import { MemoryRouter, Route, Routes } from '../../../src/lib/router';
import { resetEmbeds } from '../../../src/state/embed';
import { resetPostFeeds } from '../../../src/state/postFeeds';
import { resetPostsState } from '../../../src/state/posts';
import { setVisitor } from '../app/session';
import { deferred, wirePost } from '../feed/fixtures';

vi.mock('../../../src/api/embed', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../../src/api/embed')>()),
  fetchEmbed: vi.fn(),
}));

const related = (from: number, n: number): WirePost[] =>
  Array.from({ length: n }, (_, i) => wirePost(String(from + i)));

function embed(over: { next?: string | null; posts?: WirePost[] } = {}): WireEmbed {
  const { next = null, posts = related(100, 12) } = over;
  return {
    scope: 'local',
    shortcode_media: wirePost('1', {
      caption: 'Harbour at dawn #sea with @pia',
      edge_media_preview_like: { count: 1234, edges: [] },
    }),
    edge_related_media: {
      count: 14,
      page_info: { has_next_page: next !== null, end_cursor: next },
      edges: posts.map((node) => ({ node })),
    },
  };
}

const notFound = () =>
  new RequestError({
    code: 'fail',
    statusCode: 404,
    statusText: 'Not Found',
    responseText: '',
    parsed: { status: 'fail', message: 'Post not found.' },
  });

const networkFailure = () =>
  new RequestError({
    code: 'network',
    statusCode: 0,
    statusText: 'Failed to fetch',
    responseText: '',
    parsed: null,
  });

function renderAt(path = '/p/sc1/embed/') {
  render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="p/:shortcode/embed" element={<EmbedPage />} />
      </Routes>
    </MemoryRouter>,
  );
}

const thumbnails = () =>
  within(screen.getByRole('region', { name: /More posts/ })).getAllByRole('listitem');

beforeEach(() => setVisitor());
afterEach(() => {
  vi.mocked(fetchEmbed).mockReset();
  resetEmbeds();
  resetPostFeeds();
  resetPostsState();
});

describe('EmbedPage', () => {
  it('shows a spinner, then the compact card with owner, likes, caption and links', async () => {
    const answer = deferred<WireEmbed>();
    vi.mocked(fetchEmbed).mockReturnValue(answer.promise);
    renderAt();
    expect(screen.getByRole('status', { name: 'Loading post' })).toBeInTheDocument();
    answer.resolve(embed());

    const card = await screen.findByRole('article', { name: 'Post by owner' });
    expect(fetchEmbed).toHaveBeenCalledWith('sc1', 'local', null, expect.anything());
    expect(within(card).getAllByRole('link', { name: 'owner' })[0]).toHaveAttribute(
      'href',
      '/owner/',
    );
    expect(within(card).getByRole('img', { name: 'Photo by Full owner' })).toBeInTheDocument();
    expect(within(card).getByText('1,234 likes')).toBeInTheDocument();
    expect(within(card).getByRole('link', { name: '#sea' })).toHaveAttribute(
      'href',
      '/explore/tags/sea/',
    );
    expect(within(card).getByRole('link', { name: '@pia' })).toHaveAttribute('href', '/pia/');
    expect(within(card).getByRole('link', { name: 'View on Glint' })).toHaveAttribute(
      'href',
      '/p/sc1/',
    );
    // Visitors get no like button: an embed is read-only.
    expect(within(card).queryByRole('button', { name: /like/i })).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'More posts from owner' })).toBeInTheDocument();
    expect(thumbnails()).toHaveLength(12);
    expect(within(thumbnails()[0]).getByRole('link')).toHaveAttribute('href', '/p/sc100/');
  });

  it('loads 12 more posts at a time with the cursor, then stops', async () => {
    vi.mocked(fetchEmbed)
      .mockResolvedValueOnce(embed({ next: 'c1' }))
      .mockResolvedValueOnce(embed({ posts: related(200, 2) }));
    renderAt();
    await screen.findByRole('article', { name: 'Post by owner' });
    await userEvent.click(screen.getByRole('button', { name: 'Load more posts' }));
    expect(fetchEmbed).toHaveBeenLastCalledWith('sc1', 'local', 'c1', undefined);
    await vi.waitFor(() => expect(thumbnails()).toHaveLength(14));
    expect(screen.queryByRole('button', { name: 'Load more posts' })).not.toBeInTheDocument();
  });

  it('keeps the loaded posts when the next page fails, and offers Retry', async () => {
    vi.mocked(fetchEmbed)
      .mockResolvedValueOnce(embed({ next: 'c1' }))
      .mockRejectedValueOnce(networkFailure())
      .mockResolvedValue(embed({ posts: related(200, 2) }));
    renderAt();
    await screen.findByRole('article', { name: 'Post by owner' });
    await userEvent.click(screen.getByRole('button', { name: 'Load more posts' }));
    const retry = await screen.findByRole('button', { name: 'Retry' });
    expect(thumbnails()).toHaveLength(12);
    await userEvent.click(retry);
    await vi.waitFor(() => expect(thumbnails()).toHaveLength(14));
  });

  it('shows a failure with Retry when the post could not be loaded', async () => {
    vi.mocked(fetchEmbed).mockRejectedValueOnce(networkFailure()).mockResolvedValue(embed());
    renderAt();
    expect(await screen.findByRole('heading', { name: "Couldn't load this post." })).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('article', { name: 'Post by owner' })).toBeInTheDocument();
  });

  it('reads a missing, private or blocked post as not available', async () => {
    vi.mocked(fetchEmbed).mockRejectedValue(notFound());
    renderAt();
    expect(
      await screen.findByRole('heading', { name: "Sorry, this page isn't available." }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Retry' })).not.toBeInTheDocument();
  });

  it('asks for the global scope from ?scope=global and titles the strip for it', async () => {
    vi.mocked(fetchEmbed).mockResolvedValue({ ...embed(), scope: 'global' });
    renderAt('/p/sc1/embed/?scope=global');
    await screen.findByRole('article', { name: 'Post by owner' });
    expect(fetchEmbed).toHaveBeenCalledWith('sc1', 'global', null, expect.anything());
    expect(screen.getByRole('heading', { name: 'More posts on Glint' })).toBeInTheDocument();
  });

  it('hides the strip when the owner has no other posts', async () => {
    vi.mocked(fetchEmbed).mockResolvedValue(embed({ posts: [] }));
    renderAt();
    await screen.findByRole('article', { name: 'Post by owner' });
    expect(screen.queryByRole('region', { name: /More posts/ })).not.toBeInTheDocument();
  });

  it('opens links in a new tab when shown inside an iframe, not in the frame', async () => {
    vi.mocked(fetchEmbed).mockResolvedValue(embed());
    const top = vi.spyOn(window, 'top', 'get').mockReturnValue({} as Window);
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    try {
      renderAt();
      await userEvent.click(await screen.findByRole('link', { name: 'View on Glint' }));
      expect(open).toHaveBeenCalledWith(
        new URL('/p/sc1/', window.location.href).href,
        '_blank',
        'noopener,noreferrer',
      );
      // The frame itself stays on the embed.
      expect(screen.getByRole('article', { name: 'Post by owner' })).toBeInTheDocument();
      await userEvent.click(screen.getByRole('link', { name: '#sea' }));
      expect(open).toHaveBeenLastCalledWith(
        new URL('/explore/tags/sea/', window.location.href).href,
        '_blank',
        'noopener,noreferrer',
      );
    } finally {
      top.mockRestore();
      open.mockRestore();
    }
  });
});
