import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { deleteCommentRequest } from '../../../src/api/comments';
import { CommentList } from '../../../src/features/post/CommentList';
import { MemoryRouter } from '../../../src/lib/router';
import { resetCommentsState } from '../../../src/state/comments';
import { resetPostsState, upsertPosts } from '../../../src/state/posts';
import { wireComment, wirePost } from '../feed/fixtures';

vi.mock('../../../src/api/comments', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../../src/api/comments')>()),
  deleteCommentRequest: vi.fn(),
}));

afterEach(() => {
  resetCommentsState();
  resetPostsState();
  vi.clearAllMocks();
});

describe('CommentList', () => {
  it('keeps the focus on the list when a deleted comment takes its button away', async () => {
    vi.mocked(deleteCommentRequest).mockResolvedValue({ status: 'ok' } as never);
    const post = wirePost('p1', {
      edge_media_to_comment: {
        count: 2,
        page_info: { has_next_page: false, end_cursor: null },
        edges: [{ node: wireComment('c1', 'first!') }, { node: wireComment('c2', 'second') }],
      },
    });
    upsertPosts([post], 'page');
    render(
      <MemoryRouter>
        <CommentList post={post} viewerId={post.owner.id} />
      </MemoryRouter>,
    );
    const [first] = await screen.findAllByRole('button', { name: 'Delete comment' });
    first.focus();
    // Delete asks first; Cancel (where the focus starts) keeps the comment and the focus.
    await userEvent.keyboard('{Enter}');
    const question = screen.getByRole('dialog', { name: 'Delete comment?' });
    await userEvent.keyboard('{Enter}');
    expect(question).not.toBeInTheDocument();
    expect(screen.getByText('first!')).toBeInTheDocument();
    expect(first).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    await userEvent.click(screen.getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.queryByText('first!')).not.toBeInTheDocument());
    expect(screen.getByRole('list', { name: 'Comments' })).toHaveFocus();
  });
});
