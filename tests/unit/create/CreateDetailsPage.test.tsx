import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { configurePost, locationSearch, type Venue } from '../../../src/api/media';
import { exportPhoto, inspectPhoto } from '../../../src/media/mediaClient';
import { startUpload } from '../../../src/media/uploader';
import { photoCreation as session } from '../../../src/state/create';
import { resetSession, startSession } from '../../../src/state/createActions';
import { resetToastState } from '../../../src/state/toast';
import { fakeBitmap, fakeStartUpload, photoFile, uploads } from './createHarness';
import { renderCreate } from './renderCreate';

vi.mock('../../../src/media/mediaClient', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../../src/media/mediaClient')>()),
  inspectPhoto: vi.fn(),
  exportPhoto: vi.fn(),
}));
vi.mock('../../../src/media/uploader', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../../src/media/uploader')>()),
  startUpload: vi.fn(),
}));
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
});
