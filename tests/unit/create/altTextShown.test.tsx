import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { MemoryRouter } from '../../../src/lib/router';
import { PostMedia } from '../../../src/features/post/PostMedia';
import { PostGrid } from '../../../src/features/profile/PostGrid';
import type { WirePost } from '../../../src/api/types';
import { wirePost } from '../feed/fixtures';

// Issue 19: the post payload's accessibility_caption is the alt of the photo wherever it shows.
describe('alt text of a post photo', () => {
  it('is the accessibility_caption in the post media and in a grid', () => {
    const post = wirePost('1', { accessibility_caption: 'A heron on a frozen lake' });
    render(
      <MemoryRouter>
        <PostMedia post={post} />
        <PostGrid posts={[post]} modalParam="taken-by" username="u" />
      </MemoryRouter>,
    );
    expect(screen.getAllByRole('img', { name: 'A heron on a frozen lake' })).toHaveLength(2);
  });

  it("is each carousel photo's own", () => {
    const child = (id: string, alt: string) => {
      const { owner: _owner, edge_sidecar_to_children: _c, ...node } = wirePost(id);
      return { node: { ...node, accessibility_caption: alt } };
    };
    const post: WirePost = wirePost('2', {
      __typename: 'GraphSidecar',
      edge_sidecar_to_children: { edges: [child('21', 'A red door'), child('22', 'A blue door')] },
    });
    render(
      <MemoryRouter>
        <PostMedia post={post} />
      </MemoryRouter>,
    );
    expect(screen.getByRole('img', { name: 'A red door' })).toBeInTheDocument();
    // The second slide is off screen (hidden) until the carousel moves to it.
    expect(screen.getByRole('img', { name: 'A blue door', hidden: true })).toBeInTheDocument();
  });
});
