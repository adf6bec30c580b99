import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { configurePost, locationSearch, type Venue } from '../../../src/api/media';
import { topSearch, type TopSearchResponse } from '../../../src/api/search';
import { exportPhoto, inspectPhoto } from '../../../src/media/mediaClient';
import { startUpload } from '../../../src/media/uploader';
import { photoCreation as session } from '../../../src/state/create';
import { resetSession, startSession } from '../../../src/state/createActions';
import { resetToastState } from '../../../src/state/toast';
import { fakeBitmap, fakeStartUpload, photoFile, uploads } from './createHarness';
import { renderCreate } from './renderCreate';
import { CAPTION_LABEL } from '../../../src/features/create/CaptionField';

vi.mock('../../../src/media/mediaClient', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../../src/media/mediaClient')>()),
  inspectPhoto: vi.fn(),
  exportPhoto: vi.fn(),
}));
vi.mock('../../../src/media/uploader', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../../src/media/uploader')>()),
  startUpload: vi.fn(),
}));
vi.mock('../../../src/api/search', () => ({ topSearch: vi.fn() }));
vi.mock('../../../src/api/media', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../../src/api/media')>()),
  configurePost: vi.fn(),
  locationSearch: vi.fn(),
}));

const venue: Venue = {
  name: 'Old Town Square',
  lat: 50.087,
  lng: 14.421,
  address: 'Prague',
  external_id: '42',
  external_id_source: 'glint',
};

beforeEach(async () => {
  uploads.length = 0;
  vi.stubGlobal(
    'URL',
    Object.assign(URL, { createObjectURL: () => 'blob:x', revokeObjectURL() {} }),
  );
  vi.mocked(inspectPhoto).mockResolvedValue({
    type: 'image/jpeg',
    width: 4000,
    height: 3000,
    orientation: 1,
    gps: { latitude: 50.08, longitude: 14.42 },
    preview: fakeBitmap(2048, 1536),
  });
  vi.mocked(exportPhoto).mockResolvedValue({
    blob: new Blob(['jpeg'], { type: 'image/jpeg' }),
    width: 1080,
    height: 1080,
  });
  vi.mocked(startUpload).mockImplementation(fakeStartUpload);
  vi.mocked(locationSearch).mockResolvedValue([venue]);
  vi.mocked(configurePost).mockResolvedValue({ pk: '9', id: '9_1', code: 'Xy' });
  await act(() => startSession(photoFile()));
});
afterEach(() => {
  act(() => resetSession());
  resetToastState();
  vi.clearAllMocks();
  vi.unstubAllGlobals();
});

const location = () => screen.getByTestId('location');

const searchAnswer = (over: Partial<TopSearchResponse>): TopSearchResponse => ({
  users: [],
  hashtags: [],
  places: [],
  rank_token: 'rt',
  status: 'ok',
  ...over,
});
const person = (pk: string, username: string, fullName: string) => ({
  user: { pk, username, full_name: fullName, is_verified: false, profile_pic_url: '' },
  position: Number(pk),
});

