import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { login, sendSignupSmsCode, signup, signupDryRun } from '../../../src/api/accounts';
import { RequestError } from '../../../src/api/client';
import { fullPageLoad } from '../../../src/lib/navigation';
import { onAuthEvent, type AuthEvent } from '../../../src/state/authEvents';
import {
  confirmSignupCode,
  resendSignupCode,
  sendCodeToNewNumber,
  setNewPhone,
  setSignupCode,
  startChangeNumber,
  startPhoneSignup,
} from '../../../src/state/authSignupPhone';
import {
  resetSignup,
  runSignupDryRun,
  setSignupField,
  signupState,
  submitEmailSignup,
} from '../../../src/state/signup';
import {
  GENERIC_SIGNUP_MESSAGE,
  visibleError,
  type SignupField,
} from '../../../src/state/signupRules';

vi.mock('../../../src/api/accounts', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../../src/api/accounts')>()),
  login: vi.fn(),
  signup: vi.fn(),
  signupDryRun: vi.fn(),
  sendSignupSmsCode: vi.fn(),
}));
vi.mock('../../../src/lib/navigation', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../../src/lib/navigation')>()),
  fullPageLoad: vi.fn(),
}));

const events: AuthEvent[] = [];
let unsubscribe: () => void = () => {};

function fillForm(emailOrPhone = 'ava@example.com') {
  setSignupField('emailOrPhone', emailOrPhone);
  setSignupField('fullName', 'Ava Lindqvist');
  setSignupField('username', 'ava.lindqvist');
  setSignupField('password', 'sunny-harbour-42');
}

beforeEach(() => {
  resetSignup();
  events.length = 0;
  unsubscribe = onAuthEvent((event) => events.push(event));
});
afterEach(() => {
  unsubscribe();
  vi.clearAllMocks();
});

describe('signup dry run', () => {
  it('runs on a change, but not again for a form it already checked', async () => {
    fillForm();
    vi.mocked(signupDryRun).mockResolvedValue({ dryrun_passed: true, errors: {} });
    await runSignupDryRun();
    await runSignupDryRun();
    expect(signupDryRun).toHaveBeenCalledTimes(1);
    setSignupField('username', 'ava2');
    await runSignupDryRun();
    expect(signupDryRun).toHaveBeenCalledTimes(2);
  });

  it('aborts an earlier dry run still in flight; only the newest result counts', async () => {
    fillForm();
    const signals: AbortSignal[] = [];
    vi.mocked(signupDryRun).mockImplementation((_payload, opts) => {
      signals.push(opts?.signal as AbortSignal);
      return signals.length === 1
        ? new Promise((_resolve, reject) =>
            opts?.signal?.addEventListener('abort', () =>
              reject(new DOMException('aborted', 'AbortError')),
            ),
          )
        : Promise.resolve({ errors: { username: [{ message: 'taken', code: 'x' }] } });
    });
    const first = runSignupDryRun();
    setSignupField('username', 'taken');
    await runSignupDryRun();
    await first;
    expect(signals[0].aborted).toBe(true);
    expect(signupState.fields.username.error).toBe('taken');
  });

  it('does not run while a submit is in flight', async () => {
    fillForm();
    let finish: (value: object) => void = () => {};
    vi.mocked(signup).mockReturnValue(new Promise((resolve) => (finish = resolve)));
    const submitting = submitEmailSignup(null);
    setSignupField('username', 'changed');
    await runSignupDryRun();
    expect(signupDryRun).not.toHaveBeenCalled();
    finish({ account_created: true });
    await submitting;
  });
});

