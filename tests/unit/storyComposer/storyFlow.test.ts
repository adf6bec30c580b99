// @vitest-environment node
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { RequestError } from '../../../src/api/client';
import { configureToStory, uploadStoryPhoto } from '../../../src/api/storyCreate';
import { MediaError, encodeStory, fitStory } from '../../../src/media/mediaClient';
import { storyDraft } from '../../../src/state/storyDraft';
import {
  STORY_SHARED_TOAST,
  addOrEditText,
  attemptExit,
  cancelExit,
  chooseStoryFile,
  confirmExit,
  doneEditingText,
  editText,
  pickTextColor,
  processStoryImage,
  resetStoryDraft,
  shareStory,
} from '../../../src/state/storyDraftActions';
import { resetToastState, runToastAction, toastState } from '../../../src/state/toast';

vi.mock('../../../src/media/mediaClient', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../../src/media/mediaClient')>()),
  fitStory: vi.fn(),
  encodeStory: vi.fn(),
}));
vi.mock('../../../src/api/storyCreate', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../../src/api/storyCreate')>()),
  uploadStoryPhoto: vi.fn(),
  configureToStory: vi.fn(),
}));

const bitmap = (width = 1080, height = 1920) =>
  ({ width, height, close: vi.fn() }) as unknown as ImageBitmap;
const photo = () =>
  new File([new Uint8Array([0xff, 0xd8, 0xff])], 'me.jpg', { type: 'image/jpeg' });
const composite = { renderComposite: vi.fn(async () => bitmap()) };
const jpeg = new Blob(['jpeg'], { type: 'image/jpeg' });

async function composeWithText(text = 'Hello Glint') {
  chooseStoryFile(photo());
  await processStoryImage();
  addOrEditText();
  editText(text);
  pickTextColor('pink');
  doneEditingText();
}

beforeEach(() => {
  resetStoryDraft();
  resetToastState();
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
  vi.mocked(fitStory).mockResolvedValue({
    bitmap: bitmap(),
    type: 'image/jpeg',
    width: 3000,
    height: 4000,
    orientation: 6,
    gps: { latitude: 1, longitude: 2 },
  });
  vi.mocked(encodeStory).mockResolvedValue(jpeg);
  vi.mocked(uploadStoryPhoto).mockImplementation(async (id, _blob, opts) => {
    opts?.onUploadProgress?.({ loaded: 2, total: 4, fraction: 0.5 });
    return id;
  });
  vi.mocked(configureToStory).mockResolvedValue({ pk: '7', id: '7_1' });
});

afterEach(() => {
  vi.clearAllMocks();
  vi.restoreAllMocks();
});

describe('image processing', () => {
  it('fits the picked file in the worker and opens the composer', async () => {
    chooseStoryFile(photo());
    expect(await processStoryImage()).toBe(true);
    expect(storyDraft.phase).toBe('composing');
    expect(storyDraft.image?.width).toBe(1080);
    expect(storyDraft.imageOrientation).toBe(6);
    expect(storyDraft.location).toEqual({ latitude: 1, longitude: 2 });
  });

  it('a failure shows a toast, reports the error and goes back to choosing', async () => {
    vi.mocked(fitStory).mockRejectedValueOnce(new MediaError('unsupported_type'));
    chooseStoryFile(photo());
    expect(await processStoryImage()).toBe(false);
    expect(storyDraft.phase).toBe('choosing');
    expect(toastState.current?.text).toBe(new MediaError('unsupported_type').message);
    expect(console.error).toHaveBeenCalledWith(
      'Story image processing failure',
      expect.any(MediaError),
    );
  });
});

describe('share', () => {
  it('encodes, uploads, finalizes with the text data, then toasts and goes home', async () => {
    await composeWithText();
    const navigate = vi.fn();
    expect(await shareStory(composite, navigate)).toBe(true);
    expect(encodeStory).toHaveBeenCalledTimes(1);
    const [uploadId, blob] = vi.mocked(uploadStoryPhoto).mock.calls[0];
    expect(blob).toBe(jpeg);
    expect(uploadId).toMatch(/^[0-9]+$/);
    expect(configureToStory).toHaveBeenCalledWith(
      {
        uploadId,
        textData: expect.objectContaining({
          rawText: 'Hello Glint',
          texts: [expect.objectContaining({ rawText: 'Hello Glint', color: 'pink' })],
        }),
        entryPoint: 'quick_cam_button',
      },
      expect.any(AbortSignal),
    );
    expect(navigate).toHaveBeenCalledWith('/');
    expect(toastState.current).toMatchObject({ text: STORY_SHARED_TOAST, persistOnNavigate: true });
    expect(storyDraft.phase).toBe('choosing');
  });

  it('falls back to encoding on the main thread only when the worker fails', async () => {
    vi.mocked(encodeStory).mockRejectedValueOnce(new MediaError('worker_failed'));
    const fallback = vi.fn(async () => jpeg);
    vi.doMock('../../../workers/story', () => ({ encodeStory: fallback }));
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    await composeWithText();
    expect(await shareStory(composite, vi.fn())).toBe(true);
    expect(fallback).toHaveBeenCalledTimes(1);
    expect(composite.renderComposite).toHaveBeenCalledTimes(2);
    vi.doUnmock('../../../workers/story');
  });

  it('a failed finalize shows Retry, which finalizes the same upload again', async () => {
    vi.mocked(configureToStory).mockRejectedValueOnce(
      new RequestError({
        code: 'fail',
        statusCode: 400,
        statusText: 'Bad Request',
        responseText: '',
        parsed: { status: 'fail', message: 'Try again later.' },
      }),
    );
    await composeWithText();
    const navigate = vi.fn();
    expect(await shareStory(composite, navigate)).toBe(false);
    expect(storyDraft.phase).toBe('composing');
    expect(toastState.current).toMatchObject({ text: 'Try again later.', actionText: 'Retry' });

    runToastAction();
    await vi.waitFor(() => expect(navigate).toHaveBeenCalledWith('/'));
    expect(uploadStoryPhoto).toHaveBeenCalledTimes(1);
    expect(configureToStory).toHaveBeenCalledTimes(2);
  });

  it('a failed upload keeps the draft and offers Retry', async () => {
    vi.mocked(uploadStoryPhoto).mockRejectedValueOnce(
      new RequestError({
        code: 'network',
        statusCode: 0,
        statusText: '',
        responseText: '',
        parsed: null,
      }),
    );
    await composeWithText();
    expect(await shareStory(composite, vi.fn())).toBe(false);
    expect(toastState.current).toMatchObject({
      text: "Your story couldn't be shared.",
      actionText: 'Retry',
    });
    expect(storyDraft.texts.map((t) => t.rawText)).toEqual(['Hello Glint']);
  });
});

describe('exit: attempt, then cancel or exit', () => {
  it('leaves at once when there is nothing to lose', () => {
    expect(attemptExit()).toBe('exit');
  });

  it('asks first once a picture is in the composer', async () => {
    await composeWithText();
    expect(attemptExit()).toBe('confirm');
    expect(storyDraft.exit).toBe('attempt');
    cancelExit();
    expect(storyDraft.exit).toBe('none');
    expect(storyDraft.texts.map((t) => t.rawText)).toEqual(['Hello Glint']);
    attemptExit();
    confirmExit();
    expect(storyDraft.phase).toBe('choosing');
    expect(storyDraft.texts).toEqual([]);
  });
});