describe('/create/details/', () => {
  it('redirects to the start when there is no session', async () => {
    act(() => resetSession());
    renderCreate('/create/details/');
    await waitFor(() => expect(location()).toHaveTextContent('/create/style/'));
  });

  it('stages the photo, shows upload progress and counts caption characters', async () => {
    renderCreate('/create/details/');
    await waitFor(() => expect(uploads).toHaveLength(1));
    act(() => uploads[0].options.onProgress?.({ bytesSent: 1, bytesTotal: 2 }));
    await waitFor(() =>
      expect(screen.getByRole('progressbar', { name: 'Upload progress' })).toHaveAttribute(
        'aria-valuenow',
        '50',
      ),
    );
    await userEvent.type(screen.getByLabelText('Write a caption…'), 'Hi #sun');
    expect(session.caption).toBe('Hi #sun');
    expect(screen.getByText('7/2,200')).toBeInTheDocument();
  });

  it('suggests places from the photo GPS and searches by name', async () => {
    renderCreate('/create/details/');
    const suggestions = await screen.findByRole('list', { name: 'Suggested places' });
    expect(locationSearch).toHaveBeenCalledWith(
      expect.objectContaining({ latitude: 50.08, longitude: 14.42 }),
      expect.any(AbortSignal),
    );
    expect(suggestions).toHaveTextContent('Old Town Square');

    await userEvent.type(screen.getByRole('searchbox', { name: 'Add location' }), 'old');
    const results = await screen.findByRole('list', { name: 'Places' });
    expect(locationSearch).toHaveBeenLastCalledWith(
      expect.objectContaining({ query: 'old' }),
      expect.any(AbortSignal),
    );
    await userEvent.click(results.querySelector('button')!);
    expect(session.geoTag?.external_id).toBe('42');
    await userEvent.click(screen.getByRole('button', { name: 'Remove location' }));
    expect(session.geoTag).toBeNull();
  });

  it('suggests the most tagged places when the photo has no GPS', async () => {
    act(() => resetSession());
    vi.mocked(inspectPhoto).mockResolvedValueOnce({
      type: 'image/jpeg',
      width: 4000,
      height: 3000,
      orientation: 1,
      gps: null,
      preview: fakeBitmap(2048, 1536),
    });
    await act(() => startSession(photoFile()));
    renderCreate('/create/details/');
    const suggestions = await screen.findByRole('list', { name: 'Suggested places' });
    expect(suggestions).toHaveTextContent('Old Town Square');
    const [query] = vi.mocked(locationSearch).mock.calls[0];
    expect(query).not.toHaveProperty('latitude');
    expect(query).not.toHaveProperty('query');
    await userEvent.click(screen.getByRole('button', { name: 'Old Town Square' }));
    expect(session.geoTag?.external_id).toBe('42');
  });

  it('says when nothing is near the photo and suggests the most tagged places instead', async () => {
    const popular = { ...venue, name: 'Belém Tower', external_id: '31' };
    vi.mocked(locationSearch).mockImplementation(async (query) =>
      'latitude' in query ? [] : [popular],
    );
    renderCreate('/create/details/');
    expect(await screen.findByText('No places nearby yet.')).toBeInTheDocument();
    const suggestions = await screen.findByRole('list', { name: 'Suggested places' });
    expect(suggestions).toHaveTextContent('Belém Tower');
    await userEvent.click(screen.getByRole('button', { name: 'Belém Tower' }));
    expect(session.geoTag?.external_id).toBe('31');
  });

  it('offers people while a mention is typed; the arrow keys and Enter take one', async () => {
    vi.mocked(topSearch).mockResolvedValue(
      searchAnswer({ users: [person('1', 'ana.sol', 'Ana Sol'), person('2', 'anabel', 'Anabel')] }),
    );
    renderCreate('/create/details/');
    const box = screen.getByLabelText(CAPTION_LABEL);
    await userEvent.type(box, 'Walk with @an');
    const people = await screen.findByRole('listbox', { name: 'People' });
    expect(topSearch).toHaveBeenLastCalledWith('@an', null, expect.anything());
    expect(people).toHaveTextContent('Ana Sol');
    expect(box).toHaveAttribute('aria-controls', people.id);
    await userEvent.keyboard('{ArrowDown}');
    const selected = screen.getByRole('option', { selected: true });
    expect(selected).toHaveTextContent('anabel');
    expect(box).toHaveAttribute('aria-activedescendant', selected.id);
    await userEvent.keyboard('{Enter}');
    expect(session.caption).toBe('Walk with @anabel ');
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    // Typing goes on after the inserted name.
    await userEvent.keyboard('hi');
    expect(session.caption).toBe('Walk with @anabel hi');
  });

  it('offers hashtags for #, chosen with a click; Escape hides the list', async () => {
    vi.mocked(topSearch).mockResolvedValue(
      searchAnswer({ hashtags: [{ hashtag: { name: 'sunset', media_count: 1200 }, position: 0 }] }),
    );
    renderCreate('/create/details/');
    const box = screen.getByLabelText(CAPTION_LABEL);
    await userEvent.type(box, 'Evening #su');
    const tags = await screen.findByRole('listbox', { name: 'Hashtags' });
    expect(tags).toHaveTextContent('#sunset1,200 posts');
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    await userEvent.type(box, 'n');
    await userEvent.click(await screen.findByRole('option', { name: /#sunset/ }));
    expect(session.caption).toBe('Evening #sunset ');
    expect(box).toHaveFocus();
    expect(topSearch).toHaveBeenLastCalledWith('#sun', null, expect.anything());
  });

  it('Share waits for the upload, configures the post and goes home with a toast', async () => {
    renderCreate('/create/details/');
    await waitFor(() => expect(uploads).toHaveLength(1));
    await userEvent.type(screen.getByLabelText('Write a caption…'), 'Lake #calm');
    await userEvent.click(screen.getByRole('button', { name: 'Share' }));
    expect(configurePost).not.toHaveBeenCalled();
    await act(async () => uploads[0].done.resolve(uploads[0].options.uploadId));
    await waitFor(() => expect(location()).toHaveTextContent(/^\/$/));
    expect(configurePost).toHaveBeenCalledWith(
      expect.objectContaining({ caption: 'Lake #calm', uploadId: uploads[0].options.uploadId }),
    );
    expect(screen.getByText('Your post has been shared.')).toBeInTheDocument();
  });

  it('shares the alt text written in the Accessibility section', async () => {
    renderCreate('/create/details/');
    await waitFor(() => expect(uploads).toHaveLength(1));
    const toggle = screen.getByRole('button', { name: 'Accessibility' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('textbox', { name: 'Alt text' })).not.toBeInTheDocument();
    await userEvent.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const field = screen.getByRole('textbox', { name: 'Alt text' });
    await userEvent.type(field, '  A heron on a frozen lake ');
    expect(screen.getByText('27/100')).toBeInTheDocument();
    // The limit is the server's: typing past 100 characters adds nothing.
    await userEvent.type(field, 'x'.repeat(90));
    expect(session.accessibilityCaption).toHaveLength(100);
    await userEvent.clear(field);
    await userEvent.type(field, 'A heron on a frozen lake ');
    await userEvent.click(screen.getByRole('button', { name: 'Share' }));
    await act(async () => uploads[0].done.resolve(uploads[0].options.uploadId));
    await waitFor(() => expect(location()).toHaveTextContent(/^\/$/));
    expect(configurePost).toHaveBeenCalledWith(
      expect.objectContaining({ accessibilityCaption: 'A heron on a frozen lake' }),
    );
  });

  it('tags people on the photo, by pointer and by keyboard, and shares them with the post', async () => {
    vi.mocked(topSearch).mockImplementation((query) =>
      Promise.resolve(
        searchAnswer({
          users: [
            {
              user: {
                pk: query === 'ben' ? '8' : '7',
                username: query === 'ben' ? 'ben' : 'ava',
                full_name: query === 'ben' ? 'Ben Ode' : 'Ava Lind',
                is_verified: false,
                profile_pic_url: '',
              },
              position: 0,
            },
          ],
        }),
      ),
    );
    renderCreate('/create/details/');
    await waitFor(() => expect(uploads).toHaveLength(1));
    const row = screen.getByRole('button', { name: /^Tag people/ });
    await userEvent.click(row);
    const dialog = await screen.findByRole('dialog', { name: 'Tag people' });
    // A press on the photo marks the spot and goes on to the search.
    const photo = within(dialog).getByRole('button', {
      name: 'Choose where on the photo to tag someone',
    });
    vi.spyOn(photo, 'getBoundingClientRect').mockReturnValue(
      DOMRect.fromRect({ x: 100, y: 50, width: 400, height: 400 }),
    );
    await userEvent.pointer({
      keys: '[MouseLeft]',
      target: photo,
      coords: { clientX: 200, clientY: 350 },
    });
    const search = within(dialog).getByRole('searchbox', { name: 'Search for a person' });
    expect(search).toHaveFocus();
    await userEvent.type(search, 'ava');
    await userEvent.click(await within(dialog).findByRole('button', { name: /ava Ava Lind/ }));
    expect(session.userTags).toEqual([{ username: 'ava', x: 0.25, y: 0.75 }]);
    expect(within(dialog).getByRole('status')).toHaveTextContent('Tagged ava.');
    expect(search).toHaveValue('');
    // From the keyboard: the arrow keys move the mark from the middle, Enter keeps it.
    photo.focus();
    await userEvent.keyboard('{ArrowRight}{ArrowRight}{ArrowUp}{Enter}');
    expect(search).toHaveFocus();
    await userEvent.type(search, 'ben');
    await userEvent.click(await within(dialog).findByRole('button', { name: /ben Ben Ode/ }));
    expect(session.userTags[1]).toEqual({
      username: 'ben',
      x: expect.closeTo(0.6),
      y: expect.closeTo(0.45),
    });
    const tagged = within(dialog).getByRole('list', { name: 'Tagged people' });
    await userEvent.click(within(tagged).getByRole('button', { name: 'Remove ben' }));
    expect(session.userTags.map((t) => t.username)).toEqual(['ava']);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Done' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(row).toHaveTextContent('ava');
    await userEvent.click(screen.getByRole('button', { name: 'Share' }));
    await act(async () => uploads[0].done.resolve(uploads[0].options.uploadId));
    await waitFor(() => expect(location()).toHaveTextContent(/^\/$/));
    expect(configurePost).toHaveBeenCalledWith(
      expect.objectContaining({ userTags: [{ username: 'ava', x: 0.25, y: 0.75 }] }),
    );
  });

  it('uploads every photo of a carousel on arrival and shows their progress as one', async () => {
    act(() => resetSession());
    await act(() => startSession([photoFile(), photoFile()]));
    await waitFor(() => expect(session.photos.every((p) => p.sourceImage)).toBe(true));
    renderCreate('/create/details/');
    await waitFor(() => expect(uploads).toHaveLength(2));
    expect(screen.getByText('Uploading 2 photos…')).toBeInTheDocument();
    act(() => uploads[0].options.onProgress?.({ bytesSent: 1, bytesTotal: 1 }));
    await waitFor(() =>
      expect(screen.getByRole('progressbar', { name: 'Upload progress' })).toHaveAttribute(
        'aria-valuenow',
        '50',
      ),
    );
    await act(async () => uploads[0].done.reject(new Error('network')));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      "1 of 2 photos couldn't be uploaded.",
    );
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(uploads).toHaveLength(3));
    await act(async () => {
      uploads[1].done.resolve(uploads[1].options.uploadId!);
      uploads[2].done.resolve(uploads[2].options.uploadId!);
    });
    expect(await screen.findByText('2 photos uploaded — ready to share.')).toBeInTheDocument();
  });
});
