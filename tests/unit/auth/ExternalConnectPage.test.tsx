import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { RequestError } from '../../../src/api/client';
import { connectExternalAccount, exchangeExternalCode } from '../../../src/api/external';
import { fullPageLoad } from '../../../src/lib/navigation';
import ExternalConnectPage from '../../../src/features/auth/ExternalConnectPage';
import { setExternalLoginProvider } from '../../../src/lib/externalProvider';
import { MemoryRouter, Route, Routes } from '../../../src/lib/router';
import { resetToastState } from '../../../src/state/toast';
import { ToastHost } from '../../../src/app/ToastHost';

vi.mock('../../../src/api/external', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../../src/api/external')>()),
  exchangeExternalCode: vi.fn(),
  connectExternalAccount: vi.fn(),
}));
vi.mock('../../../src/lib/navigation', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../../src/lib/navigation')>()),
  fullPageLoad: vi.fn(),
}));

const provider = {
  name: 'Test Provider',
  authorizeUrl: (returnPath: string) => `/provider/?back=${encodeURIComponent(returnPath)}`,
  status: vi.fn(),
  profile: vi.fn(),
};

const refused = (message: string) =>
  new RequestError({
    code: 'http',
    statusCode: 400,
    statusText: '',
    responseText: '',
    parsed: { status: 'fail', message },
  });

function renderPage(code: string) {
  render(
    <MemoryRouter initialEntries={[`/accounts/connect/external/?next=%2Fexplore%2F&code=${code}`]}>
      <Routes>
        <Route path="/accounts/connect/external/" element={<ExternalConnectPage />} />
        <Route path="/explore/" element={<h1>Explore</h1>} />
      </Routes>
      <ToastHost />
    </MemoryRouter>,
  );
}

beforeEach(() => {
  setExternalLoginProvider(provider);
  resetToastState();
});
afterEach(() => {
  setExternalLoginProvider(undefined);
  vi.clearAllMocks();
});

describe('/accounts/connect/external/ back from the provider', () => {
  it('retries the connect with the token the single-use code gave', async () => {
    vi.mocked(exchangeExternalCode).mockResolvedValueOnce({ access_token: 'tok' });
    vi.mocked(connectExternalAccount)
      .mockRejectedValueOnce(refused('Try again later.'))
      .mockResolvedValueOnce({ connected: true, name: 'Alex Rivera' } as never);
    renderPage('first-code');
    expect(
      await screen.findByText("Couldn't connect your account. Try again later."),
    ).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('heading', { name: 'Explore' })).toBeInTheDocument();
    expect(screen.getByText('Hi Alex Rivera! Your account is now connected.')).toBeInTheDocument();
    expect(exchangeExternalCode).toHaveBeenCalledTimes(1);
    expect(vi.mocked(connectExternalAccount).mock.calls).toEqual([['tok'], ['tok']]);
  });

  it('a code that no longer works is reported, and Retry asks the provider again', async () => {
    vi.mocked(exchangeExternalCode).mockRejectedValueOnce(
      refused('This login link has expired. Please try again.'),
    );
    renderPage('dead-code');
    const text = "Couldn't connect your account. This login link has expired. Please try again.";
    await waitFor(() => expect(screen.getAllByText(text).length).toBe(2));
    expect(screen.getByRole('alert')).toHaveTextContent(text);
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(fullPageLoad).toHaveBeenCalledWith(
      `/provider/?back=${encodeURIComponent('/accounts/connect/external/?next=%2Fexplore%2F')}`,
    );
    expect(connectExternalAccount).not.toHaveBeenCalled();
  });
});
