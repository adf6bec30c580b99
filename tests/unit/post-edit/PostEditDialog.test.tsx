import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { editPostRequest } from '../../../src/api/posts';
import { locationSearch } from '../../../src/api/media';
import { topSearch } from '../../../src/api/search';
import { RequestError } from '../../../src/api/client';
import type { WirePost } from '../../../src/api/types';
import { MemoryRouter } from '../../../src/lib/router';
import { PostMenu } from '../../../src/features/post/PostMenu';
import { postsState, upsertPosts } from '../../../src/state/posts';
import { resetToastState, toastState } from '../../../src/state/toast';
import { setMember, setVisitor, viewerFixture } from '../app/session';
import { wirePost, wireUser } from '../feed/fixtures';

vi.mock('../../../src/api/posts', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../../src/api/posts')>()),
  editPostRequest: vi.fn(),
}));
vi.mock('../../../src/api/search', () => ({ topSearch: vi.fn() }));
vi.mock('../../../src/api/media', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../../src/api/media')>()),
  locationSearch: vi.fn(),
}));

const mine = (overrides: Partial<WirePost> = {}) =>
  wirePost('p1', {
    owner: wireUser(viewerFixture.id, viewerFixture.username),
    caption: 'Old caption',
    accessibility_caption: 'Photo by Ava Lindqvist on November 14, 2023.',
    location: {
      id: '5',
      name: 'Old Town',
      slug: 'old-town',
      lat: 1,
      lng: 2,
      has_public_page: true,
    },
    ...overrides,
  });

function renderMenu(post: WirePost) {
  upsertPosts([post], 'none');
  render(
    <MemoryRouter initialEntries={['/']}>
      <PostMenu post={post} onPostPage />
    </MemoryRouter>,
  );
}

async function openEdit() {
  const more = screen.getByRole('button', { name: 'More options' });
  await userEvent.click(more);
  await userEvent.click(await screen.findByRole('button', { name: 'Edit' }));
  return screen.findByRole('dialog', { name: 'Edit info' });
}

beforeEach(() => setMember());
afterEach(() => {
  setVisitor();
  resetToastState();
  postsState.byId = {};
  vi.clearAllMocks();
});

