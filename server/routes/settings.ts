import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.ts';
import { hashPassword, verifyPassword } from '../auth/passwords.ts';
import { registerPush, setZeroRatingPreference } from '../auth/devicePreferences.ts';
import { removeAllLoginNonces } from '../auth/loginNonces.ts';
import { applyProfileEdit, checkProfileEdit, formData } from '../auth/profileEdit.ts';
import { passwordError } from '../auth/rules.ts';
import { badRequest } from '../http/errors.ts';
import { rateLimit } from '../http/rateLimit.ts';
import { Form, FormFlag, Str, parseFlag, typed } from '../http/schemas.ts';
import { SESSION_COOKIE, endAllSessions, endSession, requireViewer } from '../http/session.ts';
import { toWireViewer } from '../http/users.ts';
import { sha256 } from '../ids.ts';
import { dataOrPage, settingsPreferenceRoutes } from './settingsPreferences.ts';
import { profilePictureRoutes } from './profilePicture.ts';

const EditBody = Form({
  first_name: Type.Optional(Str(1000)),
  email: Type.Optional(Str(1000)),
  username: Type.Optional(Str(1000)),
  phone_number: Type.Optional(Str(100)),
  gender: Type.Optional(Type.Integer()),
  biography: Type.Optional(Str(5000)),
  external_url: Type.Optional(Str(5000)),
  chaining_enabled: Type.Optional(FormFlag),
  private_account: Type.Optional(FormFlag),
});
// The dry run checks the username only: telling whether an email or phone number is taken is
// not what it is for.
const EditAttemptBody = Form({ username: Type.Optional(Str(1000)) });
const PasswordChangeBody = Form({
  old_password: Type.Optional(Str(1000)),
  new_password1: Type.Optional(Str(1000)),
  new_password2: Type.Optional(Str(1000)),
});
const DeactivateBody = Form({
  'deletion-reason': Type.Optional(Str(1000)),
  password: Type.Optional(Str(1000)),
});
const PushBody = Form({
  device_token: Str(4096, 1),
  device_type: Type.Literal('web'),
  mid: Type.Optional(Str(200)),
});
/** Media types are lowercase words ("photo", "video"). */
const ZeroRatingBody = Form({
  media_type: Type.String({ minLength: 1, maxLength: 32, pattern: '^[a-z][a-z_]*$' }),
});

export const WRONG_OLD_PASSWORD =
  'Your old password was entered incorrectly. Please enter it again.';
export const PASSWORDS_DIFFER = 'Please make sure both passwords match.';
export const WRONG_PASSWORD =
  'Sorry, your password was incorrect. Please double-check your password.';

