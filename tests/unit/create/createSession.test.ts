import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { configurePost, ConfigureError, locationSearch, type Venue } from '../../../src/api/media';
import { RequestError } from '../../../src/api/client';
import { exportPhoto, inspectPhoto, MediaError } from '../../../src/media/mediaClient';
import { startUpload, UploadError } from '../../../src/media/uploader';
import { photoCreation as session, sessionCropRect } from '../../../src/state/create';
import {
  enterStep,
  loadSuggestedGeoTags,
  panCrop,
  requestCurrentLocation,
  resetSession,
  retryUpload,
  rotate,
  selectFilter,
  setAspect,
  setCaption,
  setGeoTag,
  setStrength,
  share,
  stage,
  startSession,
  zoomTo,
} from '../../../src/state/createActions';
import { setAdjustment, setStraighten } from '../../../src/state/createAdjust';
import { neutralAdjustments } from '../../../shaders/filter';
import { resetToastState, runToastAction, toastState } from '../../../src/state/toast';
import { deferred, fakeBitmap, fakeStartUpload, flush, photoFile, uploads } from './createHarness';

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
  address: 'Staroměstské nám.',
  external_id: '42',
  external_id_source: 'glint',
};
const exported = new Blob(['jpeg'], { type: 'image/jpeg' });
const navigate = vi.fn();

async function startWithPhoto(width = 4608, height = 3072, gps = null as null | object) {
  vi.mocked(inspectPhoto).mockResolvedValue({
    type: 'image/jpeg',
    width,
    height,
    orientation: 1,
    gps: gps as never,
    preview: fakeBitmap(2048, Math.round((2048 * height) / width)),
  });
  expect(await startSession(photoFile())).toBe(true);
}

beforeEach(() => {
  uploads.length = 0;
  vi.mocked(startUpload).mockImplementation(fakeStartUpload);
  vi.mocked(exportPhoto).mockResolvedValue({ blob: exported, width: 1080, height: 1080 });
  vi.mocked(configurePost).mockResolvedValue({ pk: '17', id: '17_1', code: 'AbC' });
});

afterEach(() => {
  resetSession();
  resetToastState();
  vi.clearAllMocks();
  vi.restoreAllMocks();
});

describe('start session and choose file', () => {
  it('reads the photo and opens the crop step with a centred square crop', async () => {
    await startWithPhoto();
    expect(session.sessionId).not.toBeNull();
    expect(session.creationMode).toBe('photo');
    expect(session.step).toBe('crop');
    expect(session.sourceImage).toMatchObject({ width: 4608, height: 3072, orientation: 1 });
    expect(session.filterName).toBe('normal');
    expect(session.strength).toBe(1);
    expect(sessionCropRect(session)).toEqual({ x: 768, y: 0, width: 3072, height: 3072 });
  });

  it('shows the processing failure as a toast and leaves no session', async () => {
    vi.mocked(inspectPhoto).mockRejectedValue(new MediaError('unsupported_type'));
    expect(await startSession(photoFile())).toBe(false);
    expect(toastState.current?.text).toMatch(/not supported/);
    expect(session.sourceImage).toBeNull();
    expect(session.isInspecting).toBe(false);
  });
});

describe('crop', () => {
  beforeEach(() => startWithPhoto());

  it('pans but never uncovers the frame', () => {
    panCrop(10_000, 0);
    expect(sessionCropRect(session)?.x).toBe(0);
    panCrop(-10_000, 0);
    expect(sessionCropRect(session)).toMatchObject({ x: 1536, width: 3072 });
  });

  it('zooms between 1× and 4× around the centre', () => {
    zoomTo(2);
    expect(sessionCropRect(session)).toEqual({ x: 1536, y: 768, width: 1536, height: 1536 });
    zoomTo(10);
    expect(session.croppedImage.scaleFactor).toBe(4);
    zoomTo(0.2);
    expect(session.croppedImage.scaleFactor).toBe(1);
  });

  it('rotates by quarter turns only', () => {
    rotate(90);
    expect(session.croppedImage.rotationAngle).toBe(90);
    rotate(-90);
    rotate(-90);
    expect(session.croppedImage.rotationAngle).toBe(270);
    expect(() => rotate(45 as 90)).toThrow(MediaError);
  });

  it('switches between square and the original shape', () => {
    setAspect('original');
    expect(sessionCropRect(session)).toEqual({ x: 0, y: 0, width: 4608, height: 3072 });
    setAspect('square');
    expect(sessionCropRect(session)?.width).toBe(3072);
  });

  it('keeps the zoom and the point at the centre across rotations and aspect changes', () => {
    const centre = () => {
      const crop = sessionCropRect(session)!;
      return { x: crop.x + crop.width / 2, y: crop.y + crop.height / 2 };
    };
    zoomTo(2);
    panCrop(-150, -100); // off centre: the frame shows a point right of and below the middle
    const before = centre();
    expect(before.x).toBeGreaterThan(4608 / 2);
    rotate(90);
    expect(session.croppedImage.scaleFactor).toBe(2);
    expect(centre().x).toBeCloseTo(before.x, 6);
    expect(centre().y).toBeCloseTo(before.y, 6);
    setAspect('portrait');
    expect(session.croppedImage.scaleFactor).toBe(2);
    expect(centre().x).toBeCloseTo(before.x, 6);
    setAspect('original');
    rotate(-90);
    expect(session.croppedImage.scaleFactor).toBe(2);
    expect(centre().x).toBeCloseTo(before.x, 6);
    expect(centre().y).toBeCloseTo(before.y, 6);
    // Zoomed in the whole photo no longer fits: the crop is half of it each way.
    expect(sessionCropRect(session)).toMatchObject({ width: 2304, height: 1536 });
  });

  it('frames 4:5 portrait, centred, from a landscape photo', () => {
    setAspect('portrait');
    const crop = sessionCropRect(session)!;
    expect(crop.height).toBeCloseTo(3072, 0);
    expect(crop.width / crop.height).toBeCloseTo(0.8, 3);
    expect(crop.x + crop.width / 2).toBeCloseTo(4608 / 2, 0);
  });
});

