import { Type } from '@sinclair/typebox';
import { sql } from 'kysely';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.ts';
import {
  externalProvider,
  type ExternalProfile,
  type ExternalProvider,
} from '../auth/externalProvider.ts';
import { cleanFullName, normalizeEmail, normalizePhone, hasErrors } from '../auth/rules.ts';
import { EXISTING_ACCOUNT_CODE, checkSignup, createAccount } from '../auth/signup.ts';
import { standInPages } from '../auth/standInPages.ts';
import { linkProvider } from '../auth/providerLinks.ts';
import { requireSecondFactor } from '../auth/twoFactor.ts';
import { suggestUsernames } from '../auth/usernames.ts';
import { followAllProviderFriends } from '../content/providerFriends.ts';
import { badRequest } from '../http/errors.ts';
import { SIGNUP_RATE_LIMIT, rateLimit } from '../http/rateLimit.ts';
import { Form, Str, typed } from '../http/schemas.ts';
import { requireViewer, startSession } from '../http/session.ts';
import { profilePicUrl } from '../http/users.ts';
import { completeLogin } from './auth.ts';

const ExchangeBody = Form({ code: Str(200, 1), returnURL: Str(2000) });
const TokenBody = Form({ fb_access_token: Str(200, 1) });
const LinkedQuery = Type.Object({
  fb_access_token: Str(200, 1),
  check_email: Type.Optional(Str(1000)),
  check_phone: Type.Optional(Str(100)),
});
const CreateBody = Form({
  fb_access_token: Str(200, 1),
  first_name: Type.Optional(Str(1000)),
  username: Type.Optional(Str(1000)),
  password: Type.Optional(Str(1000)),
  email: Type.Optional(Str(1000)),
});

const FollowAllReply = Type.Object({
  followed_count: Type.Integer(),
  requested_count: Type.Integer(),
  status: Type.Literal('ok'),
});

export const NO_LINKED_ACCOUNT = 'No account linked';
export const NOT_CONNECTED =
  'Connect your account to the external service first to follow your friends.';
const TOKEN_EXPIRED = 'Your login with the external service has expired. Please try again.';

function providerOf(ctx: AppContext): ExternalProvider {
  const provider = externalProvider(ctx);
  if (!provider) throw badRequest('External login is not available.');
  return provider;
}

async function profileOf(ctx: AppContext, token: string): Promise<ExternalProfile> {
  const profile = await providerOf(ctx).profile(token);
  if (!profile) throw badRequest(TOKEN_EXPIRED, { error_type: 'invalid_token' });
  return profile;
}

/**
 * The member a provider identity logs into: the one linked by fb_id, else the one with the
 * provider's (verified) email and no other link. The email match is linked on first login, and
 * only to an account that confirmed the address: signup takes any address unchecked, so a
 * stranger could otherwise sign up with someone's email and be handed that person's login.
 */
async function linkedMember(ctx: AppContext, profile: ExternalProfile) {
  const byId = await ctx.db
    .selectFrom('users')
    .selectAll()
    .where('fb_id', '=', profile.id)
    .executeTakeFirst();
  if (byId || !profile.email) return byId;
  return ctx.db
    .selectFrom('users')
    .selectAll()
    .where(sql<string>`lower(email)`, '=', normalizeEmail(profile.email))
    .where('email_confirmed', '=', 1)
    .where('fb_id', 'is', null)
    .executeTakeFirst();
}

async function taken(ctx: AppContext, column: 'email' | 'phone_number', value: string | null) {
  if (!value) return false;
  const row = await ctx.db
    .selectFrom('users')
    .select('id')
    .where(column === 'email' ? sql<string>`lower(email)` : 'phone_number', '=', value)
    .executeTakeFirst();
  return row !== undefined;
}

