import { render, screen, waitFor } from '@testing-library/react';
import { Suspense, type ComponentType } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { resetToastState, toastState } from '../../../src/state/toast';
import { LOAD_FAILED_TEXT, lazyComponent } from '../../../src/app/lazyComponent';

afterEach(() => resetToastState());

function Greeting({ name }: { name: string }) {
  return <p>Hello {name}</p>;
}

function flakyModule(failures: number) {
  let calls = 0;
  const load = () => {
    calls += 1;
    return calls <= failures
      ? Promise.reject(new Error('Failed to fetch dynamically imported module'))
      : Promise.resolve(Greeting as ComponentType<{ name: string }>);
  };
  return { load, calls: () => calls };
}

const show = (Lazy: ComponentType<{ name: string }>) =>
  render(
    <Suspense fallback={<p>Loading</p>}>
      <Lazy name="Ana" />
    </Suspense>,
  );

describe('lazyComponent', () => {
  it('renders the module once it has loaded, with its props', async () => {
    const Lazy = lazyComponent(flakyModule(0).load);
    show(Lazy);
    expect(await screen.findByText('Hello Ana')).toBeInTheDocument();
  });

  it('says so in a toast when the code cannot be downloaded, and tries again next time', async () => {
    const module = flakyModule(2);
    const Lazy = lazyComponent(module.load);
    const first = show(Lazy);
    await waitFor(() => expect(toastState.current?.text).toBe(LOAD_FAILED_TEXT));
    expect(screen.queryByText('Hello Ana')).not.toBeInTheDocument();
    first.unmount();

    show(Lazy);
    expect(await screen.findByText('Hello Ana')).toBeInTheDocument();
    expect(module.calls()).toBe(3);
  });
});