/** Profile and account settings (spec §7), all for the logged-in viewer only. */
export async function settingsRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const api = typed(app);

  dataOrPage(app, ctx, '/accounts/edit/', async (req) => ({
    form_data: formData(requireViewer(req)),
    status: 'ok',
  }));

  api.post('/accounts/edit/', { schema: { body: EditBody } }, async (req) => {
    const viewer = requireViewer(req);
    const { chaining_enabled, private_account, ...text } = req.body;
    const { errors, update } = await checkProfileEdit(ctx, viewer, {
      ...text,
      chaining_enabled: chaining_enabled === undefined ? undefined : parseFlag(chaining_enabled),
      private_account: private_account === undefined ? undefined : parseFlag(private_account),
    });
    const first = Object.values(errors).find((list) => list && list.length > 0)?.[0];
    if (first) throw badRequest(first.message, { errors });
    const user = await applyProfileEdit(ctx, viewer, update);
    return { form_data: formData(user), user: await toWireViewer(ctx, user), status: 'ok' };
  });

  // A dry run of the edit's username (the Edit profile page checks it while it is typed): the
  // same check, nothing saved. Like signup's dry run it answers 200 with the errors per field.
  api.post(
    '/accounts/web_edit_ajax/attempt/',
    { schema: { body: EditAttemptBody }, config: rateLimit(60, '1 minute') },
    async (req) => {
      const viewer = requireViewer(req);
      const { errors } = await checkProfileEdit(ctx, viewer, { username: req.body.username });
      const passed = !Object.values(errors).some((list) => list && list.length > 0);
      return { dryrun_passed: passed, errors, status: 'ok' };
    },
  );

  api.post(
    '/accounts/password/change/',
    // A stolen session must not brute-force the old password.
    { schema: { body: PasswordChangeBody }, config: rateLimit(10, '5 minutes') },
    async (req) => {
      const viewer = requireViewer(req);
      const { old_password = '', new_password1 = '', new_password2 = '' } = req.body;
      if (!old_password || !new_password1 || !new_password2) {
        throw badRequest('Please fill in your old password and your new password twice.');
      }
      if (!(await verifyPassword(old_password, viewer.password_hash))) {
        // Also per field, so the form can mark which one to fix.
        throw badRequest(WRONG_OLD_PASSWORD, {
          errors: { old_password: [{ message: WRONG_OLD_PASSWORD }] },
        });
      }
      if (new_password1 !== new_password2) {
        throw badRequest(PASSWORDS_DIFFER, {
          errors: { new_password2: [{ message: PASSWORDS_DIFFER }] },
        });
      }
      const error = passwordError(new_password1);
      if (error) throw badRequest(error.message, { errors: { new_password1: [error] } });
      const passwordHash = await hashPassword(new_password1);
      // Other devices are logged out (this one stays) and one-tap logins stop working. One
      // transaction: a new password with a stolen session still alive would be worse than none.
      const current = req.cookies[SESSION_COOKIE];
      await ctx.db.transaction().execute(async (trx) => {
        await trx
          .updateTable('users')
          .set({ password_hash: passwordHash })
          .where('id', '=', viewer.id)
          .execute();
        await trx
          .deleteFrom('sessions')
          .where('user_id', '=', viewer.id)
          .where('id', '!=', current ? sha256(current) : '')
          .execute();
        await removeAllLoginNonces({ ...ctx, db: trx }, viewer.id);
      });
      return { status: 'ok' };
    },
  );

  api.post(
    '/accounts/remove/request/temporary/',
    { schema: { body: DeactivateBody }, config: rateLimit(10, '5 minutes') },
    async (req, reply) => {
      const viewer = requireViewer(req);
      const password = req.body.password ?? '';
      if (!password) throw badRequest('Please enter your password.');
      if (!(await verifyPassword(password, viewer.password_hash))) throw badRequest(WRONG_PASSWORD);
      // Temporary: the row stays; logging in again reactivates it (login answers reactivated).
      await ctx.db.updateTable('users').set({ is_active: 0 }).where('id', '=', viewer.id).execute();
      await endSession(ctx, req, reply);
      await endAllSessions(ctx, viewer.id);
      await removeAllLoginNonces(ctx, viewer.id);
      return { status: 'ok' };
    },
  );

  // Stored for a push service to use; none stands behind the reference server, and the client
  // does not register while the push_notifications switch is off.
  api.post('/push/register/', { schema: { body: PushBody } }, async (req) => {
    const viewer = requireViewer(req);
    const { device_token: deviceToken, mid } = req.body;
    await registerPush(ctx, viewer.id, { deviceToken, deviceType: 'web', mid: mid || null });
    return { status: 'ok' };
  });

  // Stored; without a carrier's free-data plan it changes nothing the reference client shows.
  api.post('/zr/nux/update_preference/', { schema: { body: ZeroRatingBody } }, async (req) => {
    const viewer = requireViewer(req);
    await setZeroRatingPreference(ctx, viewer.id, req.body.media_type);
    return { status: 'ok' };
  });

  await settingsPreferenceRoutes(app, ctx);
  await profilePictureRoutes(app, ctx);
}