describe('signup under fast input (issue 17)', () => {
  const visible = (field: SignupField) =>
    visibleError(field, {
      value: signupState.form[field],
      result: signupState.fields[field],
      sticky: signupState.stickyErrors ? (signupState.stickyFields?.[field] ?? null) : null,
      focusedField: signupState.focusedField,
      leftFields: signupState.leftFields,
    });

  it('an answer about older values never shows against the input as it is now', async () => {
    setSignupField('emailOrPhone', 'ava@example.com');
    let answer: (value: object) => void = () => {};
    vi.mocked(signupDryRun).mockReturnValueOnce(new Promise((resolve) => (answer = resolve)));
    const dryRun = runSignupDryRun();
    // The password manager fills the rest while that dry run is out.
    setSignupField('fullName', 'Ava Lindqvist');
    setSignupField('username', 'ava.lindqvist');
    setSignupField('password', 'sunny-harbour-42');
    answer({ errors: { password: [{ message: 'Enter a password.', code: 'blank' }] } });
    await dryRun;
    expect(visible('password')).toBeNull();
    expect(signupState.fields.password.value).toBe('');
    // The form as it is now was never checked: leaving a field checks it.
    vi.mocked(signupDryRun).mockResolvedValueOnce({ dryrun_passed: true, errors: {} });
    await runSignupDryRun();
    expect(signupDryRun).toHaveBeenCalledTimes(2);
    expect(vi.mocked(signupDryRun).mock.calls[1][0].password).toBe('sunny-harbour-42');
  });

  it('Sign up sends the form as it is at the click, even with a dry run of older values out', async () => {
    setSignupField('emailOrPhone', 'ava@example.com');
    vi.mocked(signupDryRun).mockImplementationOnce(
      (_payload, opts) =>
        new Promise((_resolve, reject) =>
          opts?.signal?.addEventListener('abort', () =>
            reject(new DOMException('aborted', 'AbortError')),
          ),
        ),
    );
    const dryRun = runSignupDryRun();
    fillForm();
    vi.mocked(signup).mockResolvedValue({ account_created: true, user_id: '7' });
    await submitEmailSignup(null);
    await dryRun;
    expect(signup).toHaveBeenCalledWith(
      expect.objectContaining({
        email: 'ava@example.com',
        username: 'ava.lindqvist',
        first_name: 'Ava Lindqvist',
        password: 'sunny-harbour-42',
      }),
    );
    expect(fullPageLoad).toHaveBeenCalledWith('/');
  });

  it('a submit answer about the form sent stays about it when the member typed meanwhile', async () => {
    fillForm();
    let answer: (value: object) => void = () => {};
    vi.mocked(signup).mockReturnValueOnce(new Promise((resolve) => (answer = resolve)));
    const submitting = submitEmailSignup(null);
    setSignupField('username', 'ava.lindqvist2');
    answer({
      account_created: false,
      errors: { username: [{ message: 'taken', code: 'username_is_taken' }] },
    });
    await submitting;
    expect(signupState.stickyFields?.username.value).toBe('ava.lindqvist');
    expect(visible('username')).toBe('taken');
  });

  it('sticky errors survive background dry runs until the next submit', async () => {
    fillForm();
    vi.mocked(signup).mockResolvedValueOnce({
      account_created: false,
      errors: { username: [{ message: 'taken', code: 'username_is_taken' }] },
      username_suggestions: ['ava.lindqvist1'],
    });
    await submitEmailSignup(null);
    expect(visible('username')).toBe('taken');
    // The member leaves a field: the background dry run says the username is fine now.
    setSignupField('fullName', 'Ava L.');
    vi.mocked(signupDryRun).mockResolvedValueOnce({ dryrun_passed: true, errors: {} });
    await runSignupDryRun();
    expect(visible('username')).toBe('taken');
    expect(signupState.usernameSuggestions).toEqual(['ava.lindqvist1']);

    vi.mocked(signup).mockReturnValueOnce(new Promise(() => {}));
    void submitEmailSignup(null);
    expect(visible('username')).toBeNull();
  });

  it('a dry run never clears the message of a failed submit', async () => {
    fillForm();
    vi.mocked(signup).mockRejectedValueOnce(new Error('offline'));
    await submitEmailSignup(null);
    expect(signupState.otherError).toBe(GENERIC_SIGNUP_MESSAGE);
    setSignupField('username', 'ava2');
    vi.mocked(signupDryRun).mockResolvedValueOnce({ dryrun_passed: true, errors: {} });
    await runSignupDryRun();
    expect(signupState.otherError).toBe(GENERIC_SIGNUP_MESSAGE);
  });
});