describe('Edit in the post menu', () => {
  it("is offered on the member's own post only", async () => {
    render(
      <MemoryRouter initialEntries={['/']}>
        <PostMenu post={wirePost('p2')} onPostPage />
      </MemoryRouter>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'More options' }));
    await screen.findByRole('dialog', { name: 'Post options' });
    expect(screen.queryByRole('button', { name: 'Edit' })).not.toBeInTheDocument();
  });

  it('saves caption and alt text; the post takes the server answer and focus returns', async () => {
    const post = mine();
    vi.mocked(editPostRequest).mockImplementation(async (_id, fields) => ({
      ...post,
      caption: fields.caption ?? post.caption,
      caption_is_edited: true,
      accessibility_caption: fields.accessibilityCaption ?? post.accessibility_caption,
    }));
    renderMenu(post);
    await openEdit();
    const caption = screen.getByRole('textbox', { name: 'Caption' });
    expect(caption).toHaveValue('Old caption');
    expect(screen.getByText('Old Town')).toBeInTheDocument();
    await userEvent.clear(caption);
    await userEvent.type(caption, 'New #caption');
    const alt = screen.getByRole('textbox', { name: 'Alt text' });
    expect(alt).toHaveValue('Photo by Ava Lindqvist on November 14, 2023.');
    await userEvent.clear(alt);
    await userEvent.type(alt, 'A heron on ice');
    await userEvent.click(screen.getByRole('button', { name: 'Done' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    // The place was not touched, so it is not sent (kept as it is).
    expect(editPostRequest).toHaveBeenCalledWith('p1', {
      caption: 'New #caption',
      accessibilityCaption: 'A heron on ice',
    });
    expect(postsState.byId.p1).toMatchObject({
      caption: 'New #caption',
      caption_is_edited: true,
      accessibility_caption: 'A heron on ice',
    });
    expect(toastState.current?.text).toBe('Your post has been updated.');
    expect(screen.getByRole('button', { name: 'More options' })).toHaveFocus();
  });

  it('changes who is tagged: removes one, adds one by search with Enter, sends the list', async () => {
    const post = mine({
      edge_media_to_tagged_user: {
        edges: [
          { node: { user: { username: 'zoe' }, x: 0.1, y: 0.2 } },
          { node: { user: { username: 'max' }, x: 0.3, y: 0.4 } },
        ],
      },
    });
    vi.mocked(editPostRequest).mockResolvedValue(post);
    vi.mocked(topSearch).mockResolvedValue({
      users: [
        {
          user: {
            pk: '8',
            username: 'ben',
            full_name: 'Ben Ode',
            is_verified: false,
            profile_pic_url: '',
          },
          position: 0,
        },
      ],
      hashtags: [],
      places: [],
      rank_token: 'rt',
      status: 'ok',
    });
    renderMenu(post);
    const dialog = await openEdit();
    // Tags are placed on the whole photo, not on its square thumbnail.
    const photo = within(dialog).getByRole('button', {
      name: 'Choose where on the photo to tag someone',
    });
    expect(photo.querySelector('img')).toHaveAttribute('src', post.display_url);
    expect(post.display_url).not.toBe(post.thumbnail_src);
    const tagged = within(dialog).getByRole('list', { name: 'Tagged people' });
    await userEvent.click(within(tagged).getByRole('button', { name: 'Remove max' }));
    const search = within(dialog).getByRole('searchbox', { name: 'Search for a person' });
    await userEvent.type(search, 'ben');
    await within(dialog).findByRole('button', { name: /ben Ben Ode/ });
    // Enter takes the first person found, and does not submit the form.
    await userEvent.keyboard('{Enter}');
    expect(editPostRequest).not.toHaveBeenCalled();
    expect(within(tagged).getByText('ben')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(editPostRequest).toHaveBeenCalled());
    const { usertags } = vi.mocked(editPostRequest).mock.calls[0][1];
    expect(JSON.parse(usertags ?? '')).toEqual({
      in: [
        { username: 'zoe', position: [0.1, 0.2] },
        { username: 'ben', position: [0.5, 0.5] },
      ],
    });
  });

  it('sends no tags when the tagged people were not touched', async () => {
    vi.mocked(editPostRequest).mockResolvedValue(mine());
    renderMenu(mine());
    await openEdit();
    await userEvent.click(screen.getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(editPostRequest).toHaveBeenCalled());
    expect(vi.mocked(editPostRequest).mock.calls[0][1]).not.toHaveProperty('usertags');
  });

  it('starts from an empty alt text field when the alt text is the generated one', async () => {
    renderMenu(mine({ accessibility_caption_is_custom: false }));
    await openEdit();
    // Not the member's words: kept out of the field, so a later edit can't save it (stale place
    // and all) as if they had written it.
    expect(screen.getByRole('textbox', { name: 'Alt text' })).toHaveValue('');
  });

  it("starts from the member's own alt text when they wrote one", async () => {
    renderMenu(
      mine({ accessibility_caption: 'A heron on ice', accessibility_caption_is_custom: true }),
    );
    await openEdit();
    expect(screen.getByRole('textbox', { name: 'Alt text' })).toHaveValue('A heron on ice');
  });

  it('leaves an untouched alt text out and removes the place', async () => {
    vi.mocked(editPostRequest).mockResolvedValue(mine({ location: null }));
    renderMenu(mine());
    await openEdit();
    await userEvent.click(screen.getByRole('button', { name: 'Remove location' }));
    expect(screen.getByRole('searchbox', { name: 'Add location' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Done' }));
    await waitFor(() =>
      expect(editPostRequest).toHaveBeenCalledWith('p1', { caption: 'Old caption', location: '' }),
    );
  });

  it('chooses a new place by name', async () => {
    vi.mocked(locationSearch).mockResolvedValue([
      { name: 'Harbour', lat: 3, lng: 4, address: '', external_id: 'h1', external_id_source: 'x' },
    ]);
    vi.mocked(editPostRequest).mockResolvedValue(mine());
    renderMenu(mine({ location: null }));
    await openEdit();
    await userEvent.type(screen.getByRole('searchbox', { name: 'Add location' }), 'harb');
    await userEvent.click(await screen.findByRole('button', { name: 'Harbour' }));
    await userEvent.click(screen.getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(editPostRequest).toHaveBeenCalled());
    const [, fields] = vi.mocked(editPostRequest).mock.calls[0];
    expect(JSON.parse(fields.location ?? '')).toMatchObject({ external_id: 'h1', name: 'Harbour' });
  });

  it("keeps the dialog open with the server's message when it refuses", async () => {
    vi.mocked(editPostRequest).mockRejectedValue(
      new RequestError({
        code: 'fail',
        statusCode: 400,
        statusText: 'Bad Request',
        responseText: '',
        parsed: { status: 'fail', message: 'Alt text can be at most 100 characters.' },
      }),
    );
    renderMenu(mine());
    await openEdit();
    await userEvent.click(screen.getByRole('button', { name: 'Done' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Alt text can be at most 100 characters.',
    );
    expect(screen.getByRole('dialog', { name: 'Edit info' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Done' })).toBeEnabled();
  });

  it('names each photo of a carousel', async () => {
    const child = (id: string) => {
      const { owner: _o, edge_sidecar_to_children: _c, ...node } = wirePost(id);
      return { node: { ...node, accessibility_caption: `Photo of ${id}` } };
    };
    vi.mocked(editPostRequest).mockResolvedValue(mine());
    renderMenu(
      mine({
        __typename: 'GraphSidecar',
        edge_sidecar_to_children: { edges: [child('c1'), child('c2')] },
      }),
    );
    await openEdit();
    const second = screen.getByRole('textbox', { name: 'Alt text for photo 2' });
    expect(screen.getByRole('textbox', { name: 'Alt text for photo 1' })).toHaveValue(
      'Photo of c1',
    );
    await userEvent.clear(second);
    await userEvent.type(second, 'A blue door');
    await userEvent.click(screen.getByRole('button', { name: 'Done' }));
    await waitFor(() =>
      expect(editPostRequest).toHaveBeenCalledWith('p1', {
        caption: 'Old caption',
        children: [{ id: 'c2', accessibility_caption: 'A blue door' }],
      }),
    );
  });
});
