import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { usernameSuggestions } from '../../../src/api/accounts';
import { RequestError } from '../../../src/api/client';
import {
  connectExternalAccount,
  exchangeExternalCode,
  externalLinkedAccount,
  externalLogin,
  externalSignup,
  externalSignupDryRun,
} from '../../../src/api/external';
import { fullPageLoad } from '../../../src/lib/navigation';
import {
  isExternalLoginAvailable,
  isProductHost,
  setExternalLoginProvider,
  standInProvider,
  type ExternalLoginProvider,
} from '../../../src/lib/externalProvider';
import {
  externalSignupState,
  runExternalSignupDryRun,
  setExternalSignupField,
  submitExternalSignup,
} from '../../../src/state/authExternalSignup';
import { authFormState, resetAuthForms } from '../../../src/state/authForm';
import {
  EXTERNAL_CANCELLED_MESSAGE,
  beginExternalLogin,
  completeExternalReturn,
  connectExternal,
  externalState,
  startExternalStatusChecks,
} from '../../../src/state/external';
import { resetToastState, toastState } from '../../../src/state/toast';

vi.mock('../../../src/api/accounts', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../../src/api/accounts')>()),
  usernameSuggestions: vi.fn(),
}));
vi.mock('../../../src/api/external', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../../src/api/external')>()),
  exchangeExternalCode: vi.fn(),
  externalLogin: vi.fn(),
  externalLinkedAccount: vi.fn(),
  externalSignup: vi.fn(),
  externalSignupDryRun: vi.fn(),
  connectExternalAccount: vi.fn(),
}));
vi.mock('../../../src/lib/navigation', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../../src/lib/navigation')>()),
  fullPageLoad: vi.fn(),
}));

const profile = {
  name: 'Alex Rivera',
  email: 'alex@example.com',
  phone: null,
  profilePicUrl: null,
};
const provider = {
  name: 'Test Provider',
  authorizeUrl: vi.fn((returnPath: string) => `/provider/?back=${encodeURIComponent(returnPath)}`),
  status: vi.fn<ExternalLoginProvider['status']>(),
  profile: vi.fn<ExternalLoginProvider['profile']>(),
};

function fail(parsed: Record<string, unknown>) {
  return new RequestError({
    code: 'http',
    statusCode: 400,
    statusText: '',
    responseText: '',
    parsed,
  });
}

beforeEach(() => {
  setExternalLoginProvider(provider);
  provider.status.mockResolvedValue({ status: 'unknown' });
  provider.profile.mockResolvedValue(profile);
  resetAuthForms();
  resetToastState();
  externalState.status = 'unknown';
  externalState.accessToken = null;
  externalState.name = null;
});
afterEach(() => {
  setExternalLoginProvider(undefined);
  vi.clearAllMocks();
  vi.useRealTimers();
});

describe('the stand-in provider', () => {
  it('asks for the email scope with the SDK version of spec §9', () => {
    const url = new URL(standInProvider.authorizeUrl('/accounts/login/'), 'http://localhost');
    expect(url.pathname).toBe('/dev/external-provider/');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      redirect_uri: '/accounts/login/',
      scope: 'email',
      version: 'v2.2',
    });
  });
});

describe('where external login is offered', () => {
  it('only on the product hosts (local ones outside production)', () => {
    expect(isProductHost('glint.app', 'production')).toBe(true);
    expect(isProductHost('www.glint.app', 'production')).toBe(true);
    expect(isProductHost('glint.app.evil.example', 'production')).toBe(false);
    expect(isProductHost('localhost', 'production')).toBe(false);
    expect(isProductHost('127.0.0.1', 'development')).toBe(true);
  });

  it('not in CN, IR, CU, KP, nor without a provider', () => {
    expect(isExternalLoginAvailable('glint.app', 'US')).toBe(true);
    for (const country of ['CN', 'IR', 'CU', 'KP', 'kp']) {
      expect(isExternalLoginAvailable('glint.app', country)).toBe(false);
    }
    setExternalLoginProvider(null);
    expect(isExternalLoginAvailable('glint.app', 'US')).toBe(false);
  });
});

describe('external login status', () => {
  it('is checked on load, after 5 s and every 5 minutes', async () => {
    vi.useFakeTimers();
    provider.status.mockResolvedValue({ status: 'authorized', accessToken: 'tok', userId: 'p1' });
    const stop = startExternalStatusChecks();
    expect(provider.status).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(5000);
    expect(provider.status).toHaveBeenCalledTimes(2);
    expect(externalState).toMatchObject({
      status: 'authorized',
      accessToken: 'tok',
      name: 'Alex Rivera',
    });
    await vi.advanceTimersByTimeAsync(300_000);
    expect(provider.status).toHaveBeenCalledTimes(3);
    stop();
    await vi.advanceTimersByTimeAsync(300_000);
    expect(provider.status).toHaveBeenCalledTimes(3);
  });

  it('a not-authorized answer drops the token', async () => {
    vi.useFakeTimers();
    externalState.accessToken = 'old';
    provider.status.mockResolvedValue({ status: 'not_authorized' });
    const stop = startExternalStatusChecks();
    await vi.advanceTimersByTimeAsync(0);
    expect(externalState).toMatchObject({ status: 'not_authorized', accessToken: null });
    stop();
  });
});

