import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from '../../../src/lib/router';
import PasswordResetConfirmPage from '../../../src/features/auth/PasswordResetConfirmPage';
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

  it('the new password typed twice differently, on the reset link page', async () => {
    render(
      <MemoryRouter initialEntries={['/accounts/password/reset/confirm/?uid=1&token=t']}>
        <PasswordResetConfirmPage />
      </MemoryRouter>,
    );
    await userEvent.type(screen.getByLabelText('New password'), 'fresh-pass-1');
    await userEvent.type(screen.getByLabelText('New password, again'), 'fresh-pass-2');
    const again = screen.getByLabelText('New password, again');
    expect(again).toHaveAttribute('aria-invalid', 'true');
    expect(again).toHaveAccessibleDescription('Please make sure both passwords match.');
    expect(screen.getByLabelText('New password')).not.toHaveAttribute('aria-invalid');
  });
});
