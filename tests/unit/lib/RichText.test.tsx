import { render, screen } from '@testing-library/react';
import { MemoryRouter } from '../../../src/lib/router';
import { describe, expect, it } from 'vitest';
import { RichText } from '../../../src/ui/RichText';

function renderText(text: string) {
  return render(
    <MemoryRouter>
      <p data-testid="caption">
        <RichText text={text} />
      </p>
    </MemoryRouter>,
  );
}

describe('RichText', () => {
  it('links mentions to profiles and hashtags to lowercased tag pages', () => {
    renderText('Hello @john.doe. Loving #SunSet today');
    expect(screen.getByRole('link', { name: '@john.doe' })).toHaveAttribute('href', '/john.doe/');
    expect(screen.getByRole('link', { name: '#SunSet' })).toHaveAttribute(
      'href',
      '/explore/tags/sunset/',
    );
    expect(screen.getByTestId('caption')).toHaveTextContent(
      'Hello @john.doe. Loving #SunSet today',
    );
  });

  it('shows markup as text instead of running it', () => {
    renderText('<script>alert(1)</script><img src=x onerror=alert(2)> #ok');
    const caption = screen.getByTestId('caption');
    expect(caption.querySelector('script')).toBeNull();
    expect(caption.querySelector('img')).toBeNull();
    expect(caption).toHaveTextContent('<script>alert(1)</script><img src=x onerror=alert(2)> #ok');
    expect(screen.getAllByRole('link')).toHaveLength(1);
  });

  it('does not link e-mail addresses', () => {
    renderText('write to a@b.com');
    expect(screen.queryByRole('link')).toBeNull();
  });
});