/** External (social) login, signup and connect — spec §7's fb* calls — over a pluggable provider. */
export async function externalRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const api = typed(app);
  await standInPages(app, ctx);

  api.post(
    '/accounts/fb_code_exchange/',
    { schema: { body: ExchangeBody }, config: rateLimit(20, '1 minute') },
    async (req) => {
      const token = await providerOf(ctx).exchangeCode(req.body.code, req.body.returnURL);
      if (!token) throw badRequest('This login link has expired. Please try again.');
      return { access_token: token, status: 'ok' };
    },
  );

  api.post(
    '/accounts/login/ajax/facebook/',
    { schema: { body: TokenBody }, config: rateLimit(10, '1 minute') },
    async (req, reply) => {
      const profile = await profileOf(ctx, req.body.fb_access_token);
      const user = await linkedMember(ctx, profile);
      if (!user) throw badRequest(NO_LINKED_ACCOUNT, { fb_signup_possible: true });
      // The provider stands in for the password, not for the second factor. The identity is
      // linked only once the login succeeds: here, or at the code step with two-factor on.
      const unlinked = user.fb_id === null;
      await requireSecondFactor(ctx, user, unlinked ? profile.id : undefined);
      if (unlinked) await linkProvider(ctx, user.id, profile.id);
      return completeLogin(ctx, reply, user);
    },
  );

  // check_email / check_phone: the address to check, or a flag ("1"/"true") meaning "the one
  // the provider knows". Answers whether it is taken, for the social signup form.
  api.get('/accounts/fb_linked_account/', { schema: { querystring: LinkedQuery } }, async (req) => {
    const profile = await profileOf(ctx, req.query.fb_access_token);
    const pick = (value: string | undefined, fromProvider: string | null) =>
      value === undefined || value === '' || /^(1|true)$/i.test(value) ? fromProvider : value;
    const email = pick(req.query.check_email, profile.email);
    const phone = pick(req.query.check_phone, profile.mobile_phone);
    const user = await linkedMember(ctx, profile);
    return {
      fb_linked_account: user
        ? { profile_pic_url: profilePicUrl(user), username: user.username }
        : null,
      email_taken: await taken(ctx, 'email', email ? normalizeEmail(email) : null),
      phone_taken: await taken(ctx, 'phone_number', phone ? normalizePhone(phone) : null),
      status: 'ok',
    };
  });

  const createHandler = (dryRun: boolean) =>
    async function (
      req: { body: (typeof CreateBody)['static'] },
      reply: Parameters<typeof startSession>[1],
    ) {
      const profile = await profileOf(ctx, req.body.fb_access_token);
      const input = {
        email: (req.body.email ?? '').trim() || (profile.email ?? ''),
        phone_number: '',
        password: req.body.password ?? '',
        username: (req.body.username ?? '').trim(),
        // A typed name of bidi controls alone is no name: the provider's is used (both cleaned).
        first_name: cleanFullName(req.body.first_name ?? '') || cleanFullName(profile.name),
      };
      const check = await checkSignup(ctx, input, {
        contactRequired: false,
        passwordRequired: false,
        dryRun,
      });
      const alreadyLinked = await ctx.db
        .selectFrom('users')
        .select('id')
        .where('fb_id', '=', profile.id)
        .executeTakeFirst();
      if (alreadyLinked) {
        (check.errors.__all__ ??= []).push({
          message: 'This account is already linked to a Glint account. Log in instead.',
          code: 'fb_already_linked',
        });
      }
      const username_suggestions = check.errors.username
        ? await suggestUsernames(ctx, {
            name: input.first_name,
            email: input.email,
            username: input.username,
          })
        : [];
      const result = dryRun ? { dryrun_passed: false } : { account_created: false };
      if (check.existingAccount && !alreadyLinked) {
        return {
          ...result,
          errors: {},
          code: EXISTING_ACCOUNT_CODE,
          error_type: 'existing_account',
          status: 'ok',
        };
      }
      if (hasErrors(check.errors)) {
        return {
          ...result,
          errors: check.errors,
          username_suggestions,
          error_type: 'form_validation_error',
          status: 'ok',
        };
      }
      if (dryRun) return { dryrun_passed: true, errors: {}, username_suggestions, status: 'ok' };
      // Keeping the provider's address proves it (providers give verified ones); a typed one not.
      const userId = await createAccount(ctx, check, input, {
        fb_id: profile.id,
        email_confirmed: profile.email !== null && check.email === normalizeEmail(profile.email),
      });
      if (!userId) {
        const errors = {
          __all__: [{ message: 'Sorry, something went wrong. Please try again.', code: 'other' }],
        };
        return {
          account_created: false,
          errors,
          error_type: 'form_validation_error',
          status: 'ok',
        };
      }
      await startSession(ctx, reply, userId);
      return { account_created: true, user_id: userId, status: 'ok' };
    };

  api.post(
    '/fb/create/ajax/attempt/',
    { schema: { body: CreateBody }, config: rateLimit(60, '1 minute') },
    createHandler(true),
  );
  api.post(
    '/fb/create/ajax/',
    { schema: { body: CreateBody }, config: SIGNUP_RATE_LIMIT },
    createHandler(false),
  );

  api.post('/fb/connect/ajax/', { schema: { body: TokenBody } }, async (req) => {
    const viewer = requireViewer(req);
    const profile = await profileOf(ctx, req.body.fb_access_token);
    const owner = await ctx.db
      .selectFrom('users')
      .select('id')
      .where('fb_id', '=', profile.id)
      .executeTakeFirst();
    if (owner && owner.id !== viewer.id) {
      throw badRequest('This account is already linked to another Glint account.');
    }
    await ctx.db
      .updateTable('users')
      .set({ fb_id: profile.id })
      .where('id', '=', viewer.id)
      .execute();
    return { connected: true, name: profile.name, status: 'ok' };
  });

  // Follows the viewer's provider friends who are members here (those edge_facebook_friends
  // counts), as /web/friendships/{id}/follow/ would: private accounts get a request.
  for (const url of ['/web/friendships/follow_all_fb', '/web/friendships/follow_all_fb/']) {
    api.post(
      url,
      { schema: { response: { 200: FollowAllReply } }, config: rateLimit(10, '1 minute') },
      async (req) => {
        const viewer = requireViewer(req);
        if (viewer.fb_id === null) throw badRequest(NOT_CONNECTED);
        providerOf(ctx);
        return { ...(await followAllProviderFriends(ctx, viewer)), status: 'ok' as const };
      },
    );
  }
}