describe('external login', () => {
  it('goes to the provider with the return path when not yet authorized', () => {
    beginExternalLogin('/accounts/login/?next=%2Fexplore%2F', '/explore/');
    expect(fullPageLoad).toHaveBeenCalledWith(
      '/provider/?back=%2Faccounts%2Flogin%2F%3Fnext%3D%252Fexplore%252F',
    );
    expect(authFormState.type).toBe('fbLogin');
  });

  it('logs in at once with the token of an authorized status', async () => {
    externalState.status = 'authorized';
    externalState.accessToken = 'tok';
    vi.mocked(externalLogin).mockResolvedValueOnce({ authenticated: true });
    beginExternalLogin('/accounts/login/', null);
    await vi.waitFor(() => expect(fullPageLoad).toHaveBeenCalledWith('/'));
    expect(externalLogin).toHaveBeenCalledWith('tok');
  });

  it('exchanges the returned code (bound to the return URL) and logs in to next', async () => {
    vi.mocked(exchangeExternalCode).mockResolvedValueOnce({ access_token: 'tok' });
    vi.mocked(externalLogin).mockResolvedValueOnce({ authenticated: true });
    await completeExternalReturn({
      code: 'c1',
      error: null,
      returnURL: '/accounts/login/?next=%2Fexplore%2F&code=c1',
      next: '//evil.example/',
    });
    expect(exchangeExternalCode).toHaveBeenCalledWith(
      'c1',
      '/accounts/login/?next=%2Fexplore%2F&code=c1',
    );
    expect(fullPageLoad).toHaveBeenCalledWith('/');
  });

  it('a cancelled consent says so', async () => {
    await completeExternalReturn({
      code: null,
      error: 'access_denied',
      returnURL: '/',
      next: null,
    });
    expect(externalState).toMatchObject({ flow: 'idle', message: EXTERNAL_CANCELLED_MESSAGE });
    expect(exchangeExternalCode).not.toHaveBeenCalled();
  });

  it('opens external signup, prefilled from the provider, when no account is linked', async () => {
    vi.mocked(exchangeExternalCode).mockResolvedValueOnce({ access_token: 'tok' });
    vi.mocked(externalLogin).mockRejectedValueOnce(
      fail({ status: 'fail', message: 'No account linked', fb_signup_possible: true }),
    );
    vi.mocked(externalLinkedAccount).mockResolvedValueOnce({
      fb_linked_account: null,
      email_taken: false,
      phone_taken: false,
    });
    vi.mocked(usernameSuggestions).mockResolvedValueOnce({ suggestions: ['alexrivera'] });
    await completeExternalReturn({
      code: 'c1',
      error: null,
      returnURL: '/accounts/login/?code=c1',
      next: null,
    });
    expect(externalState.flow).toBe('signup');
    expect(externalSignupState.form).toEqual({
      fullName: 'Alex Rivera',
      username: 'alexrivera',
      email: 'alex@example.com',
      password: '',
    });

    vi.mocked(externalSignup).mockResolvedValueOnce({ account_created: true, user_id: '9' });
    await submitExternalSignup('/explore/');
    expect(externalSignup).toHaveBeenCalledWith({
      fb_access_token: 'tok',
      first_name: 'Alex Rivera',
      username: 'alexrivera',
      password: '',
      email: 'alex@example.com',
    });
    expect(fullPageLoad).toHaveBeenCalledWith('/explore/');
  });

  it('a taken email is not prefilled and is reported; signup errors show per field', async () => {
    vi.mocked(externalLogin).mockRejectedValueOnce(
      fail({ status: 'fail', message: 'x', fb_signup_possible: true }),
    );
    vi.mocked(externalLinkedAccount).mockResolvedValueOnce({
      fb_linked_account: { username: 'alex', profile_pic_url: '' },
      email_taken: true,
      phone_taken: false,
    });
    vi.mocked(usernameSuggestions).mockResolvedValueOnce({ suggestions: [] });
    vi.mocked(exchangeExternalCode).mockResolvedValueOnce({ access_token: 'tok' });
    await completeExternalReturn({ code: 'c2', error: null, returnURL: '/?code=c2', next: null });
    expect(externalSignupState).toMatchObject({
      emailTaken: true,
      linkedAccount: { username: 'alex' },
    });
    expect(externalSignupState.form.email).toBe('');

    setExternalSignupField('username', 'taken');
    vi.mocked(externalSignup).mockResolvedValueOnce({
      account_created: false,
      errors: { username: [{ message: 'Taken', code: 'username_is_taken' }] },
      username_suggestions: ['alex.r'],
    });
    await submitExternalSignup(null);
    expect(externalSignupState.errors).toEqual({ username: 'Taken' });
    expect(externalSignupState.usernameSuggestions).toEqual(['alex.r']);
  });
});

