// @vitest-environment node
import { describe, expect, it } from 'vitest';
import {
  GENERIC_SIGNUP_MESSAGE,
  contactKind,
  dryRunPassed,
  fieldResults,
  formKey,
  isValidated,
  visibleError,
  otherError,
  signupPayload,
  type FieldResult,
  type SignupForm,
} from '../../../src/state/signupRules';

const form = (over: Partial<SignupForm> = {}): SignupForm => ({
  emailOrPhone: 'ava@example.com',
  fullName: 'Ava Lindqvist',
  username: 'ava.lindqvist',
  password: 'sunny-harbour-42',
  captcha: '',
  smsCode: '',
  clientId: 'client-1',
  ...over,
});

describe('contactKind', () => {
  it('tells an email from a phone number by the input', () => {
    expect(contactKind('ava@example.com')).toBe('email');
    expect(contactKind('+1 (555) 010-2030')).toBe('phone');
    expect(contactKind('ava')).toBe('email');
  });
});

describe('signupPayload', () => {
  it('sends the email as email, the full name as first_name and only strings', () => {
    const payload = signupPayload(form());
    expect(payload).toEqual({
      email: 'ava@example.com',
      password: 'sunny-harbour-42',
      username: 'ava.lindqvist',
      first_name: 'Ava Lindqvist',
      captcha: undefined,
      sms_code: undefined,
      client_id: 'client-1',
      seamless_login_enabled: '1',
    });
  });

  it('sends a phone number as phone_number, and captcha and SMS code when present', () => {
    const payload = signupPayload(
      form({ emailOrPhone: '+15550102030', captcha: 'abc', smsCode: '123456' }),
      {
        withSmsCode: true,
      },
    );
    expect(payload.phone_number).toBe('+15550102030');
    expect(payload.email).toBeUndefined();
    expect(payload.captcha).toBe('abc');
    expect(payload.sms_code).toBe('123456');
  });
});

describe('fieldResults', () => {
  it('maps server keys onto the fields, email or phone_number by the input', () => {
    const errors = {
      email: [{ message: 'Another account is using this email.', code: 'email_is_taken' }],
      phone_number: [{ message: 'phone error', code: 'x' }],
      first_name: ['Too long'],
      username: [],
    };
    const results = fieldResults(errors, form());
    expect(results.emailOrPhone).toMatchObject({
      error: 'Another account is using this email.',
      errorCode: 'email_is_taken',
      validated: false,
    });
    expect(results.fullName).toMatchObject({ error: 'Too long', errorCode: null });
    expect(fieldResults(errors, form({ emailOrPhone: '+15550102030' })).emailOrPhone.error).toBe(
      'phone error',
    );
  });

  it('validates a field when its input is non-empty and has no error', () => {
    const results = fieldResults({}, form({ fullName: '' }));
    expect(results.username.validated).toBe(true);
    expect(results.fullName.validated).toBe(false);
  });
});

describe('otherError', () => {
  const clean = fieldResults({}, form());
  it('surfaces client_id or sms_code errors on the real call when no field has an error', () => {
    expect(
      otherError({ client_id: [{ message: 'bad client', code: 1 }] }, clean, false)?.message,
    ).toBe('bad client');
    expect(
      otherError({ sms_code: [{ message: 'bad code', code: 2 }] }, clean, false)?.message,
    ).toBe('bad code');
    expect(otherError({}, clean, false)?.message).toBe(GENERIC_SIGNUP_MESSAGE);
  });

  it('surfaces nothing for a dry run or when a field has an error', () => {
    expect(otherError({ sms_code: [{ message: 'x' }] }, clean, true)).toBeNull();
    const withFieldError = fieldResults({ username: [{ message: 'taken' }] }, form());
    expect(otherError({ client_id: [{ message: 'x' }] }, withFieldError, false)).toBeNull();
  });
});

describe('dryRunPassed', () => {
  it('counts a dry run whose only error is sms_code as passing', () => {
    expect(dryRunPassed({ dryrun_passed: false, errors: { sms_code: [{ message: 'x' }] } })).toBe(
      true,
    );
    expect(dryRunPassed({ dryrun_passed: true, errors: {} })).toBe(true);
    expect(
      dryRunPassed({
        errors: { sms_code: [{ message: 'x' }], username: [{ message: 'taken' }] },
      }),
    ).toBe(false);
    expect(dryRunPassed({ code: 3, errors: {} })).toBe(false);
  });
});

describe('visibleError', () => {
  const result: FieldResult = { error: 'taken', errorCode: 'x', validated: false, value: 'ava' };
  const base = {
    value: 'ava',
    result,
    sticky: null,
    focusedField: null,
    leftFields: [] as const,
  };

  it('shows an error of a field that was focused and left, or is not in progress', () => {
    expect(visibleError('username', { ...base, focusedField: 'username', leftFields: [] })).toBe(
      null,
    );
    expect(
      visibleError('username', { ...base, focusedField: 'username', leftFields: ['username'] }),
    ).toBe('taken');
    expect(visibleError('username', { ...base, focusedField: 'password' })).toBe('taken');
  });

  it('never shows an empty field, or one changed since it was checked, as an error', () => {
    expect(visibleError('username', { ...base, value: '' })).toBe(null);
    expect(visibleError('username', { ...base, value: 'ava2' })).toBe(null);
  });

  it('never shows an answer about an older input: "Enter a password." under a filled password', () => {
    const emptyPassword: FieldResult = {
      error: 'Enter a password.',
      errorCode: 'blank',
      validated: false,
      value: '',
    };
    expect(
      visibleError('password', { ...base, value: 'sunny-harbour-42', result: emptyPassword }),
    ).toBe(null);
  });

  it('shows the failed submit’s errors whatever the focus and whatever later dry runs said', () => {
    const passed: FieldResult = { error: null, errorCode: null, validated: true, value: 'ava' };
    expect(
      visibleError('username', {
        ...base,
        value: '',
        result: passed,
        sticky: result,
        focusedField: 'username',
      }),
    ).toBe('taken');
  });
});

describe('isValidated', () => {
  it('marks a field only while it holds the input the server accepted', () => {
    const ok: FieldResult = { error: null, errorCode: null, validated: true, value: 'ava' };
    expect(isValidated(ok, 'ava')).toBe(true);
    expect(isValidated(ok, 'ava2')).toBe(false);
  });
});

describe('formKey', () => {
  it('changes when a checked field changes', () => {
    expect(formKey(form())).toBe(formKey(form({ smsCode: '1' })));
    expect(formKey(form())).not.toBe(formKey(form({ username: 'other' })));
  });
});
