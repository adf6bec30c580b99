import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SearchBox } from '../../../src/app/nav/SearchBox';
import { MemoryRouter } from '../../../src/lib/router';
import { resetSearch } from '../../../src/state/search';
import { resetToastState, toastState } from '../../../src/state/toast';
import { setSearchQuery } from '../../../src/state/ui';
import { LOAD_FAILED_TEXT } from '../../../src/app/lazyComponent';
import { jsonResponse, stubFetch } from '../api/fetchMock';

// The search code cannot be downloaded until `offline` is turned off.
const network = vi.hoisted(() => ({ offline: true }));
vi.mock('../../../src/features/search/SearchSession', async (importOriginal) => {
  if (network.offline) throw new TypeError('Failed to fetch dynamically imported module');
  return importOriginal();
});

beforeEach(() => {
  act(() => {
    setSearchQuery('');
    resetSearch();
  });
});
afterEach(() => {
  vi.unstubAllGlobals();
  resetToastState();
});

describe('search box whose code cannot load', () => {
  it('says so, and searches with the next keystroke once the code can load', async () => {
    const fetch = stubFetch(() =>
      jsonResponse({ users: [], hashtags: [], places: [], rank_token: 'rt', status: 'ok' }),
    );
    render(
      <MemoryRouter initialEntries={['/explore/search/']}>
        <SearchBox />
      </MemoryRouter>,
    );
    const box = screen.getByRole('combobox', { name: 'Search' });
    await userEvent.type(box, 'a');
    await waitFor(() => expect(toastState.current?.text).toBe(LOAD_FAILED_TEXT));
    expect(fetch).not.toHaveBeenCalled();

    network.offline = false;
    await userEvent.type(box, 'n');
    await waitFor(() => expect(fetch).toHaveBeenCalled());
    const url = new URL(String(fetch.mock.calls.at(-1)?.[0]), 'http://x');
    expect(url.searchParams.get('query')).toBe('an');
  });
});
