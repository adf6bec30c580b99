import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from '../../../src/lib/router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { MobileHeader } from '../../../src/app/nav/MobileHeader';
import { storyDraft } from '../../../src/state/storyDraft';
import { resetStoryDraft } from '../../../src/state/storyDraftActions';
import { setMember, viewerFixture } from '../app/session';

beforeEach(() => {
  // The camera shows only with the 'stories' feature switch on, as the server sends it.
  setMember();
  resetStoryDraft();
});

describe('mobile header "New story"', () => {
  it('opens the file picker; the chosen photo opens the composer with it', async () => {
    const router = createMemoryRouter(
      [
        { path: '/', element: <MobileHeader viewer={viewerFixture} /> },
        { path: '/create/story/', element: <h1>Composer</h1> },
      ],
      { initialEntries: ['/'] },
    );
    render(<RouterProvider router={router} />);
    const picker = document.querySelector<HTMLInputElement>('input[type="file"]')!;
    const opened = vi.fn();
    picker.addEventListener('click', opened);
    await userEvent.click(screen.getByRole('button', { name: 'New story' }));
    expect(opened).toHaveBeenCalled();

    const photo = new File([new Uint8Array([0xff, 0xd8, 0xff])], 'me.jpg', { type: 'image/jpeg' });
    await userEvent.upload(picker, photo);
    expect(await screen.findByRole('heading', { name: 'Composer' })).toBeVisible();
    expect(storyDraft.sourceFile).toBe(photo);
    expect(storyDraft.logData.entry_point).toBe('quick_cam_button');
    expect(storyDraft.logData.start_time).toBeGreaterThan(0);
  });
});
