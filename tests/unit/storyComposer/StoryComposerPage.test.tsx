import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from '../../../src/lib/router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import StoryComposerPage from '../../../src/features/create/StoryComposerPage';
import { fitStory } from '../../../src/media/mediaClient';
import { selectedText, storyDraft } from '../../../src/state/storyDraft';
import { resetStoryDraft } from '../../../src/state/storyDraftActions';
import { resetToastState } from '../../../src/state/toast';

// Pixi needs WebGL, which jsdom has not: the surface is replaced by a stand-in.
vi.mock('../../../src/canvas/StoryComposer', () => ({
  StoryComposer: {
    create: vi.fn(async () => ({ destroy: vi.fn(), renderComposite: vi.fn() })),
  },
}));
vi.mock('../../../src/media/mediaClient', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../../src/media/mediaClient')>()),
  fitStory: vi.fn(),
}));

function setViewport(width: number, height: number, coarse: boolean) {
  Object.assign(window, { innerWidth: width, innerHeight: height });
  window.matchMedia = vi.fn((query: string) => ({
    matches: coarse && query === '(pointer: coarse)',
    media: query,
    onchange: null,
    addEventListener: vi.fn(),
    removeEventListener: vi.fn(),
    addListener: vi.fn(),
    removeListener: vi.fn(),
    dispatchEvent: vi.fn(),
  }));
}

