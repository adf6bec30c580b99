import type { AppContext } from '../context.ts';
import type { UsersTable } from '../db/schema.ts';
import type { QueryName } from '../../common/queryIds.ts';

/** Answers one graph query: returns the `data` object; throw HttpError for bad variables. */
export type Resolver = (
  ctx: AppContext,
  variables: Record<string, unknown>,
  viewer: UsersTable | null,
) => Promise<unknown>;

const resolvers = new Map<QueryName, Resolver>();

/**
 * Route modules register their graph queries at import or registration time; the dispatcher
 * (server/graphql/dispatch.ts) looks them up per request, so registration order does not matter.
 */
export function registerResolver(name: QueryName, fn: Resolver): void {
  resolvers.set(name, fn);
}

export function getResolver(name: QueryName): Resolver | undefined {
  return resolvers.get(name);
}
