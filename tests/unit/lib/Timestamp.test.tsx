import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Timestamp } from '../../../src/ui/Timestamp';

const NOW = new Date(2025, 5, 15, 12).getTime() / 1000; // local noon, June 15, 2025

describe('Timestamp', () => {
  it('renders a <time> with ISO dateTime, full-date title and short text', () => {
    render(<Timestamp ts={NOW - 3 * 3600} now={NOW} />);
    const time = screen.getByText('3h');
    expect(time.tagName).toBe('TIME');
    expect(time).toHaveAttribute('datetime', new Date((NOW - 3 * 3600) * 1000).toISOString());
    expect(time.getAttribute('datetime')).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    expect(time).toHaveAttribute('title', 'June 15, 2025');
  });

  it('renders the long form when asked', () => {
    render(<Timestamp ts={NOW - 3 * 3600} now={NOW} long />);
    expect(screen.getByText('3 hours ago')).toBeInTheDocument();
  });

  it('uses the current time by default', () => {
    render(<Timestamp ts={Math.floor(Date.now() / 1000) - 10 * 86400} />);
    expect(screen.getByText('1w')).toBeInTheDocument();
  });
});
