import { act, render, screen } from '@testing-library/react';
import type { ComponentType } from 'react';
import { createMemoryRouter, RouterProvider, type RouteObject } from '../../../src/lib/router';
import { afterEach, describe, expect, it } from 'vitest';
import { AppLayout } from '../../../src/app/AppLayout';
import { lazyPage } from '../../../src/app/lazyPage';
import { setVisitor } from './session';

interface Deferred {
  promise: Promise<{ default: ComponentType }>;
  resolve: () => void;
}

function deferredPage(heading: string): Deferred {
  let resolve!: () => void;
  const promise = new Promise<{ default: ComponentType }>((done) => {
    resolve = () => done({ default: () => <h1>{heading}</h1> });
  });
  return { promise, resolve };
}

function setup() {
  const slow = deferredPage('Slow page');
  const fast = deferredPage('Fast page');
  const routes: RouteObject[] = [
    {
      Component: AppLayout,
      children: [
        { index: true, Component: () => <h1>Start page</h1> },
        { path: 'slow', ...lazyPage(() => slow.promise) },
        { path: 'fast', ...lazyPage(() => fast.promise) },
      ],
    },
  ];
  const router = createMemoryRouter(routes, { initialEntries: ['/'] });
  render(<RouterProvider router={router} />);
  return { router, slow, fast };
}

afterEach(() => setVisitor());

describe('lazy page loading', () => {
  it('keeps the current page and shows the top loading bar while a page loads', async () => {
    setVisitor();
    const { router, slow } = setup();
    expect(await screen.findByRole('heading', { name: 'Start page' })).toBeInTheDocument();

    act(() => void router.navigate('/slow'));
    expect(await screen.findByRole('progressbar', { name: 'Loading page' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Start page' })).toBeInTheDocument();

    await act(async () => slow.resolve());
    expect(await screen.findByRole('heading', { name: 'Slow page' })).toBeInTheDocument();
    expect(screen.queryByRole('progressbar', { name: 'Loading page' })).not.toBeInTheDocument();
  });

  it('discards a page load superseded by a newer navigation', async () => {
    setVisitor();
    const { router, slow, fast } = setup();
    await screen.findByRole('heading', { name: 'Start page' });

    act(() => void router.navigate('/slow'));
    act(() => void router.navigate('/fast'));
    await act(async () => fast.resolve());
    expect(await screen.findByRole('heading', { name: 'Fast page' })).toBeInTheDocument();

    // The first page's code arrives late: it must not replace the page the user asked for last.
    await act(async () => slow.resolve());
    expect(screen.getByRole('heading', { name: 'Fast page' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Slow page' })).not.toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/fast');
  });
});