describe('style and details edits', () => {
  beforeEach(() => startWithPhoto());

  it('keeps every edit when moving back and forward between steps', () => {
    zoomTo(1.5);
    rotate(90);
    enterStep('style');
    selectFilter('clarendon');
    setStrength(0.4);
    enterStep('details');
    setCaption('Golden hour #sunset with @demo');
    setGeoTag(venue);
    enterStep('style');
    enterStep('crop');
    enterStep('details');
    expect(session.croppedImage).toMatchObject({ scaleFactor: 1.5, rotationAngle: 90 });
    expect(session.filterName).toBe('clarendon');
    expect(session.strength).toBe(0.4);
    expect(session.caption).toBe('Golden hour #sunset with @demo');
    expect(session.geoTag?.external_id).toBe('42');
  });

  it('starts a new filter at full strength and clamps strength to 0..1', () => {
    selectFilter('moon');
    setStrength(3);
    expect(session.strength).toBe(1);
    setStrength(-1);
    expect(session.strength).toBe(0);
    selectFilter('lark');
    expect(session.strength).toBe(1);
  });

  it('caps the caption at 2200 characters', () => {
    setCaption('x'.repeat(2300));
    expect(session.caption).toHaveLength(2200);
  });
});

describe('staging', () => {
  beforeEach(() => startWithPhoto());

  it('exports from the original file with the edits, then uploads in the background', async () => {
    selectFilter('clarendon');
    setStrength(0.5);
    setAdjustment('brightness', 30);
    setStraighten(-4.5);
    stage(navigate);
    expect(session.stagedImage.isStaging).toBe(true);
    await flush();
    expect(exportPhoto).toHaveBeenCalledWith(
      session.sourceImage?.file,
      {
        crop: { x: 768, y: 0, width: 3072, height: 3072 },
        rotationAngle: 0,
        filterName: 'clarendon',
        strength: 0.5,
        adjustments: { ...neutralAdjustments(), brightness: 30 },
        straighten: -4.5,
      },
      expect.any(AbortSignal),
    );
    expect(uploads).toHaveLength(1);
    expect(uploads[0].blob).toBe(exported);
    uploads[0].options.onProgress?.({ bytesSent: 50, bytesTotal: 200 });
    expect(session.stagedImage.progress).toBe(0.25);
    uploads[0].done.resolve(uploads[0].options.uploadId);
    await flush();
    expect(session.stagedImage).toMatchObject({ isStaging: false, progress: 1, error: null });
  });

  it('does not export again for the same edits, and restarts for changed edits', async () => {
    stage(navigate);
    await flush();
    stage(navigate);
    await flush();
    expect(exportPhoto).toHaveBeenCalledTimes(1);
    selectFilter('juno');
    stage(navigate);
    await flush();
    expect(exportPhoto).toHaveBeenCalledTimes(2);
    expect(uploads[0].aborted).toBe(true);
    expect(uploads).toHaveLength(2);
  });

  it('sends an export failure back to the start with a toast, never a blank post', async () => {
    vi.mocked(exportPhoto).mockRejectedValue(new MediaError('encode_failed'));
    await share(navigate);
    expect(toastState.current?.text).toBe('The photo could not be saved. Please try again.');
    expect(navigate).toHaveBeenCalledWith('/', { replace: true });
    expect(session.sourceImage).toBeNull();
    expect(configurePost).not.toHaveBeenCalled();
  });

  it('lets the user retry a failed upload, resuming the same upload_id', async () => {
    stage(navigate);
    await flush();
    const uploadId = uploads[0].options.uploadId;
    uploads[0].done.reject(new UploadError('Connection reset', false, 0));
    await flush();
    expect(session.stagedImage.error).toBe("Your photo couldn't be uploaded.");
    retryUpload();
    expect(session.stagedImage.error).toBeNull();
    expect(uploads[1].blob).toBe(exported);
    expect(uploads[1].options.uploadId).toBe(uploadId);
    uploads[1].done.resolve(uploadId);
    await flush();
    expect(session.stagedImage).toMatchObject({ isStaging: false, progress: 1 });
  });

  it('aborts the upload when the session is reset', async () => {
    stage(navigate);
    await flush();
    resetSession();
    expect(uploads[0].aborted).toBe(true);
  });
});