describe('email signup submit', () => {
  it('goes to the safe next target once the account is created', async () => {
    fillForm();
    vi.mocked(signup).mockResolvedValue({ account_created: true, user_id: '7' });
    await submitEmailSignup('/explore/');
    expect(fullPageLoad).toHaveBeenCalledWith('/explore/');
    await submitEmailSignup('//evil.example/');
    expect(fullPageLoad).toHaveBeenLastCalledWith('/');
  });

  it('keeps errors sticky after a failed submit until the next submit, with suggestions', async () => {
    fillForm();
    vi.mocked(signup).mockResolvedValueOnce({
      account_created: false,
      errors: {
        username: [{ message: 'This username isn’t available.', code: 'username_is_taken' }],
      },
      error_type: 'form_validation_error',
      username_suggestions: ['ava.lindqvist1'],
    });
    await submitEmailSignup(null);
    expect(signupState.stickyErrors).toBe(true);
    expect(signupState.fields.username.errorCode).toBe('username_is_taken');
    expect(signupState.usernameSuggestions).toEqual(['ava.lindqvist1']);
    expect(events).toContainEqual({ name: 'signup_error', type: 'form_validation_error' });

    let finish: (value: object) => void = () => {};
    vi.mocked(signup).mockReturnValueOnce(new Promise((resolve) => (finish = resolve)));
    const again = submitEmailSignup(null);
    expect(signupState.stickyErrors).toBe(false);
    finish({ account_created: true });
    await again;
  });

  it('logs in with the same credentials on existing-account code 3', async () => {
    fillForm();
    vi.mocked(signup).mockResolvedValue({ account_created: false, code: 3, errors: {} });
    vi.mocked(login).mockResolvedValue({ authenticated: true, user: true });
    await submitEmailSignup('/p/abc/');
    expect(login).toHaveBeenCalledWith('ava@example.com', 'sunny-harbour-42');
    expect(fullPageLoad).toHaveBeenCalledWith('/p/abc/');
  });

  it('shows a generic error on a network failure and keeps the fields', async () => {
    fillForm();
    vi.mocked(signup).mockRejectedValue(
      new RequestError({
        code: 'network',
        statusCode: 0,
        statusText: '',
        responseText: '',
        parsed: null,
      }),
    );
    await submitEmailSignup(null);
    expect(signupState.otherError).toMatch(/something went wrong/);
    expect(signupState.form.username).toBe('ava.lindqvist');
    expect(signupState.submitting).toBe(false);
  });
});

