import type { AppContext } from '../context.ts';
import type { UsersTable } from '../db/schema.ts';
import type { QueryName } from '../../common/queryIds.ts';

/** Answers one graph query: returns the `data` object; throw HttpError for bad variables. */
export type Resolver = (
  ctx: AppContext,
  variables: Record<string, unknown>,
  viewer: UsersTable | null,
) => Promise<unknown>;

export interface ResolverOptions {
  /**
   * Whether this viewer's answer may be kept until the next write
   * (server/crossServer/answerCache.ts): only when it depends on nothing but the viewer, the
   * variables and the database, and reading it writes nothing.
   */
  keep?: (viewer: UsersTable | null) => boolean;
}

interface Registered {
  resolve: Resolver;
  keep: (viewer: UsersTable | null) => boolean;
}

const resolvers = new Map<QueryName, Registered>();

/**
 * Route modules register their graph queries at import or registration time; the dispatcher
 * (server/graphql/dispatch.ts) looks them up per request, so registration order does not matter.
 */
export function registerResolver(
  name: QueryName,
  fn: Resolver,
  options: ResolverOptions = {},
): void {
  resolvers.set(name, { resolve: fn, keep: options.keep ?? (() => false) });
}

export function getResolver(name: QueryName): Registered | undefined {
  return resolvers.get(name);
}
