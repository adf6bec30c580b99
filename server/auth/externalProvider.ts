import type { AppContext } from '../context.ts';
import { StandInProvider } from './standInProvider.ts';

/** What an external (social) login provider says about a person (spec §3 external profile). */
export interface ExternalProfile {
  /** The provider's stable id for the person: stored as users.fb_id when linked. */
  id: string;
  name: string;
  /** Must be an address the provider has verified: login links accounts by it. */
  email: string | null;
  mobile_phone: string | null;
  picture: string | null;
}

/**
 * The seam for a real provider (an OAuth 2 authorization-code flow). The server never sees the
 * person's provider password: only a one-time code, exchanged for an access token, which reads
 * the profile.
 */
export interface ExternalProvider {
  /** An access token for a code issued to `returnURL`; null when the code is unknown, used or expired. */
  exchangeCode(code: string, returnURL: string): Promise<string | null>;
  /** The person behind an access token; null when the token is invalid or expired. */
  profile(accessToken: string): Promise<ExternalProfile | null>;
  /**
   * The provider ids of the person's friends on the provider (content §3 edge_facebook_friends,
   * accounts §7 follow_all_fb), by the person's provider id (users.fb_id): the server keeps no
   * access token, so a real provider answers from its app-level API or a list it stored at login.
   * Empty when the provider knows none or has no friend lists.
   */
  friendIds(identityId: string): Promise<readonly string[]>;
}

const configured = new WeakMap<AppContext, ExternalProvider>();

/** Plugs a real provider into an app (server/app.ts, or a test with a fake). */
export function setExternalProvider(ctx: AppContext, provider: ExternalProvider): void {
  configured.set(ctx, provider);
}

/**
 * The provider of this app: the configured one, else the local stand-in outside production. In
 * production without a configured provider, external login is off (null).
 */
export function externalProvider(ctx: AppContext): ExternalProvider | null {
  const provider = configured.get(ctx);
  if (provider) return provider;
  if (ctx.config.production) return null;
  const standIn = new StandInProvider(ctx);
  configured.set(ctx, standIn);
  return standIn;
}
