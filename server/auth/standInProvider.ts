import type { AppContext } from '../context.ts';
import { randomToken, sha256 } from '../ids.ts';
import type { ExternalProfile, ExternalProvider } from './externalProvider.ts';
import { DEFAULT_AVATAR_URL } from '../http/users.ts';
import { canonicalReturnPath } from './returnUrl.ts';

/**
 * Made-up people of the local stand-in provider, all friends of each other (friendIds). The first
 * shares its email with the seeded member `demo`, so "Continue as" logs into that account (linked
 * by email); the others are nobody here yet, so they go through external signup.
 */
export const STAND_IN_IDENTITIES: readonly ExternalProfile[] = [
  {
    id: 'standin-1001',
    name: 'Demo Member',
    email: 'demo@glint.test',
    mobile_phone: null,
    picture: DEFAULT_AVATAR_URL,
  },
  {
    id: 'standin-1002',
    name: 'Alex Rivera',
    email: 'alex.rivera@example.com',
    mobile_phone: null,
    picture: DEFAULT_AVATAR_URL,
  },
  {
    id: 'standin-1003',
    name: 'Sam Okafor',
    email: 'sam.okafor@example.com',
    mobile_phone: null,
    picture: DEFAULT_AVATAR_URL,
  },
];

export const standInIdentity = (id: string) => STAND_IN_IDENTITIES.find((p) => p.id === id);

const CODE_TTL_SECONDS = 5 * 60;
export const TOKEN_TTL_SECONDS = 60 * 60;

// Codes and tokens live in verification_codes (hashed), so the flow also works with several
// server processes behind a load balancer. Purposes: external_code, external_token.
type Grant = 'external_code' | 'external_token';

/**
 * A provider that runs inside this server, for development and tests: its pages (standInPages.ts)
 * play the part of the provider's consent screen.
 */
export class StandInProvider implements ExternalProvider {
  constructor(private readonly ctx: AppContext) {}

  private async store(purpose: Grant, target: string, ttl: number): Promise<string> {
    const secret = randomToken(24);
    const now = this.ctx.now();
    await this.ctx.db
      .insertInto('verification_codes')
      .values({
        purpose,
        target,
        code_hash: sha256(secret),
        created_at: now,
        expires_at: now + ttl,
        used: 0,
      })
      .execute();
    return secret;
  }

  private async find(purpose: Grant, secret: string) {
    return this.ctx.db
      .selectFrom('verification_codes')
      .select(['id', 'target'])
      .where('purpose', '=', purpose)
      .where('code_hash', '=', sha256(secret))
      .where('used', '=', 0)
      .where('expires_at', '>', this.ctx.now())
      .executeTakeFirst();
  }

  /** The consent page's "Continue as": a one-time code bound to the identity and return path. */
  issueCode(identityId: string, returnPath: string): Promise<string> {
    const target = `${identityId}\n${canonicalReturnPath(returnPath) ?? '/'}`;
    return this.store('external_code', target, CODE_TTL_SECONDS);
  }

  /** The connect-status check hands a connected page a token directly (like the real SDK). */
  issueToken(identityId: string): Promise<string> {
    return this.store('external_token', identityId, TOKEN_TTL_SECONDS);
  }

  async exchangeCode(code: string, returnURL: string): Promise<string | null> {
    const row = await this.find('external_code', code);
    if (!row) return null;
    const [identityId, returnPath] = row.target.split('\n');
    const spent = await this.ctx.db
      .updateTable('verification_codes')
      .set({ used: 1 })
      .where('id', '=', row.id)
      .where('used', '=', 0)
      .executeTakeFirst();
    if (Number(spent.numUpdatedRows) !== 1) return null;
    // OAuth's redirect_uri rule: a code only works for the return URL it was issued to.
    if (canonicalReturnPath(returnURL) !== returnPath) return null;
    return this.issueToken(identityId);
  }

  async profile(accessToken: string): Promise<ExternalProfile | null> {
    const row = await this.find('external_token', accessToken);
    return row ? (standInIdentity(row.target) ?? null) : null;
  }

  /** Every stand-in identity is a friend of every other one; unknown ids have no friends. */
  async friendIds(identityId: string): Promise<readonly string[]> {
    if (!standInIdentity(identityId)) return [];
    return STAND_IN_IDENTITIES.filter((p) => p.id !== identityId).map((p) => p.id);
  }
}