describe('external signup under fast input (issue 17)', () => {
  beforeEach(() => {
    externalSignupState.token = 'tok';
    externalSignupState.errors = {};
    externalSignupState.stickyErrors = false;
    externalSignupState.lastResultKey = null;
    externalSignupState.form = { fullName: '', username: '', email: 'a@example.com', password: '' };
  });

  it('never shows a dry-run answer about older values', async () => {
    let answer: (value: object) => void = () => {};
    vi.mocked(externalSignupDryRun).mockReturnValueOnce(
      new Promise((resolve) => (answer = resolve)),
    );
    const dryRun = runExternalSignupDryRun();
    setExternalSignupField('username', 'alex.rivera');
    answer({ errors: { username: [{ message: 'Enter a username.', code: 'blank' }] } });
    await dryRun;
    expect(externalSignupState.errors).toEqual({});
  });

  it('keeps a failed submit’s errors through later dry runs until the next submit', async () => {
    setExternalSignupField('username', 'taken');
    vi.mocked(externalSignup).mockResolvedValueOnce({
      account_created: false,
      errors: { username: [{ message: 'Taken', code: 'username_is_taken' }] },
    });
    await submitExternalSignup(null);
    setExternalSignupField('fullName', 'Alex');
    vi.mocked(externalSignupDryRun).mockResolvedValueOnce({ dryrun_passed: true, errors: {} });
    await runExternalSignupDryRun();
    expect(externalSignupState.errors).toEqual({ username: 'Taken' });
  });
});

describe('connecting the external account', () => {
  it('greets by name and follows a valid redirect', async () => {
    vi.mocked(connectExternalAccount).mockResolvedValueOnce({
      connected: true,
      name: 'Alex Rivera',
    });
    const navigate = vi.fn();
    await connectExternal('tok', '/explore/people/', navigate, vi.fn());
    expect(navigate).toHaveBeenCalledWith('/explore/people/');
    expect(toastState.current).toMatchObject({
      text: 'Hi Alex Rivera! Your account is now connected.',
    });
  });

  it('follows a valid redirect without a leading slash from the root, not from the page', async () => {
    for (const [redirect, target] of [
      ['explore/people/', '/explore/people/'],
      ['demo', '/demo'],
    ]) {
      vi.mocked(connectExternalAccount).mockResolvedValueOnce({ connected: true });
      const navigate = vi.fn();
      await connectExternal('tok', redirect, navigate, vi.fn());
      expect(navigate).toHaveBeenCalledWith(target);
    }
  });

  it('goes home for an invalid redirect (http, //, other characters)', async () => {
    for (const redirect of ['http://evil.example/', '//evil.example', '/a?b=c', '/a-b/', null]) {
      vi.mocked(connectExternalAccount).mockResolvedValueOnce({ connected: true });
      const navigate = vi.fn();
      await connectExternal('tok', redirect, navigate, vi.fn());
      expect(navigate).toHaveBeenCalledWith('/');
    }
    expect(toastState.current?.text).toBe('Your account is now connected.');
  });

  it('a failure toast varies by the known name and offers Retry unless it redirects', async () => {
    externalState.name = 'Alex Rivera';
    vi.mocked(connectExternalAccount).mockRejectedValueOnce(
      fail({ status: 'fail', message: 'Already linked.' }),
    );
    const retry = vi.fn();
    await connectExternal('tok', null, vi.fn(), retry);
    expect(toastState.current).toMatchObject({
      text: "Couldn't connect Alex Rivera's account. Already linked.",
      actionText: 'Retry',
    });
    externalState.name = null;
    vi.mocked(connectExternalAccount).mockRejectedValueOnce(
      fail({ status: 'fail', message: 'Check', redirect_url: '/challenge/' }),
    );
    await connectExternal('tok', null, vi.fn(), retry);
    expect(toastState.current?.text).toBe("Couldn't connect your account. Check");
    expect(toastState.current?.actionText).toBeUndefined();
    vi.mocked(connectExternalAccount).mockRejectedValueOnce(
      fail({ status: 'fail', message: 'Verify', checkpoint_url: '/challenge/' }),
    );
    await connectExternal('tok', null, vi.fn(), retry);
    expect(toastState.current?.text).toBe("Couldn't connect your account. Verify");
    expect(toastState.current?.actionText).toBeUndefined();
  });
});
