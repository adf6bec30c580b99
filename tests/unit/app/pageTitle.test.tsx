import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { documentTitle, useDocumentTitle, usePageTitle } from '../../../src/lib/pageTitle';
import { postTitle } from '../../../src/features/post/postTitle';

function Titled({ title, children }: { title: string | null; children?: React.ReactNode }) {
  usePageTitle(title);
  return <>{children}</>;
}

interface FrameProps {
  routeTitle: string | null;
  pageTitle: string | null;
  modal?: boolean;
}

function Frame({ routeTitle, pageTitle, modal = false }: FrameProps) {
  useDocumentTitle(routeTitle);
  return (
    <Titled title={pageTitle}>{modal ? <Titled title="@ava: “Lisbon at dusk”" /> : null}</Titled>
  );
}

describe('page titles', () => {
  it('names the tab after the route, then the page, and a dialog over it while it is open', () => {
    const { rerender } = render(<Frame routeTitle={null} pageTitle={null} />);
    expect(document.title).toBe('Glint');
    rerender(<Frame routeTitle="Profile" pageTitle={null} />);
    expect(document.title).toBe('Profile • Glint');
    rerender(<Frame routeTitle="Profile" pageTitle="Ava Lindqvist (@ava.lindqvist)" />);
    expect(document.title).toBe('Ava Lindqvist (@ava.lindqvist) • Glint');
    rerender(<Frame routeTitle="Post" pageTitle="Ava Lindqvist (@ava.lindqvist)" modal />);
    expect(document.title).toBe('@ava: “Lisbon at dusk” • Glint');
    rerender(<Frame routeTitle="Profile" pageTitle="Ava Lindqvist (@ava.lindqvist)" />);
    expect(document.title).toBe('Ava Lindqvist (@ava.lindqvist) • Glint');
    rerender(<Frame routeTitle="Edit profile" pageTitle={null} />);
    expect(document.title).toBe('Edit profile • Glint');
  });

  it('formats titles', () => {
    expect(documentTitle(null)).toBe('Glint');
    expect(postTitle({ caption: '', owner: { username: 'ava' } })).toBe('Photo by @ava');
    expect(postTitle({ caption: 'Lisbon at dusk\n#sunset', owner: { username: 'ava' } })).toBe(
      '@ava: “Lisbon at dusk”',
    );
    const long = postTitle({ caption: 'a'.repeat(80), owner: { username: 'ava' } });
    expect(long).toBe(`@ava: “${'a'.repeat(59)}…”`);
  });
});
