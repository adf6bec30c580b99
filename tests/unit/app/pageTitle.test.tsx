import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { usePageTitle } from '../../../src/lib/navigation';
import { postTitle } from '../../../src/features/post/postTitle';

function Titled({ title, children }: { title: string | null; children?: ReactNode }) {
  usePageTitle(title);
  return <>{children}</>;
}

function Page({ title, modal = false }: { title: string | null; modal?: boolean }) {
  return <Titled title={title}>{modal ? <Titled title="@ava: “Lisbon at dusk”" /> : null}</Titled>;
}

describe('page titles', () => {
  it('names the tab after the page, and after a dialog over it while it is open', () => {
    const { rerender, unmount } = render(<Page title="Ava Lindqvist (@ava.lindqvist)" />);
    expect(document.title).toBe('Ava Lindqvist (@ava.lindqvist) • Glint');
    rerender(<Page title="Ava Lindqvist (@ava.lindqvist)" modal />);
    expect(document.title).toBe('@ava: “Lisbon at dusk” • Glint');
    rerender(<Page title="Ava Lindqvist (@ava.lindqvist)" />);
    expect(document.title).toBe('Ava Lindqvist (@ava.lindqvist) • Glint');
    rerender(<Page title="Edit profile" />);
    expect(document.title).toBe('Edit profile • Glint');
    // A page without a title of its own (the home page): the site's name.
    rerender(<Page title={null} />);
    expect(document.title).toBe('Glint');
    unmount();
  });

  it('formats titles', () => {
    expect(postTitle({ caption: '', owner: { username: 'ava' } })).toBe('Photo by @ava');
    expect(postTitle({ caption: 'Lisbon at dusk\n#sunset', owner: { username: 'ava' } })).toBe(
      '@ava: “Lisbon at dusk”',
    );
    const long = postTitle({ caption: 'a'.repeat(80), owner: { username: 'ava' } });
    expect(long).toBe(`@ava: “${'a'.repeat(59)}…”`);
  });
});