describe('share', () => {
  beforeEach(() => startWithPhoto());

  it('waits for an upload still in progress, then configures and goes home', async () => {
    setCaption('  Golden hour #sunset  ');
    setGeoTag(venue);
    stage(navigate);
    await flush();
    const sharing = share(navigate);
    await flush();
    expect(session.finalizedImage.isFinalizing).toBe(true);
    expect(configurePost).not.toHaveBeenCalled();
    uploads[0].done.resolve('1700000000000');
    await sharing;
    expect(configurePost).toHaveBeenCalledWith({
      uploadId: '1700000000000',
      caption: 'Golden hour #sunset',
      accessibilityCaption: '',
      geoTag: venue,
      userTags: [],
    });
    expect(navigate).toHaveBeenCalledWith('/');
    expect(toastState.current).toMatchObject({
      text: 'Your post has been shared.',
      persistOnNavigate: true,
    });
    expect(session.sourceImage).toBeNull();
  });

  it('offers Retry when the upload fails, and Retry finishes the post', async () => {
    const sharing = share(navigate);
    await flush();
    uploads[0].done.reject(new UploadError('Server error', false, 500));
    await sharing;
    expect(toastState.current).toMatchObject({
      text: "Your photo couldn't be uploaded.",
      actionText: 'Retry',
    });
    expect(session.finalizedImage.isFinalizing).toBe(false);
    runToastAction();
    await flush();
    expect(uploads).toHaveLength(2);
    uploads[1].done.resolve(uploads[1].options.uploadId);
    await flush(10);
    expect(configurePost).toHaveBeenCalledTimes(1);
    expect(toastState.current?.text).toBe('Your post has been shared.');
  });

  it('offline: shows an OK toast and goes home', async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    vi.mocked(configurePost).mockRejectedValue(
      new RequestError({
        code: 'network',
        statusCode: 0,
        statusText: 'Failed to fetch',
        responseText: '',
        parsed: null,
      }),
    );
    const sharing = share(navigate);
    await flush();
    uploads[0].done.resolve('1');
    await sharing;
    expect(toastState.current).toMatchObject({ actionText: 'OK', persistOnNavigate: true });
    expect(toastState.current?.text).toMatch(/offline/);
    expect(navigate).toHaveBeenCalledWith('/');
    expect(session.sourceImage).toBeNull();
  });

  it('uses the error title when the server returns no media pk and id', async () => {
    vi.mocked(configurePost).mockRejectedValue(
      new ConfigureError('Your photo could not be shared'),
    );
    const sharing = share(navigate);
    await flush();
    uploads[0].done.resolve('1');
    await sharing;
    expect(toastState.current).toMatchObject({
      text: 'Your photo could not be shared',
      actionText: 'Retry',
    });
    expect(navigate).not.toHaveBeenCalled();
    expect(session.sourceImage).not.toBeNull();
  });

  it('ignores a second tap while finalising', async () => {
    const first = share(navigate);
    const second = share(navigate);
    await flush();
    uploads[0].done.resolve('1');
    await Promise.all([first, second]);
    expect(configurePost).toHaveBeenCalledTimes(1);
  });
});

describe('geotag suggestions', () => {
  it('suggests places near the photo GPS', async () => {
    await startWithPhoto(4000, 3000, { latitude: 50.3, longitude: 14.82 });
    vi.mocked(locationSearch).mockResolvedValue([venue]);
    await loadSuggestedGeoTags();
    expect(locationSearch).toHaveBeenCalledWith(
      expect.objectContaining({ latitude: 50.3, longitude: 14.82 }),
      expect.any(AbortSignal),
    );
    expect(session.suggestedGeoTags).toEqual({ status: 'ready', data: [venue] });
  });

  it('asks for the current position only when requested', async () => {
    await startWithPhoto();
    vi.mocked(locationSearch).mockResolvedValue([venue]);
    await loadSuggestedGeoTags();
    expect(locationSearch).not.toHaveBeenCalled();
    const position = deferred<GeolocationPosition>();
    const geolocation = {
      getCurrentPosition: vi.fn((ok: PositionCallback) => void position.promise.then(ok)),
    } as unknown as Geolocation;
    requestCurrentLocation(geolocation);
    expect(session.currentLocation.status).toBe('loading');
    position.resolve({ coords: { latitude: 1, longitude: 2 } } as GeolocationPosition);
    await flush();
    expect(session.currentLocation).toEqual({
      status: 'ready',
      data: { latitude: 1, longitude: 2 },
    });
    expect(session.suggestedGeoTags).toEqual({ status: 'ready', data: [venue] });
  });
});
