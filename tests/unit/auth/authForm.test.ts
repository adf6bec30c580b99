// @vitest-environment node
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  authFormState,
  resetAuthForms,
  switchAuthForm,
  switchToExternalLogin,
} from '../../../src/state/authForm';
import { loginState, setLoginField } from '../../../src/state/authLogin';
import { externalState } from '../../../src/state/external';
import { setSignupField, signupState } from '../../../src/state/signup';
import { startTwoFactor, twoFactorState } from '../../../src/state/twoFactor';

const info = {
  two_factor_identifier: 'tf-1',
  obfuscated_phone_number: '+1 ••• 0123',
  username: 'ava',
};

beforeEach(() => resetAuthForms());
afterEach(() => resetAuthForms());

describe('auth form type', () => {
  it('switching resets the other forms and keeps the chosen one', () => {
    setLoginField('identifier', 'ava');
    setSignupField('username', 'ava.lindqvist');
    startTwoFactor(info);
    switchAuthForm('login');
    expect(authFormState.type).toBe('login');
    expect(loginState.identifier).toBe('ava');
    expect(signupState.form.username).toBe('');
    expect(twoFactorState.identifier).toBe('');

    setLoginField('identifier', 'ava');
    switchAuthForm('signup');
    expect(loginState.identifier).toBe('');
  });

  it('moves through every form type', () => {
    for (const type of [
      'signup',
      'login',
      'fbLogin',
      'oneTapLogin',
      'twoFactor',
      'captcha',
    ] as const) {
      switchAuthForm(type);
      expect(authFormState.type).toBe(type);
    }
  });

  it('switching to two-factor keeps the challenge', () => {
    startTwoFactor(info);
    switchAuthForm('twoFactor');
    expect(twoFactorState.identifier).toBe('tf-1');
  });

  it('external login falls back to the given fallback, or to login, when not possible', () => {
    expect(switchToExternalLogin('signup', false)).toBe('signup');
    expect(authFormState.type).toBe('signup');
    expect(switchToExternalLogin(undefined, false)).toBe('login');
    expect(switchToExternalLogin('signup', true)).toBe('fbLogin');
    expect(authFormState.type).toBe('fbLogin');
  });

  it('leaving external login resets its flow', () => {
    switchAuthForm('fbLogin');
    externalState.flow = 'working';
    externalState.message = 'x';
    switchAuthForm('login');
    expect(externalState.flow).toBe('idle');
    expect(externalState.message).toBeNull();
  });
});
