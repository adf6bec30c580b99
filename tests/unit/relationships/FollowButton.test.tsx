import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from '../../../src/lib/router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  makeRelationship,
  resetRelationships,
  type FollowState,
} from '../../../src/state/relationships';
import { FollowButton } from '../../../src/features/relationships/FollowButton';
import { jsonResponse, stubFetch } from '../api/fetchMock';
import { LocationDisplay, setMember, setVisitor } from '../app/session';

function renderButton(
  rel = makeRelationship(),
  { isPrivate = false, reload = vi.fn(), path = '/nora/' } = {},
) {
  render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route
          path="*"
          element={
            <>
              <FollowButton
                userId="42"
                username="nora"
                isPrivate={isPrivate}
                relationship={rel}
                reload={reload}
                showOptions
              />
              <LocationDisplay />
            </>
          }
        />
      </Routes>
    </MemoryRouter>,
  );
  return { reload };
}

const followed = (state: FollowState) => makeRelationship({ followedByViewer: state });

beforeEach(() => setMember());
afterEach(() => {
  vi.unstubAllGlobals();
  resetRelationships();
  window._sharedData = {};
});

describe('FollowButton labels', () => {
  it.each([
    [makeRelationship(), 'Follow'],
    [followed('following'), 'Following'],
    [followed('requested'), 'Requested'],
    [makeRelationship({ blockedByViewer: true }), 'Unblock'],
  ])('shows %#: %s', (rel, label) => {
    renderButton(rel);
    expect(screen.getByRole('button', { name: label })).toBeInTheDocument();
  });
});

describe('FollowButton behaviour', () => {
  it('follows a public account: Follow → Following', async () => {
    const fetch = stubFetch(() => jsonResponse({ result: 'following', status: 'ok' }));
    const { reload } = renderButton();
    await userEvent.click(screen.getByRole('button', { name: 'Follow' }));
    expect(await screen.findByRole('button', { name: 'Following' })).toBeInTheDocument();
    expect(fetch.mock.calls[0][0]).toBe('/web/friendships/42/follow/');
    expect(reload).not.toHaveBeenCalled();
  });

  it('a private account becomes Requested; clicking Requested withdraws it', async () => {
    stubFetch(
      () => jsonResponse({ result: 'requested', status: 'ok' }),
      () => jsonResponse({ status: 'ok' }),
    );
    renderButton(makeRelationship(), { isPrivate: true });
    await userEvent.click(screen.getByRole('button', { name: 'Follow' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Requested' }));
    expect(await screen.findByRole('button', { name: 'Follow' })).toBeInTheDocument();
  });

  it('a click on Following unfollows a public account at once (spec §4)', async () => {
    const fetch = stubFetch(() => jsonResponse({ status: 'ok' }));
    renderButton(followed('following'));
    await userEvent.click(screen.getByRole('button', { name: 'Following' }));
    expect(await screen.findByRole('button', { name: 'Follow' })).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(fetch.mock.calls[0][0]).toBe('/web/friendships/42/unfollow/');
  });

  it('a private account asks "Unfollow @nora?" first (following again needs approval)', async () => {
    const fetch = stubFetch(() => jsonResponse({ status: 'ok' }));
    renderButton(followed('following'), { isPrivate: true });
    await userEvent.click(screen.getByRole('button', { name: 'Following' }));
    const dialog = await screen.findByRole('dialog', { name: 'Unfollow @nora?' });
    expect(fetch).not.toHaveBeenCalled();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Unfollow' }));
    expect(await screen.findByRole('button', { name: 'Follow' })).toBeInTheDocument();
    expect(fetch.mock.calls[0][0]).toBe('/web/friendships/42/unfollow/');
  });

  it('shows its pending state: busy, a spinner over the label, the same name', async () => {
    let answer: (r: Response) => void = () => {};
    stubFetch(() => new Promise<Response>((resolve) => (answer = resolve)));
    renderButton();
    const button = screen.getByRole('button', { name: 'Follow' });
    expect(button.querySelector('.spinner')).toBeNull();
    await userEvent.click(button);
    expect(button).toHaveAttribute('aria-busy', 'true');
    expect(button).toHaveAccessibleName('Follow');
    expect(button.querySelector('.spinner')).not.toBeNull();
    await act(async () => answer(jsonResponse({ result: 'following', status: 'ok' })));
    const done = await screen.findByRole('button', { name: 'Following' });
    expect(done).not.toHaveAttribute('aria-busy');
    expect(done.querySelector('.spinner')).toBeNull();
  });

  it('ignores clicks while an attempt is in flight', async () => {
    let answer: (r: Response) => void = () => {};
    const fetch = stubFetch(() => new Promise<Response>((resolve) => (answer = resolve)));
    renderButton();
    const button = screen.getByRole('button', { name: 'Follow' });
    await userEvent.click(button);
    await userEvent.click(button);
    await userEvent.click(button);
    expect(fetch).toHaveBeenCalledTimes(1);
    await act(async () => answer(jsonResponse({ result: 'following', status: 'ok' })));
    expect(await screen.findByRole('button', { name: 'Following' })).toBeInTheDocument();
  });

  it('a failed follow shows Follow again', async () => {
    stubFetch(() => jsonResponse({ status: 'fail', message: 'Nope.' }, 400));
    renderButton();
    await userEvent.click(screen.getByRole('button', { name: 'Follow' }));
    await vi.waitFor(() =>
      expect(screen.getByRole('button', { name: 'Follow' })).toHaveAttribute('data-stable', 'true'),
    );
  });

  it('a blocked user opens the unblock dialog', async () => {
    renderButton(makeRelationship({ blockedByViewer: true }));
    await userEvent.click(screen.getByRole('button', { name: 'Unblock' }));
    expect(await screen.findByRole('dialog', { name: 'Unblock nora?' })).toBeInTheDocument();
  });

  it('the chevron offers Block', async () => {
    renderButton();
    await userEvent.click(screen.getByRole('button', { name: 'More options for nora' }));
    await userEvent.click(screen.getByRole('menuitem', { name: 'Block' }));
    expect(await screen.findByRole('dialog', { name: 'Block nora?' })).toBeInTheDocument();
  });
});

describe('FollowButton for a visitor', () => {
  it('goes to login with next and source=follow', async () => {
    setVisitor();
    const fetch = stubFetch(() => jsonResponse({}));
    renderButton(makeRelationship(), { path: '/nora/?x=1' });
    await userEvent.click(screen.getByRole('button', { name: 'Follow' }));
    expect(screen.getByTestId('location')).toHaveTextContent(
      '/accounts/login/?next=%2Fnora%2F%3Fx%3D1&source=follow',
    );
    expect(fetch).not.toHaveBeenCalled();
  });

  it('goes to signup when signup is the default prompt', async () => {
    setVisitor();
    window._sharedData = { ...window._sharedData, experiments: { login_via_signup_page: true } };
    renderButton();
    await userEvent.click(screen.getByRole('button', { name: 'Follow' }));
    expect(screen.getByTestId('location')).toHaveTextContent(
      '/accounts/emailsignup/?next=%2Fnora%2F&source=follow',
    );
  });
});