describe('phone signup', () => {
  const phone = '+15550102030';

  async function reachCodeStep() {
    fillForm(phone);
    vi.mocked(signupDryRun).mockResolvedValue({
      dryrun_passed: false,
      errors: { sms_code: [{ message: 'Enter the code', code: 'conf_code_not_sent' }] },
    });
    vi.mocked(sendSignupSmsCode).mockResolvedValue({ sms_sent: true });
    await startPhoneSignup(null);
  }

  it('dry-runs (sms_code only counts as passing), sends the code and tracks the steps', async () => {
    await reachCodeStep();
    expect(sendSignupSmsCode).toHaveBeenCalledWith(signupState.form.clientId, phone);
    expect(signupState.phoneStep).toBe('enterCode');
    expect(signupState.phoneSteps).toEqual(['details', 'sendingCode', 'enterCode']);
    expect(events).toContainEqual({ name: 'signup_phone_step', step: 'enterCode' });
  });

  it('stays on the details with sticky errors when the dry run fails', async () => {
    fillForm(phone);
    vi.mocked(signupDryRun).mockResolvedValue({
      errors: {
        phone_number: [
          {
            message: 'Looks like your phone number may be incorrect.',
            code: 'invalid_phone_number',
          },
        ],
      },
    });
    await startPhoneSignup(null);
    expect(sendSignupSmsCode).not.toHaveBeenCalled();
    expect(signupState.phoneStep).toBe('details');
    expect(signupState.fields.emailOrPhone.errorCode).toBe('invalid_phone_number');
    expect(signupState.stickyErrors).toBe(true);
  });

  it('refuses to confirm without a code: conf_code_not_sent', async () => {
    await reachCodeStep();
    await confirmSignupCode(null);
    expect(signup).not.toHaveBeenCalled();
    expect(signupState.codeError?.code).toBe('conf_code_not_sent');
    expect(events).toContainEqual({ name: 'signup_error', type: 'confirmation_error' });
  });

  it('confirms with the code and goes to next', async () => {
    await reachCodeStep();
    setSignupCode('123456');
    vi.mocked(signup).mockResolvedValue({ account_created: true, user_id: '9' });
    await confirmSignupCode('/explore/');
    expect(vi.mocked(signup).mock.calls[0][0]).toMatchObject({
      phone_number: phone,
      sms_code: '123456',
    });
    expect(fullPageLoad).toHaveBeenCalledWith('/explore/');
  });

  it('shows a wrong code on the code step', async () => {
    await reachCodeStep();
    setSignupCode('000000');
    vi.mocked(signup).mockResolvedValue({
      account_created: false,
      errors: { sms_code: [{ message: "That code isn't valid.", code: 'invalid_sms_code' }] },
      error_type: 'confirmation_error',
    });
    await confirmSignupCode(null);
    expect(signupState.phoneStep).toBe('enterCode');
    expect(signupState.codeError).toEqual({
      message: "That code isn't valid.",
      code: 'invalid_sms_code',
    });
  });

  it('a resend refused (too soon) is said beside the form, not as an error of the code', async () => {
    await reachCodeStep();
    setSignupCode('123');
    vi.mocked(sendSignupSmsCode).mockRejectedValueOnce(new Error('too soon'));
    await resendSignupCode();
    expect(signupState.phoneStep).toBe('enterCode');
    expect(signupState.codeError).toBeNull();
    expect(signupState.otherError).toBe("Couldn't send the code. Please try again.");
  });

  it('resends to the same number, or to a new number after change number', async () => {
    await reachCodeStep();
    await resendSignupCode();
    expect(sendSignupSmsCode).toHaveBeenLastCalledWith(signupState.form.clientId, phone);
    expect(signupState.codeNotice).toMatch(/new code/);

    startChangeNumber();
    expect(signupState.phoneStep).toBe('changeNumber');
    setNewPhone('+15550109999');
    vi.mocked(signupDryRun).mockResolvedValue({ dryrun_passed: true, errors: {} });
    await sendCodeToNewNumber();
    expect(sendSignupSmsCode).toHaveBeenLastCalledWith(signupState.form.clientId, '+15550109999');
    expect(signupState.form.emailOrPhone).toBe('+15550109999');
    expect(signupState.codeSentTo).toBe('+15550109999');
    expect(signupState.phoneStep).toBe('enterCode');
  });

  it('keeps the old number when the new one is refused', async () => {
    await reachCodeStep();
    startChangeNumber();
    setNewPhone('+1555');
    vi.mocked(signupDryRun).mockResolvedValue({
      errors: { phone_number: [{ message: 'Invalid number', code: 'invalid_phone_number' }] },
    });
    await sendCodeToNewNumber();
    expect(signupState.form.emailOrPhone).toBe(phone);
    expect(signupState.codeError?.message).toBe('Invalid number');
    expect(signupState.phoneStep).toBe('changeNumber');
  });
});
