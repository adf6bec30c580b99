// Story creation calls (content spec §7): the photo goes up through the single-shot form upload
// (POST /create/upload/photo/, with progress), then POST /create/configure_to_story/ with the
// upload id and the text data turns it into a story item.
import { OTHER_TIMEOUT_MS } from '../lib/tokens';
import { apiPost, type UploadProgress } from './client';
import { postWithProgress } from './upload';

export interface StoryUploadOptions {
  signal?: AbortSignal;
  onUploadProgress?: (progress: UploadProgress) => void;
}

/** A fresh upload_id: the server expects a decimal timestamp string (like Date.now()). */
export function newStoryUploadId(now: number = Date.now()): string {
  return String(Math.floor(now));
}

/** POST /create/upload/photo/ (upload_id, photo, media_type 1) → the upload_id. */
export async function uploadStoryPhoto(
  uploadId: string,
  jpeg: Blob,
  opts: StoryUploadOptions = {},
): Promise<string> {
  const form = new FormData();
  form.append('upload_id', uploadId);
  form.append('media_type', '1');
  form.append('photo', jpeg, 'story.jpg');
  const body = await postWithProgress<{ upload_id?: unknown }>('/create/upload/photo/', form, {
    signal: opts.signal,
    onUploadProgress: opts.onUploadProgress,
  });
  return typeof body.upload_id === 'string' ? body.upload_id : uploadId;
}

export interface ConfigureStoryParams {
  uploadId: string;
  /** The placed text, for the record (the pixels already carry it); null without text. */
  textData: Record<string, unknown> | null;
  entryPoint: string;
}

export interface ConfiguredStory {
  pk: string;
  id: string;
}

/** The server answered 200 but without the new item's pk and id. */
export class ConfigureStoryError extends Error {
  override name = 'ConfigureStoryError';
}

interface ConfigureStoryResponse {
  media?: { pk?: unknown; id?: unknown } | null;
  message?: string;
}

/** POST /create/configure_to_story/ → the new story item's pk and id. */
export async function configureToStory(
  params: ConfigureStoryParams,
  signal?: AbortSignal,
): Promise<ConfiguredStory> {
  const body = await apiPost<ConfigureStoryResponse>(
    '/create/configure_to_story/',
    {
      upload_id: params.uploadId,
      text_data: params.textData ? JSON.stringify(params.textData) : undefined,
      entry_point: params.entryPoint,
    },
    // Decoding and storing the 1080×1920 frame: the spec's slower 30 s call, like post configure.
    { signal, timeoutMs: OTHER_TIMEOUT_MS },
  );
  const media = body.media;
  if (!media?.pk || !media.id) {
    throw new ConfigureStoryError(body.message || "Your story couldn't be shared.");
  }
  return { pk: String(media.pk), id: String(media.id) };
}
