import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.ts';
import { lastCodeSentAt, issueCode, verifyCode } from '../auth/codes.ts';
import { INVALID_PHONE, PHONE_TAKEN, hasErrors, normalizePhone } from '../auth/rules.ts';
import type { FieldError, FieldErrors } from '../auth/rules.ts';
import {
  EXISTING_ACCOUNT_CODE,
  checkSignup,
  createAccount,
  type SignupInput,
} from '../auth/signup.ts';
import { suggestUsernames } from '../auth/usernames.ts';
import { badRequest } from '../http/errors.ts';
import { SIGNUP_RATE_LIMIT, SMS_RATE_LIMIT, rateLimit } from '../http/rateLimit.ts';
import { Form, FormFlag, Str, typed } from '../http/schemas.ts';
import { startSession } from '../http/session.ts';

/** A second signup code for the same number is refused for a minute. */
export const SIGNUP_SMS_RESEND_SECONDS = 60;

// Bounds are generous (a too-long name is a field error with a code, not a schema failure) but
// still stop megabyte inputs at the schema.
const SignupBody = Form({
  email: Type.Optional(Str(1000)),
  phone_number: Type.Optional(Str(100)),
  password: Type.Optional(Str(1000)),
  username: Type.Optional(Str(1000)),
  first_name: Type.Optional(Str(1000)),
  captcha: Type.Optional(Str(1000)),
  sms_code: Type.Optional(Str(100)),
  client_id: Type.Optional(Str(200)),
  seamless_login_enabled: Type.Optional(FormFlag),
});
type SignupBodyType = (typeof SignupBody)['static'];

const SmsBody = Form({ client_id: Type.Optional(Str(200)), phone_number: Str(100) });
const SuggestionsBody = Form({ email: Type.Optional(Str(1000)), name: Type.Optional(Str(1000)) });

export const CONF_CODE_NOT_SENT = {
  message: 'Enter the confirmation code we sent to your phone.',
  code: 'conf_code_not_sent',
};
const INVALID_SMS_CODE = {
  message: "That code isn't valid. You can request a new one.",
  code: 'invalid_sms_code',
};

export const signupInput = (body: SignupBodyType): SignupInput => ({
  email: (body.email ?? '').trim(),
  phone_number: (body.phone_number ?? '').trim(),
  password: body.password ?? '',
  username: (body.username ?? '').trim(),
  first_name: (body.first_name ?? '').trim(),
});

/**
 * Signup (spec §7): the dry run validates on every field change; the real call also checks the
 * phone's SMS code and starts the session. Field errors answer 200 with `errors` (they are the
 * expected outcome of typing, not a failed request); `error_type` carries the logged type.
 * Captcha is accepted and ignored: the reference server has no captcha service.
 */
export async function signupRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const api = typed(app);

  const suggestionsFor = async (input: SignupInput, errors: FieldErrors) =>
    errors.username
      ? suggestUsernames(ctx, {
          name: input.first_name,
          email: input.email,
          username: input.username,
        })
      : [];

  api.post(
    '/accounts/web_create_ajax/attempt/',
    { schema: { body: SignupBody }, config: rateLimit(60, '1 minute') },
    async (req) => {
      const input = signupInput(req.body);
      const check = await checkSignup(ctx, input, {
        contactRequired: true,
        passwordRequired: true,
        dryRun: true,
      });
      const username_suggestions = await suggestionsFor(input, check.errors);
      const errors = { ...check.errors };
      const passed = !hasErrors(errors);
      // A phone signup that passes every field still needs its SMS code; the client counts an
      // answer whose only error is sms_code as passing, and so does dryrun_passed.
      if (passed && check.phone && !req.body.sms_code) errors.sms_code = [CONF_CODE_NOT_SENT];
      return {
        dryrun_passed: passed,
        errors,
        username_suggestions,
        sms_sent: false,
        ...(passed ? {} : { error_type: 'form_validation_error' }),
        status: 'ok',
      };
    },
  );

  api.post(
    '/accounts/web_create_ajax/',
    { schema: { body: SignupBody }, config: SIGNUP_RATE_LIMIT },
    async (req, reply) => {
      const input = signupInput(req.body);
      const opts = { contactRequired: true, passwordRequired: true };
      let check = await checkSignup(ctx, input, opts);
      const failed = async (errors: FieldErrors, error_type: string) => ({
        account_created: false,
        errors,
        error_type,
        username_suggestions: await suggestionsFor(input, errors),
        status: 'ok',
      });
      if (check.existingAccount) return existingAccountAnswer({ account_created: false });
      if (hasErrors(check.errors)) return failed(check.errors, 'form_validation_error');
      if (check.phone) {
        const code = (req.body.sms_code ?? '').trim();
        if (!code) return failed({ sms_code: [CONF_CODE_NOT_SENT] }, 'confirmation_error');
        if (!(await verifyCode(ctx, 'signup_sms', check.phone, code))) {
          return failed({ sms_code: [INVALID_SMS_CODE] }, 'confirmation_error');
        }
      }
      const userId = await createAccount(ctx, check, input);
      if (!userId) {
        check = await checkSignup(ctx, input, opts);
        if (check.existingAccount) return existingAccountAnswer({ account_created: false });
        const errors = hasErrors(check.errors)
          ? check.errors
          : {
              __all__: [
                { message: 'Sorry, something went wrong. Please try again.', code: 'other' },
              ],
            };
        return failed(errors, 'form_validation_error');
      }
      await startSession(ctx, reply, userId);
      return { account_created: true, user_id: userId, status: 'ok' };
    },
  );

  api.post(
    '/accounts/send_signup_sms_code_ajax/',
    { schema: { body: SmsBody }, config: SMS_RATE_LIMIT },
    async (req) => {
      const phone = normalizePhone(req.body.phone_number);
      const refuse = (field: FieldError) =>
        badRequest(field.message, { sms_sent: false, errors: { phone_number: [field] } });
      if (!phone) throw refuse(INVALID_PHONE);
      const owner = await ctx.db
        .selectFrom('users')
        .select('id')
        .where('phone_number', '=', phone)
        .executeTakeFirst();
      if (owner) throw refuse(PHONE_TAKEN);
      const last = await lastCodeSentAt(ctx, 'signup_sms', phone);
      if (last !== null && ctx.now() - last < SIGNUP_SMS_RESEND_SECONDS) {
        throw refuse({
          message: 'Please wait a minute before requesting another code.',
          code: 'sms_rate_limited',
        });
      }
      const code = await issueCode(ctx, 'signup_sms', phone);
      await ctx.sms.send(phone, `${code} is your Glint confirmation code.`, code);
      return { sms_sent: true, status: 'ok' };
    },
  );

  api.post(
    '/accounts/username_suggestions/',
    { schema: { body: SuggestionsBody }, config: rateLimit(60, '1 minute') },
    async (req) => ({
      suggestions: await suggestUsernames(ctx, {
        name: (req.body.name ?? '').trim(),
        email: (req.body.email ?? '').trim(),
      }),
      status: 'ok',
    }),
  );
}

/** Spec: code 3 means "an account with these credentials exists": the client logs in with them. */
function existingAccountAnswer(fields: Record<string, unknown>) {
  return {
    ...fields,
    errors: {},
    code: EXISTING_ACCOUNT_CODE,
    error_type: 'existing_account',
    status: 'ok',
  };
}
