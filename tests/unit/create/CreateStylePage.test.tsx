import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from '../../../src/lib/router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FilterPreview } from '../../../src/canvas/FilterPreview';
import { inspectPhoto, MediaError } from '../../../src/media/mediaClient';
import { photoCreation as session } from '../../../src/state/create';
import { resetSession, startSession } from '../../../src/state/createActions';
import { NewPostButton } from '../../../src/features/create/NewPostButton';
import { LocationDisplay, setMember, setVisitor } from '../app/session';
import { fakeBitmap, photoFile } from './createHarness';
import { renderCreate } from './renderCreate';

vi.mock('../../../src/media/mediaClient', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../../src/media/mediaClient')>()),
  inspectPhoto: vi.fn(),
  exportPhoto: vi.fn(() => new Promise(() => {})),
}));
vi.mock('../../../src/canvas/FilterPreview', () => ({ FilterPreview: { create: vi.fn() } }));

const preview = {
  canvas: document.createElement('canvas'),
  setImage: vi.fn(),
  setFilter: vi.fn(),
  setStraighten: vi.fn(),
  renderThumbnails: vi.fn(() => Promise.resolve(new Map())),
  destroy: vi.fn(),
};

beforeEach(() => {
  setMember();
  vi.mocked(inspectPhoto).mockResolvedValue({
    type: 'image/jpeg',
    width: 4000,
    height: 3000,
    orientation: 1,
    gps: null,
    preview: fakeBitmap(2048, 1536),
  });
  vi.mocked(FilterPreview.create).mockResolvedValue(preview as unknown as FilterPreview);
  // jsdom has no 2D canvas, so the thumbnail strip stays empty and says so in the console.
  vi.spyOn(console, 'warn').mockImplementation(() => {});
});
afterEach(() => {
  setVisitor();
  act(() => resetSession());
  vi.clearAllMocks();
  vi.restoreAllMocks();
});

const location = () => screen.getByTestId('location');

