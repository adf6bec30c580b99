import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { inspectPhoto } from '../../../src/media/mediaClient';
import { MemoryRouter } from '../../../src/lib/router';
import { CarouselTray } from '../../../src/features/create/CarouselTray';
import { photoCreation as session } from '../../../src/state/create';
import { resetSession, startSession } from '../../../src/state/createActions';
import { fakeBitmap } from './createHarness';

vi.mock('../../../src/media/mediaClient', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../../src/media/mediaClient')>()),
  inspectPhoto: vi.fn(),
}));

const file = (name: string) =>
  new File([new Uint8Array([0xff, 0xd8, 0xff])], name, { type: 'image/jpeg' });
const order = () => session.photos.map((p) => p.file.name);

beforeEach(async () => {
  vi.stubGlobal(
    'URL',
    Object.assign(URL, { createObjectURL: () => 'blob:x', revokeObjectURL() {} }),
  );
  vi.mocked(inspectPhoto).mockImplementation(async () => ({
    type: 'image/jpeg',
    width: 4000,
    height: 3000,
    orientation: 1,
    gps: null,
    preview: fakeBitmap(2048, 1536),
  }));
  await act(() => startSession([file('a.jpg'), file('b.jpg'), file('c.jpg')]));
  await waitFor(() => expect(session.photos.every((p) => p.sourceImage)).toBe(true));
});
afterEach(() => {
  act(() => resetSession());
  vi.clearAllMocks();
  vi.unstubAllGlobals();
});

const renderTray = () =>
  render(
    <MemoryRouter>
      <CarouselTray />
    </MemoryRouter>,
  );

describe('carousel tray', () => {
  it('chooses the photo to edit', async () => {
    renderTray();
    expect(screen.getByRole('button', { name: 'Photo 1 of 3' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Photo 2 of 3' }));
    expect(session.activePhoto).toBe(1);
    expect(session.sourceImage?.file.name).toBe('b.jpg');
    expect(screen.getByRole('button', { name: 'Photo 2 of 3' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
  });

  it('moves a photo with Alt + arrow keys, keeping the focus on it, and says where', async () => {
    renderTray();
    screen.getByRole('button', { name: 'Photo 1 of 3' }).focus();
    await userEvent.keyboard('{Alt>}{ArrowRight}{/Alt}');
    expect(order()).toEqual(['b.jpg', 'a.jpg', 'c.jpg']);
    const moved = screen.getByRole('button', { name: 'Photo 2 of 3' });
    expect(moved).toHaveFocus();
    expect(moved).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByText('Photo moved to position 2 of 3.')).toBeInTheDocument();
    await userEvent.keyboard('{Alt>}{ArrowLeft}{/Alt}');
    expect(order()).toEqual(['a.jpg', 'b.jpg', 'c.jpg']);
    // Arrows without Alt do not move anything.
    await userEvent.keyboard('{ArrowRight}');
    expect(order()).toEqual(['a.jpg', 'b.jpg', 'c.jpg']);
  });

  it('removes a photo and adds more from the picker', async () => {
    renderTray();
    await userEvent.click(screen.getByRole('button', { name: 'Remove photo 2' }));
    expect(order()).toEqual(['a.jpg', 'c.jpg']);
    // The focus goes to the photo that took its place, and the removal is announced.
    expect(screen.getByRole('button', { name: 'Photo 2 of 2' })).toHaveFocus();
    expect(screen.getByText('Photo 2 removed. 2 photos left.')).toBeInTheDocument();
    const input = document.querySelector<HTMLInputElement>('input[type="file"]')!;
    expect(input).toHaveAttribute('multiple');
    await userEvent.upload(input, [file('d.jpg'), file('e.jpg')]);
    expect(order()).toEqual(['a.jpg', 'c.jpg', 'd.jpg', 'e.jpg']);
    expect(screen.getByRole('button', { name: 'Photo 4 of 4' })).toBeInTheDocument();
  });
});
