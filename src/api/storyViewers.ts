// The owner's "Seen by" list of one story item (issue 18): GET /stories/{id}/viewers/.
import { apiGet, type RequestOptions } from './client';
import type { StoryViewersPage } from './storyTypes';

export type { StoryViewersPage, WireStoryViewer } from './storyTypes';

/** One page of who saw the item, newest first; `maxId` continues after the previous page. */
export function fetchStoryViewers(
  itemId: string,
  maxId: string | null = null,
  opts?: RequestOptions,
): Promise<StoryViewersPage> {
  return apiGet<StoryViewersPage>(
    `/stories/${encodeURIComponent(itemId)}/viewers/`,
    maxId ? { max_id: maxId } : undefined,
    opts,
  );
}