describe('/create/style/', () => {
  it('offers to choose a photo when there is no session (e.g. after a reload)', () => {
    renderCreate('/create/style/');
    expect(screen.getByRole('button', { name: 'Choose a photo' })).toBeInTheDocument();
  });

  it('a photo that cannot be opened is still named on the chooser after its toast, until the next pick', async () => {
    vi.mocked(inspectPhoto).mockRejectedValueOnce(new MediaError('unsupported_type'));
    await act(() => startSession(photoFile()));
    renderCreate('/create/style/');
    expect(screen.getByRole('button', { name: 'Choose a photo' })).toBeInTheDocument();
    // Beside the toast (which goes after 5 s), on the chooser itself.
    const onChooser = { selector: '.create-choose__error' };
    expect(screen.getByText(/This file type is not supported/, onChooser)).toBeInTheDocument();
    await act(() => startSession(photoFile()));
    expect(
      screen.queryByText(/This file type is not supported/, onChooser),
    ).not.toBeInTheDocument();
  });

  it('crop step: labelled controls rotate, zoom, pan and switch the aspect', async () => {
    await act(() => startSession(photoFile()));
    renderCreate('/create/style/');
    expect(screen.getByRole('heading', { name: 'Crop' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Rotate' }));
    expect(session.croppedImage.rotationAngle).toBe(90);

    fireEvent.change(screen.getByLabelText('Zoom'), { target: { value: '200' } });
    expect(session.croppedImage.scaleFactor).toBe(2);
    await waitFor(() =>
      expect(screen.getByRole('slider', { name: 'Zoom' })).toHaveAttribute(
        'aria-valuetext',
        '200 %',
      ),
    );
    const before = session.croppedImage.offsetLeft;
    fireEvent.keyDown(screen.getByRole('group', { name: 'Crop area' }), { key: 'ArrowRight' });
    expect(session.croppedImage.offsetLeft).toBeGreaterThan(before);

    const original = screen.getByRole('button', { name: 'Original' });
    await userEvent.click(original);
    expect(original).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('button', { name: 'Square' })).toHaveAttribute('aria-pressed', 'false');
  });

  it('filter step: Pixi follows the chosen filter and strength; Back keeps the edits', async () => {
    await act(() => startSession(photoFile()));
    renderCreate('/create/style/');
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByRole('heading', { name: 'Edit' })).toBeInTheDocument();
    // Next is gone with its step: the focus goes to the new step's name, not the page.
    await waitFor(() => expect(screen.getByRole('heading', { name: 'Edit' })).toHaveFocus());
    await waitFor(() => expect(preview.setImage).toHaveBeenCalled());

    expect(screen.getByRole('button', { name: 'Normal' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.queryByLabelText('Filter strength')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Clarendon' }));
    expect(screen.getByRole('button', { name: 'Clarendon' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    fireEvent.change(screen.getByLabelText('Filter strength'), { target: { value: '30' } });
    expect(session.strength).toBe(0.3);
    await waitFor(() =>
      expect(screen.getByRole('slider', { name: 'Filter strength' })).toHaveAttribute(
        'aria-valuetext',
        '30 %',
      ),
    );
    await waitFor(() =>
      expect(preview.setFilter).toHaveBeenLastCalledWith(
        'clarendon',
        0.3,
        expect.objectContaining({ brightness: 0 }),
      ),
    );

    await userEvent.click(screen.getByRole('button', { name: 'Back' }));
    expect(await screen.findByRole('heading', { name: 'Crop' })).toBeInTheDocument();
    expect(session.filterName).toBe('clarendon');
  });

  it('Edit tab: labelled sliders set adjustments and straighten; Reset and double-click return to 0', async () => {
    await act(() => startSession(photoFile()));
    renderCreate('/create/style/');
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    const filters = await screen.findByRole('tab', { name: 'Filters' });
    expect(filters).toHaveAttribute('aria-selected', 'true');
    // Arrow keys move between the tabs, like any tab list.
    filters.focus();
    await userEvent.keyboard('{ArrowRight}');
    const edit = screen.getByRole('tab', { name: 'Edit' });
    expect(edit).toHaveAttribute('aria-selected', 'true');
    expect(edit).toHaveFocus();
    expect(screen.getByRole('tabpanel', { name: 'Edit' })).toBeInTheDocument();

    expect(screen.getAllByRole('slider')).toHaveLength(10);
    const brightness = screen.getByRole('slider', { name: 'Brightness' });
    expect(brightness).toHaveAttribute('min', '-100');
    expect(screen.getByRole('slider', { name: 'Vignette' })).toHaveAttribute('min', '0');
    expect(screen.getByRole('button', { name: 'Reset Brightness' })).toBeDisabled();

    fireEvent.change(brightness, { target: { value: '40' } });
    expect(session.adjustments.brightness).toBe(40);
    await waitFor(() => expect(brightness).toHaveAttribute('aria-valuetext', '+40'));
    await waitFor(() =>
      expect(preview.setFilter).toHaveBeenLastCalledWith(
        'normal',
        1,
        expect.objectContaining({ brightness: 40 }),
      ),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Reset Brightness' }));
    expect(session.adjustments.brightness).toBe(0);
    await waitFor(() => expect(brightness).toHaveValue('0'));
    expect(brightness).toHaveFocus();

    const straighten = screen.getByRole('slider', { name: 'Straighten' });
    fireEvent.change(straighten, { target: { value: '-12.5' } });
    expect(session.straighten).toBe(-12.5);
    await waitFor(() => expect(preview.setStraighten).toHaveBeenLastCalledWith(-12.5));
    fireEvent.doubleClick(straighten);
    expect(session.straighten).toBe(0);
    await waitFor(() => expect(straighten).toHaveValue('0'));

    const warmth = screen.getByRole('slider', { name: 'Warmth' });
    fireEvent.change(warmth, { target: { value: '-100' } });
    expect(session.adjustments.warmth).toBe(-100);
    await waitFor(() => expect(screen.getByRole('button', { name: 'Reset Warmth' })).toBeEnabled());

    // Back on Filters the adjustments stay.
    await userEvent.click(screen.getByRole('tab', { name: 'Filters' }));
    expect(screen.getByRole('button', { name: 'Normal' })).toBeInTheDocument();
    expect(session.adjustments.warmth).toBe(-100);
  });

  it('shows a clear error when WebGL is unavailable', async () => {
    vi.mocked(FilterPreview.create).mockRejectedValue(new Error('The filter preview needs WebGL.'));
    await act(() => startSession(photoFile()));
    renderCreate('/create/style/');
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Filter preview unavailable');
    expect(screen.getByRole('button', { name: 'Next' })).toBeEnabled();
  });

  it('Back from the crop asks to discard, then ends the session and goes home', async () => {
    await act(() => startSession(photoFile()));
    renderCreate('/create/style/');
    await userEvent.click(screen.getByRole('button', { name: 'Back' }));
    expect(screen.getByRole('dialog', { name: 'Discard post?' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Discard' }));
    expect(location()).toHaveTextContent(/^\/$/);
    expect(session.sourceImage).toBeNull();
  });
});

describe('New post button', () => {
  it('opens a file picker; the chosen photo opens the crop step', async () => {
    const router = createMemoryRouter(
      [
        {
          path: '*',
          element: (
            <>
              <NewPostButton className="nav__icon">+</NewPostButton>
              <LocationDisplay />
            </>
          ),
        },
      ],
      { initialEntries: ['/'] },
    );
    render(<RouterProvider router={router} />);
    const input = document.querySelector<HTMLInputElement>('input[type="file"]');
    expect(input).toHaveAttribute('accept', 'image/*,.heic,.heif,.avif');
    const click = vi.spyOn(input!, 'click');
    await userEvent.click(screen.getByRole('button', { name: 'New post' }));
    expect(click).toHaveBeenCalled();
    await userEvent.upload(input!, photoFile());
    // The create code is imported first (a dynamic import), so the move can come a moment later.
    await waitFor(() => expect(location()).toHaveTextContent('/create/style/'));
    await waitFor(() => expect(session.sourceImage?.width).toBe(4000));
  });
});
