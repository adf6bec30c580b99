// The external (social) login provider, pluggable: the product talks to a provider only through
// this interface, so a real one replaces the development stand-in without touching the flows.
import { STAND_IN_PROVIDER_PATH, standInProfile, standInStatus } from '../api/external';
import type { RequestOptions } from '../api/client';
import { getCountryCode, getSharedData } from './sharedData';
import {
  EXCLUDED_EXTERNAL_LOGIN_COUNTRIES,
  EXTERNAL_LOGIN_SCOPE,
  EXTERNAL_LOGIN_SDK_VERSION,
} from './tokens';

/** Spec §4 external login status. */
export type ExternalAuthStatus =
  | { status: 'authorized'; accessToken: string; userId: string }
  | { status: 'not_authorized' }
  | { status: 'unknown' };

/** Spec §3 external profile data. */
export interface ExternalProfile {
  name: string;
  email: string | null;
  phone: string | null;
  profilePicUrl: string | null;
}

export interface ExternalLoginProvider {
  /** What the buttons call the provider ("Continue with …"). */
  readonly name: string;
  /** The provider's consent page; it sends the browser back to `returnPath` with ?code or ?error. */
  authorizeUrl(returnPath: string): string;
  /** Whether the visitor is connected to the provider, with a token when they are. */
  status(opts?: RequestOptions): Promise<ExternalAuthStatus>;
  profile(accessToken: string): Promise<ExternalProfile>;
}

/** The development stand-in served by the reference server at /dev/external-provider/. */
export const standInProvider: ExternalLoginProvider = {
  name: 'Stand-in',
  // Spec §9: the sign-in SDK's version and the one permission asked for (email).
  authorizeUrl: (returnPath) =>
    `${STAND_IN_PROVIDER_PATH}?${new URLSearchParams({
      redirect_uri: returnPath,
      scope: EXTERNAL_LOGIN_SCOPE,
      version: EXTERNAL_LOGIN_SDK_VERSION,
    })}`,
  async status(opts) {
    const answer = await standInStatus(opts);
    if (answer.status === 'connected' && answer.authResponse) {
      return {
        status: 'authorized',
        accessToken: answer.authResponse.accessToken,
        userId: answer.authResponse.userID,
      };
    }
    return answer.status === 'not_authorized'
      ? { status: 'not_authorized' }
      : { status: 'unknown' };
  },
  async profile(accessToken) {
    const p = await standInProfile(accessToken);
    return { name: p.name, email: p.email, phone: p.mobile_phone, profilePicUrl: p.picture };
  },
};

// undefined = not chosen yet: the environment decides (stand-in outside production).
let configured: ExternalLoginProvider | null | undefined;

/** Plugs in a real provider (or null to switch external login off); tests use fakes. */
export function setExternalLoginProvider(provider: ExternalLoginProvider | null | undefined): void {
  configured = provider;
}

export function getExternalLoginProvider(): ExternalLoginProvider | null {
  if (configured !== undefined) return configured;
  return getSharedData().environment === 'production' ? null : standInProvider;
}

/** The product's own hosts (and their subdomains). Mirrors and proxies get no external login. */
export const PRODUCT_HOSTNAMES: readonly string[] = ['glint.app'];
/** Local hosts count as own hosts outside production (development server, e2e). */
const LOCAL_HOSTNAMES: readonly string[] = ['localhost', '127.0.0.1', '[::1]'];

export function isProductHost(
  hostname: string,
  environment = getSharedData().environment,
): boolean {
  const host = hostname.toLowerCase();
  if (PRODUCT_HOSTNAMES.some((own) => host === own || host.endsWith(`.${own}`))) return true;
  return environment !== 'production' && LOCAL_HOSTNAMES.includes(host);
}

/** Spec §5: offered only on the product's own hosts, and not in CN, IR, CU, KP. */
export function isExternalLoginAvailable(
  hostname: string = window.location.hostname,
  countryCode: string = getCountryCode(),
): boolean {
  if (!getExternalLoginProvider()) return false;
  if (EXCLUDED_EXTERNAL_LOGIN_COUNTRIES.includes(countryCode.toUpperCase())) return false;
  return isProductHost(hostname);
}
