import { render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { networkError } from '../../../src/api/requestError';
import { fetchFeedPage } from '../../../src/api/feed';
import { Feed } from '../../../src/features/feed/Feed';
import { MemoryRouter } from '../../../src/lib/router';
import { OFFLINE_TOAST } from '../../../src/state/createStaging';
import { resetFeedState } from '../../../src/state/feed';
import { resetToastState, showToast, toastState } from '../../../src/state/toast';
import { setMember, setVisitor } from '../app/session';

vi.mock('../../../src/api/feed', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../../src/api/feed')>()),
  fetchFeedPage: vi.fn(),
}));

function renderFeed() {
  render(
    <MemoryRouter initialEntries={['/']}>
      <Feed />
    </MemoryRouter>,
  );
}

beforeEach(() => {
  resetFeedState();
  resetToastState();
  setMember();
  vi.mocked(fetchFeedPage).mockRejectedValue(networkError('network', 'offline'));
});
afterEach(() => {
  setVisitor();
  vi.unstubAllGlobals();
  vi.clearAllMocks();
});

describe('feed failure while offline', () => {
  it('keeps the "You\'re offline" toast of a post that was not shared', async () => {
    vi.stubGlobal('navigator', { ...navigator, onLine: false });
    showToast({ text: OFFLINE_TOAST, actionText: 'OK', onAction: () => {} });
    renderFeed();
    expect(await screen.findByText("Couldn't load posts.")).toBeInTheDocument();
    expect(toastState.current?.text).toBe(OFFLINE_TOAST);
  });

  it('online, a failed load still says so in a toast with Retry', async () => {
    showToast({ text: 'Something else' });
    renderFeed();
    await screen.findByText("Couldn't load posts.");
    expect(toastState.current).toMatchObject({ text: "Couldn't load posts.", actionText: 'Retry' });
  });
});
