import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fetchReelsMedia, fetchReelsTray } from '../../../src/api/stories';
import { StoryTray } from '../../../src/features/stories/StoryTray';
import { MemoryRouter, Route, Routes, useNavigate } from '../../../src/lib/router';
import { resetToastState, toastState } from '../../../src/state/toast';
import { setMember, setVisitor } from '../app/session';
import { wireReel } from './fixtures';

vi.mock('../../../src/api/stories', () => ({
  fetchReelsTray: vi.fn(),
  fetchReelsMedia: vi.fn(),
  postReelSeen: vi.fn(),
}));

// The viewer's code is still downloading (slow network) until the test lets it through.
const download = vi.hoisted(() => {
  let finish = () => {};
  const done = new Promise<void>((resolve) => (finish = resolve));
  return { done, finish: () => finish() };
});
vi.mock('../../../src/state/storiesActions', async (importOriginal) => {
  await download.done;
  return importOriginal();
});

function ViewerStandIn() {
  const navigate = useNavigate();
  return (
    <button type="button" onClick={() => navigate(-1)}>
      Close
    </button>
  );
}

beforeEach(() => {
  setMember();
  const t = Math.floor(Date.now() / 1000);
  vi.mocked(fetchReelsTray).mockResolvedValue([
    { ...wireReel('b', [t - 100]), user: { id: 'b', username: 'bea', profile_pic_url: '' } },
  ]);
  vi.mocked(fetchReelsMedia).mockRejectedValue(new TypeError('Failed to fetch'));
});
afterEach(() => {
  setVisitor();
  resetToastState();
  vi.clearAllMocks();
});

describe('story tray, viewer left before its code arrived', () => {
  it('does not open the reel (nor report its failure) after the member came back', async () => {
    render(
      <MemoryRouter initialEntries={['/']}>
        <Routes>
          <Route path="/" element={<StoryTray />} />
          <Route path="/stories/:username/" element={<ViewerStandIn />} />
        </Routes>
      </MemoryRouter>,
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Story by bea, not seen' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Close' }));
    expect(await screen.findByRole('region', { name: 'Stories' })).toBeInTheDocument();

    await act(async () => {
      download.finish();
      await new Promise((resolve) => setTimeout(resolve, 50));
    });
    expect(fetchReelsMedia).not.toHaveBeenCalled();
    expect(toastState.current).toBeNull();
  });
});
