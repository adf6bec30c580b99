// @vitest-environment node
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { configureSidecar } from '../../../src/api/media';
import { exportPhoto, inspectPhoto } from '../../../src/media/mediaClient';
import { startUpload } from '../../../src/media/uploader';
import { photoCreation as session } from '../../../src/state/create';
import {
  addPhotos,
  enterStep,
  movePhoto,
  removePhoto,
  resetSession,
  selectFilter,
  selectPhoto,
  setAccessibilityCaption,
  setAspect,
  setPhotoAccessibilityCaption,
  share,
  startSession,
} from '../../../src/state/createActions';
import { setAdjustment, setStraighten } from '../../../src/state/createAdjust';
import { noteNavigation, resetToastState, toastState } from '../../../src/state/toast';
import { deferred, fakeBitmap, fakeStartUpload, flush, uploads } from './createHarness';

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
  configureSidecar: vi.fn(),
}));

const file = (name: string) => new File([new Uint8Array([0xff, 0xd8, 0xff])], name);
const files = (n: number) => Array.from({ length: n }, (_, i) => file(`p${i + 1}.jpg`));
const navigate = vi.fn();
const exportedFiles = () => vi.mocked(exportPhoto).mock.calls.map(([f]) => (f as File).name);

beforeEach(() => {
  uploads.length = 0;
  vi.mocked(inspectPhoto).mockImplementation(async () => ({
    type: 'image/jpeg',
    width: 4000,
    height: 3000,
    orientation: 1,
    gps: null,
    preview: fakeBitmap(2048, 1536),
  }));
  vi.mocked(startUpload).mockImplementation(fakeStartUpload);
  vi.mocked(exportPhoto).mockResolvedValue({
    blob: new Blob(['jpeg']),
    width: 1080,
    height: 1080,
  });
  vi.mocked(configureSidecar).mockResolvedValue({ pk: '5', id: '5_1', code: 'Car' });
});
afterEach(() => {
  resetSession();
  resetToastState();
  vi.clearAllMocks();
});

describe('carousel session', () => {
  it('reads every chosen photo, the first before the crop step opens', async () => {
    expect(await startSession(files(3))).toBe(true);
    expect(session.photos).toHaveLength(3);
    expect(session.sourceImage?.file.name).toBe('p1.jpg');
    await flush(20);
    expect(session.photos.every((p) => p.sourceImage !== null)).toBe(true);
    expect(inspectPhoto).toHaveBeenCalledTimes(3);
  });

  it('keeps at most 10 photos and says so, also once the crop step has opened', async () => {
    noteNavigation('chooser');
    await startSession(files(12));
    expect(session.photos).toHaveLength(10);
    // The chooser moves to the crop step: the message must outlive that navigation.
    noteNavigation('crop');
    expect(toastState.current?.text).toBe('A post can have up to 10 photos.');
    addPhotos([file('extra.jpg')]);
    expect(session.photos).toHaveLength(10);
  });

  it('keeps each photo its own filter and alt text, and uploads a photo once left', async () => {
    await startSession(files(3));
    await flush(20);
    enterStep('style');
    selectFilter('clarendon');
    setAccessibilityCaption('First');
    expect(selectPhoto(1, navigate)).toBe(true);
    // The first photo exports and uploads while the second is edited.
    await flush(20);
    expect(exportedFiles()).toEqual(['p1.jpg']);
    expect(vi.mocked(exportPhoto).mock.calls[0][1].filterName).toBe('clarendon');
    expect(uploads).toHaveLength(1);
    expect(session.filterName).toBe('normal');
    selectFilter('juno');
    selectPhoto(0, navigate);
    expect(session.filterName).toBe('clarendon');
    expect(session.accessibilityCaption).toBe('First');
    expect(session.photos[1].filterName).toBe('juno');
  });

  it('keeps each photo its own adjustments and straighten, and exports them', async () => {
    await startSession(files(2));
    await flush(20);
    enterStep('style');
    setAdjustment('warmth', 40);
    setStraighten(7);
    expect(selectPhoto(1, navigate)).toBe(true);
    await flush(20);
    const edits = vi.mocked(exportPhoto).mock.calls[0][1];
    expect(edits.adjustments?.warmth).toBe(40);
    expect(edits.straighten).toBe(7);
    // The second photo starts unadjusted and keeps its own values.
    expect(session.adjustments.warmth).toBe(0);
    expect(session.straighten).toBe(0);
    setAdjustment('vignette', 60);
    selectPhoto(0, navigate);
    expect(session.adjustments).toMatchObject({ warmth: 40, vignette: 0 });
    expect(session.straighten).toBe(7);
    expect(session.photos[1].adjustments.vignette).toBe(60);
  });

  it('reorders and removes photos, following the photo being edited', async () => {
    await startSession(files(3));
    await flush(20);
    movePhoto(0, 2);
    expect(session.photos.map((p) => p.file.name)).toEqual(['p2.jpg', 'p3.jpg', 'p1.jpg']);
    expect(session.activePhoto).toBe(2);
    expect(session.sourceImage?.file.name).toBe('p1.jpg');
    removePhoto(2);
    expect(session.photos.map((p) => p.file.name)).toEqual(['p2.jpg', 'p3.jpg']);
    expect(session.sourceImage?.file.name).toBe('p3.jpg');
    removePhoto(0);
    expect(session.photos.map((p) => p.file.name)).toEqual(['p3.jpg']);
    // The last photo stays: Back discards the post instead.
    removePhoto(0);
    expect(session.photos).toHaveLength(1);
  });

  it('frames every photo again when the one aspect changes', async () => {
    await startSession(files(2));
    await flush(20);
    const before = { ...session.photos[1].croppedImage };
    setAspect('original');
    expect(session.photos[1].croppedImage).not.toEqual(before);
    expect(session.photos[1].croppedImage.offsetLeft).toBe(0);
  });

  it('exports at most two photos at once', async () => {
    const pending = [deferred<never>(), deferred<never>(), deferred<never>()];
    let call = 0;
    vi.mocked(exportPhoto).mockImplementation(() => pending[call++].promise);
    await startSession(files(3));
    await flush(20);
    void share(navigate);
    await flush(20);
    expect(exportPhoto).toHaveBeenCalledTimes(2);
    pending[0].reject(new Error('x'));
  });

  it('shares the carousel in order, each photo with its alt text, once all are uploaded', async () => {
    await startSession(files(3));
    await flush(20);
    enterStep('details');
    setPhotoAccessibilityCaption(0, 'A red door');
    setPhotoAccessibilityCaption(2, 'A green door');
    movePhoto(2, 1);
    const sharing = share(navigate);
    await flush(30);
    expect(exportedFiles().sort()).toEqual(['p1.jpg', 'p2.jpg', 'p3.jpg']);
    expect(configureSidecar).not.toHaveBeenCalled();
    for (const upload of uploads) upload.done.resolve(upload.options.uploadId!);
    await sharing;
    const [params] = vi.mocked(configureSidecar).mock.calls[0];
    expect(params.children.map((c) => c.accessibilityCaption)).toEqual([
      'A red door',
      'A green door',
      '',
    ]);
    const byFile = new Map(uploads.map((u) => [u.options.uploadId, u]));
    expect(params.children.every((c) => byFile.has(c.uploadId))).toBe(true);
    expect(new Set(params.children.map((c) => c.uploadId)).size).toBe(3);
    expect(navigate).toHaveBeenCalledWith('/');
  });
});
