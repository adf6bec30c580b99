import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useRef } from 'react';
import { describe, expect, it } from 'vitest';
import { useDialogFocus } from '../../../src/ui/useDialogFocus';

function Dialog() {
  const ref = useRef<HTMLDivElement>(null);
  useDialogFocus(ref, () => {});
  return (
    <div ref={ref} role="dialog" aria-label="Stories">
      <button type="button">Stories by ava</button>
      <button type="button">Pause</button>
      <input aria-label="Reply to ava" />
    </div>
  );
}

describe('useDialogFocus', () => {
  it('wraps Tab to the first control that is shown, skipping one hidden by CSS', async () => {
    render(<Dialog />);
    // jsdom has no layout: stand in for a stylesheet that hides the preview on phones.
    const hidden = screen.getByRole('button', { name: 'Stories by ava' });
    hidden.checkVisibility = () => false;
    screen.getByRole('textbox', { name: 'Reply to ava' }).focus();
    await userEvent.tab();
    expect(screen.getByRole('button', { name: 'Pause' })).toHaveFocus();
    await userEvent.tab({ shift: true });
    expect(screen.getByRole('textbox', { name: 'Reply to ava' })).toHaveFocus();
  });
});
