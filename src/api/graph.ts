// Graph queries by fixed query id: GET /graphql/query/?query_id=<id>&variables=<JSON>.
import { apiGet, type RequestOptions } from './client';
import { QUERY_IDS, type QueryName } from './queryIds';
import { RequestError } from './requestError';

export const GRAPH_QUERY_URL = '/graphql/query/';

/** Runs a graph query and returns its `data` object. GET, so retried once like every GET. */
export async function graphQuery<T>(
  name: QueryName,
  variables: object = {},
  opts?: RequestOptions,
): Promise<T> {
  const body = await apiGet<{ data?: T }>(
    GRAPH_QUERY_URL,
    { query_id: QUERY_IDS[name], variables: JSON.stringify(variables) },
    opts,
  );
  if (!body || typeof body !== 'object' || body.data === undefined || body.data === null) {
    throw new RequestError({
      code: 'invalid_response',
      statusCode: 200,
      statusText: 'Graph query returned no data',
      responseText: JSON.stringify(body),
      parsed: body,
    });
  }
  return body.data;
}

/** Cursor '0' (and an empty cursor) means "no cursor": start from the first page. */
export function normalizeCursor(cursor: string | null | undefined): string | null {
  return cursor && cursor !== '0' ? cursor : null;
}