function renderPage() {
  const router = createMemoryRouter(
    [
      { path: '/', element: <h1>Home</h1> },
      { path: '/create/story/', element: <StoryComposerPage /> },
    ],
    { initialEntries: ['/create/story/'] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

async function pickPhoto(user: ReturnType<typeof userEvent.setup>) {
  const input = screen.getByLabelText('Story photo');
  await user.upload(input, new File(['x'], 'me.jpg', { type: 'image/jpeg' }));
  await screen.findByRole('button', { name: 'Add text' });
}

beforeEach(() => {
  resetStoryDraft();
  resetToastState();
  setViewport(414, 896, true);
  globalThis.ResizeObserver ??= class {
    observe() {}
    unobserve() {}
    disconnect() {}
  } as unknown as typeof ResizeObserver;
  vi.mocked(fitStory).mockResolvedValue({
    bitmap: { width: 1080, height: 1920, close() {} } as unknown as ImageBitmap,
    type: 'image/jpeg',
    width: 1080,
    height: 1920,
    orientation: 1,
    gps: null,
  });
});

afterEach(() => vi.clearAllMocks());

describe('StoryComposerPage', () => {
  it('refuses a touch device in landscape', () => {
    setViewport(896, 414, true);
    renderPage();
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Turn your phone upright to create a story',
    );
    expect(screen.queryByRole('button', { name: 'Choose a photo' })).toBeNull();
    // Nothing has been chosen yet: no draft is promised.
    expect(screen.getByRole('alert')).not.toHaveTextContent('Your draft is kept');
  });

  it('keeps the draft when the phone is turned after a photo was chosen, and says so', async () => {
    const user = userEvent.setup();
    renderPage();
    await pickPhoto(user);
    act(() => {
      setViewport(896, 414, true);
      window.dispatchEvent(new Event('resize'));
    });
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Stories are made in portrait. Your draft is kept.',
    );
  });

  it('treats a wide desktop window as portrait', () => {
    setViewport(1280, 800, false);
    renderPage();
    expect(screen.getByRole('button', { name: 'Choose a photo' })).toBeVisible();
  });

  it('adds text in a chosen colour and size, with accessible controls', async () => {
    const user = userEvent.setup();
    renderPage();
    await pickPhoto(user);
    expect(screen.getByRole('application', { name: 'Story canvas' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Add text' }));
    await user.type(screen.getByLabelText('Story text'), 'Hello Glint');
    const pink = screen.getByRole('button', { name: 'Pink' });
    expect(screen.getByRole('button', { name: 'White' })).toHaveAttribute('aria-pressed', 'true');
    await user.click(pink);
    expect(pink).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('slider', { name: 'Text size' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Share to story' })).toBeDisabled();

    await user.click(screen.getByRole('button', { name: 'Done' }));
    expect(selectedText(storyDraft)).toMatchObject({ rawText: 'Hello Glint', color: 'pink' });
    expect(screen.getByText(/Move text: drag it/)).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Share to story' })).toBeEnabled(),
    );

    // Arrow keys move the saved text while the canvas is focused.
    screen.getByRole('application', { name: 'Story canvas' }).focus();
    await user.keyboard('{ArrowRight}{ArrowDown}');
    expect(selectedText(storyDraft)?.position).toEqual({ x: 552, y: 972 });
  });

  it('names every tool: style, alignment and background radio groups, the texts, pen, undo', async () => {
    const user = userEvent.setup();
    renderPage();
    await pickPhoto(user);
    await user.click(screen.getByRole('button', { name: 'Add text' }));
    await user.type(screen.getByLabelText('Story text'), 'One');
    const style = screen.getByRole('group', { name: 'Text style' });
    expect(
      within(style)
        .getAllByRole('radio')
        .map((r) => r.getAttribute('value')),
    ).toEqual(['classic', 'modern', 'serif', 'typewriter', 'neon']);
    await user.click(screen.getByRole('radio', { name: 'Serif' }));
    await user.click(screen.getByRole('radio', { name: 'Align left' }));
    await user.click(screen.getByRole('radio', { name: 'Solid background' }));
    expect(screen.getByRole('group', { name: 'Alignment' })).toBeInTheDocument();
    expect(screen.getByRole('group', { name: 'Text background' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Done' }));
    // Focus returns to the picture, where the keys move the new text.
    expect(screen.getByRole('application', { name: 'Story canvas' })).toHaveFocus();
    expect(selectedText(storyDraft)).toMatchObject({
      rawText: 'One',
      font: 'serif',
      align: 'left',
      background: 'solid',
    });

    await user.click(screen.getByRole('button', { name: 'Add text' }));
    await user.type(screen.getByLabelText('Story text'), 'Two');
    await user.click(screen.getByRole('button', { name: 'Done' }));
    const texts = screen.getByRole('group', { name: 'Texts on the picture' });
    expect(
      within(texts)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Select text: One', 'Select text: Two']);
    await user.click(within(texts).getByRole('button', { name: /^Select text: ?One$/ }));
    screen.getByRole('application', { name: 'Story canvas' }).focus();
    await user.keyboard('{ArrowLeft}');
    expect(storyDraft.texts.map((t) => t.position.x)).toEqual([528, 540]);

    await user.click(screen.getByRole('button', { name: 'Draw' }));
    expect(screen.getByRole('button', { name: 'Draw' })).toHaveAttribute('aria-pressed', 'true');
    await user.click(screen.getByRole('radio', { name: 'Thick' }));
    await user.click(screen.getByRole('button', { name: 'Green' }));
    expect(storyDraft.pen).toEqual({ color: 'green', width: 'thick' });
    await user.click(screen.getByRole('button', { name: 'Done drawing' }));
    // The pen's tools went away: the focus is on the picture, not dropped to the page.
    expect(screen.getByRole('application', { name: 'Story canvas' })).toHaveFocus();

    // Undo: the move, then the second text.
    await user.click(screen.getByRole('button', { name: 'Undo' }));
    expect(storyDraft.texts.map((t) => t.position.x)).toEqual([540, 540]);
    await user.click(screen.getByRole('button', { name: 'Undo' }));
    expect(storyDraft.texts.map((t) => t.rawText)).toEqual(['One']);

    // Delete text takes its own button away: the focus goes to the picture.
    const list = screen.getByRole('group', { name: 'Texts on the picture' });
    await user.click(within(list).getByRole('button', { name: /^Select text: ?One$/ }));
    await user.click(screen.getByRole('button', { name: 'Delete text' }));
    expect(storyDraft.texts).toEqual([]);
    expect(screen.getByRole('application', { name: 'Story canvas' })).toHaveFocus();
  });

  it('asks "Discard story?" before closing, and Keep editing stays', async () => {
    const user = userEvent.setup();
    const router = renderPage();
    await pickPhoto(user);
    await user.click(screen.getByRole('button', { name: 'Close' }));
    const dialog = screen.getByRole('dialog', { name: 'Discard story?' });
    expect(dialog).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Keep editing' }));
    expect(screen.queryByRole('dialog')).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Close' }));
    await user.click(screen.getByRole('button', { name: 'Discard' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });
});
