// Phone signup (accounts-platform §4): dry run, then the SMS code is sent, then the member enters
// the code and confirms. Resend and change-number are possible; every step is tracked.
import { sendSignupSmsCode, signup, signupDryRun } from '../api/accounts';
import { serverMessage } from '../api/client';
import {
  CONF_CODE_NOT_SENT,
  CONF_CODE_NOT_SENT_MESSAGE,
  dryRunPassed,
  firstError,
  signupPayload,
} from '../state/signupRules';
import { logAuthEvent } from './authEvents';
import {
  applySignupResult,
  beginSubmit,
  failSubmit,
  goToPhoneStep,
  handleSignupAnswer,
  signupState,
  stickFieldError,
} from './signup';

export const SEND_CODE_FAILED_MESSAGE = "Couldn't send the code. Please try again.";

/** Sends the code to `phone`; on refusal the error goes to the phone field (or the code step). */
async function sendCode(phone: string): Promise<boolean> {
  const from = signupState.phoneStep;
  goToPhoneStep('sendingCode');
  try {
    const result = await sendSignupSmsCode(signupState.form.clientId, phone.trim());
    if (!result.sms_sent) throw new Error('not sent');
    signupState.codeSentTo = phone.trim();
    signupState.codeError = null;
    signupState.codeNotice = `Enter the 6-digit code we sent to ${phone.trim()}.`;
    goToPhoneStep('enterCode');
    return true;
  } catch (error) {
    const parsed = (error as { parsed?: { errors?: Record<string, unknown> } }).parsed;
    const phoneError = firstError(parsed?.errors?.phone_number as Parameters<typeof firstError>[0]);
    const message = phoneError?.message ?? serverMessage(error) ?? SEND_CODE_FAILED_MESSAGE;
    goToPhoneStep(from === 'sendingCode' ? 'details' : from);
    if (from === 'details') {
      stickFieldError('emailOrPhone', {
        error: message,
        errorCode: phoneError?.code ?? null,
        validated: false,
        value: signupState.form.emailOrPhone,
      });
    } else if (from === 'changeNumber') {
      signupState.codeError = { message, code: phoneError?.code ?? null };
    } else {
      // A resend refused (say, too soon): nothing is wrong with the code typed.
      signupState.otherError = message;
    }
    return false;
  }
}

/** The phone form's "Next": a dry run of the whole form, then the SMS code. */
export async function startPhoneSignup(next: string | null): Promise<void> {
  if (!beginSubmit()) return;
  const sent = { ...signupState.form };
  try {
    const response = await signupDryRun(signupPayload(sent));
    if (response.code !== undefined || !dryRunPassed(response)) {
      // Code 3 logs in; field errors stick until the next submit.
      await handleSignupAnswer(response, next, sent);
      return;
    }
    applySignupResult({ ...response, errors: {} }, true, sent);
    await sendCode(signupState.form.emailOrPhone);
  } catch (error) {
    failSubmit(error);
  } finally {
    signupState.submitting = false;
  }
}

export function setSignupCode(code: string): void {
  signupState.form.smsCode = code;
}

/** "Confirm": the real signup with the code. A missing code gives conf_code_not_sent. */
export async function confirmSignupCode(next: string | null): Promise<void> {
  if (signupState.form.smsCode.trim() === '') {
    signupState.codeError = { message: CONF_CODE_NOT_SENT_MESSAGE, code: CONF_CODE_NOT_SENT };
    logAuthEvent({ name: 'signup_error', type: 'confirmation_error' });
    return;
  }
  if (!beginSubmit()) return;
  signupState.codeError = null;
  goToPhoneStep('confirming');
  const sent = { ...signupState.form };
  try {
    const response = await signup(signupPayload(sent, { withSmsCode: true }));
    const codeError = firstError(response.errors?.sms_code);
    if (!(await handleSignupAnswer(response, next, sent))) {
      if (codeError) {
        signupState.codeError = { message: codeError.message, code: codeError.code ?? null };
        signupState.otherError = null;
        goToPhoneStep('enterCode');
      } else {
        // A field error (say the username was taken meanwhile) is fixed on the details step.
        goToPhoneStep('details');
      }
    }
  } catch (error) {
    failSubmit(error);
    goToPhoneStep('enterCode');
  } finally {
    signupState.submitting = false;
  }
}

/** Sends a new code to the number the last one went to. */
export async function resendSignupCode(): Promise<void> {
  const phone = signupState.codeSentTo ?? signupState.form.emailOrPhone;
  if (signupState.submitting) return;
  signupState.submitting = true;
  signupState.codeError = null;
  signupState.otherError = null;
  try {
    if (await sendCode(phone)) signupState.codeNotice = `We sent a new code to ${phone.trim()}.`;
  } finally {
    signupState.submitting = false;
  }
}

export function startChangeNumber(): void {
  signupState.newPhone = '';
  signupState.codeError = null;
  goToPhoneStep('changeNumber');
}

export function setNewPhone(value: string): void {
  signupState.newPhone = value;
}

export function cancelChangeNumber(): void {
  goToPhoneStep('enterCode');
}

/** The resend may go to a new number: it becomes the signup's phone, checked and texted. */
export async function sendCodeToNewNumber(): Promise<void> {
  const phone = signupState.newPhone.trim();
  if (phone === '' || signupState.submitting) return;
  signupState.submitting = true;
  signupState.codeError = null;
  try {
    const previous = signupState.form.emailOrPhone;
    signupState.form.emailOrPhone = phone;
    signupState.form.smsCode = '';
    const response = await signupDryRun(signupPayload(signupState.form));
    const phoneError = firstError(response.errors?.phone_number);
    if (phoneError) {
      signupState.form.emailOrPhone = previous;
      signupState.codeError = { message: phoneError.message, code: phoneError.code ?? null };
      return;
    }
    await sendCode(phone);
  } catch (error) {
    signupState.codeError = {
      message: serverMessage(error) ?? SEND_CODE_FAILED_MESSAGE,
      code: null,
    };
  } finally {
    signupState.submitting = false;
  }
}
