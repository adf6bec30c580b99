import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { PhoneCodeStep } from '../../../src/features/auth/PhoneCodeStep';
import { TwoFactorForm } from '../../../src/features/auth/TwoFactorForm';
import { resetTwoFactor, twoFactorState } from '../../../src/state/twoFactor';
import { signupState } from '../../../src/state/signup';

afterEach(() => {
  resetTwoFactor();
  signupState.codeError = null;
  signupState.otherError = null;
});

describe('a wrong code is announced and tied to its field', () => {
  it('two-factor login', () => {
    Object.assign(twoFactorState, {
      message: 'Please check the security code and try again.',
      messageIsError: true,
    });
    render(<TwoFactorForm next={null} />);
    const field = screen.getByLabelText('Security code');
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(field).toHaveAccessibleDescription('Please check the security code and try again.');
    expect(screen.getByRole('alert')).toHaveTextContent('Please check the security code');
  });

  it('the phone signup code', () => {
    signupState.phoneStep = 'enterCode';
    signupState.codeError = {
      message: "That code isn't valid. You can request a new one.",
      code: 'invalid_sms_code',
    };
    render(<PhoneCodeStep next={null} />);
    const field = screen.getByLabelText('Confirmation code');
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(field).toHaveAccessibleDescription("That code isn't valid. You can request a new one.");
    expect(screen.getByRole('alert')).toHaveTextContent("That code isn't valid.");
  });
});
