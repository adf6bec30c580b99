// Photo creation calls (content spec §7): POST /create/configure/ and GET /location_search/.
// The staged upload itself goes through tus (src/media/uploader.ts).
import { OTHER_TIMEOUT_MS } from '../lib/tokens';
import { apiGet, apiPost, RequestError, type Params } from './client';

/** A place from /location_search/ (content spec §3 "Location": a venue). */
export interface Venue {
  name: string;
  lat: number;
  lng: number;
  address: string;
  external_id: string;
  external_id_source: string;
}

export interface LocationSearchParams {
  query?: string;
  latitude?: number;
  longitude?: number;
  rankToken?: string;
}

interface LocationSearchResponse {
  venues?: Venue[];
  rank_token?: string;
}

export async function locationSearch(
  params: LocationSearchParams,
  signal?: AbortSignal,
): Promise<Venue[]> {
  const body = await apiGet<LocationSearchResponse>(
    '/location_search/',
    {
      search_query: params.query?.trim() || undefined,
      latitude: params.latitude,
      longitude: params.longitude,
      rank_token: params.rankToken,
    },
    { signal },
  );
  return Array.isArray(body.venues) ? body.venues : [];
}

export interface ConfigureParams {
  uploadId: string;
  caption: string;
  /** Alt text (issue 19); empty or absent: the server generates a description. */
  accessibilityCaption?: string;
  /** Spec §5: a location tag carries lat, lng and external_id. */
  geoTag: Venue | null;
  /** People tagged on the photo, where (0..1 from its left and top edges). */
  userTags?: readonly UserTagParam[];
}

export interface UserTagParam {
  username: string;
  x: number;
  y: number;
}

export interface ConfiguredMedia {
  pk: string;
  id: string;
  code: string;
}

interface ConfigureResponse {
  media?: Partial<ConfiguredMedia> | null;
  error_title?: string;
  message?: string;
}

export interface ConfigureSidecarParams {
  /** The carousel's photos in order, each uploaded, with its alt text ('' for the generated). */
  children: { uploadId: string; accessibilityCaption: string }[];
  caption: string;
  geoTag: Venue | null;
  /** Placed on the first photo. */
  userTags?: readonly UserTagParam[];
}

export const CONFIGURE_FAILED_TITLE = "Your photo couldn't be shared.";

/**
 * The server answered without a media pk and id (spec §4: "the error title is used"). Thrown for
 * a 200 without media as well as for a failure body carrying error_title.
 */
export class ConfigureError extends Error {
  override name = 'ConfigureError';
  constructor(readonly errorTitle: string) {
    super(errorTitle);
  }
}

function errorTitleOf(body: unknown): string | null {
  if (!body || typeof body !== 'object') return null;
  const title = (body as ConfigureResponse).error_title;
  return typeof title === 'string' && title.trim() !== '' ? title : null;
}

/** The `location` form field: the venue as JSON (configure and edit). */
export function geoTagField(geoTag: Venue): string {
  return JSON.stringify({
    lat: geoTag.lat,
    lng: geoTag.lng,
    external_id: geoTag.external_id,
    external_id_source: geoTag.external_id_source,
    name: geoTag.name,
    address: geoTag.address,
  });
}

/** The `usertags` field (Instagram's shape, by username): configure's and edit's. */
export function userTagsList(tags: readonly UserTagParam[]): string {
  const at = (v: number) => Math.round(v * 10000) / 10000;
  return JSON.stringify({
    in: tags.map((t) => ({ username: t.username, position: [at(t.x), at(t.y)] })),
  });
}

/** Configure's `usertags`, or nothing when no one is tagged. */
export function userTagsField(tags: readonly UserTagParam[] | undefined): string | undefined {
  return tags?.length ? userTagsList(tags) : undefined;
}

/** POST /create/configure/ → the new post's pk, id and shortcode. */
export function configurePost(params: ConfigureParams): Promise<ConfiguredMedia> {
  const { geoTag } = params;
  return configureCall('/create/configure/', {
    upload_id: params.uploadId,
    caption: params.caption,
    accessibility_caption: params.accessibilityCaption || undefined,
    location: geoTag ? geoTagField(geoTag) : undefined,
    usertags: userTagsField(params.userTags),
  });
}

/** POST /create/configure_sidecar/ (issue 19): a carousel post from its staged photos. */
export function configureSidecar(params: ConfigureSidecarParams): Promise<ConfiguredMedia> {
  return configureCall('/create/configure_sidecar/', {
    caption: params.caption,
    location: params.geoTag ? geoTagField(params.geoTag) : undefined,
    usertags: userTagsField(params.userTags),
    children_metadata: JSON.stringify(
      params.children.map((child) => ({
        upload_id: child.uploadId,
        ...(child.accessibilityCaption
          ? { accessibility_caption: child.accessibilityCaption }
          : {}),
      })),
    ),
  });
}

async function configureCall(url: string, fields: Params): Promise<ConfiguredMedia> {
  let body: ConfigureResponse;
  try {
    // The server decodes the upload and writes five thumbnails: the spec's slower 30 s call.
    body = await apiPost<ConfigureResponse>(url, fields, { timeoutMs: OTHER_TIMEOUT_MS });
  } catch (error) {
    // A failure body that names its own title shows that title (a network error has none).
    const title = error instanceof RequestError ? errorTitleOf(error.parsed) : null;
    if (title) throw new ConfigureError(title);
    throw error;
  }
  const media = body.media;
  if (!media?.pk || !media.id) {
    throw new ConfigureError(errorTitleOf(body) ?? CONFIGURE_FAILED_TITLE);
  }
  return { pk: String(media.pk), id: String(media.id), code: String(media.code ?? '') };
}
