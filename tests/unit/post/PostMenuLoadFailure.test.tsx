import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MemoryRouter } from '../../../src/lib/router';
import { PostMenu } from '../../../src/features/post/PostMenu';
import { resetToastState, toastState } from '../../../src/state/toast';
import { LOAD_FAILED_TEXT } from '../../../src/app/lazyComponent';
import { setMember, setVisitor } from '../app/session';
import { wirePost } from '../feed/fixtures';

// The menu's code cannot be downloaded (offline, or an old tab after a deploy) until `offline`
// is turned off.
const network = vi.hoisted(() => ({ offline: true }));
vi.mock('../../../src/features/post/PostMenuDialog', async (importOriginal) => {
  if (network.offline) throw new TypeError('Failed to fetch dynamically imported module');
  return importOriginal();
});

beforeEach(() => setMember());
afterEach(() => {
  setVisitor();
  resetToastState();
});

describe('post menu whose code cannot load', () => {
  it('says so, and opens on the next press once the code can load', async () => {
    render(
      <MemoryRouter initialEntries={['/']}>
        <PostMenu post={wirePost('p1')} onPostPage={false} />
      </MemoryRouter>,
    );
    const more = screen.getByRole('button', { name: 'More options' });
    await userEvent.click(more);
    await waitFor(() => expect(toastState.current?.text).toBe(LOAD_FAILED_TEXT));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    network.offline = false;
    await userEvent.click(more);
    expect(await screen.findByRole('dialog', { name: 'Post options' })).toBeInTheDocument();
  });
});
