import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { MemoryRouter } from '../../../src/lib/router';
import type { WireNotification } from '../../../src/api/activity';
import { NOTIFICATION_TYPE } from '../../../src/api/notificationTypes';
import { NotificationRow } from '../../../src/features/activity/NotificationRow';

// Issue 18 part 5: a story reply or reaction reads as such in Activity, beside the story.
const note = (type: number, text: string, story: WireNotification['story']): WireNotification => ({
  id: '1',
  type,
  timestamp: 1_700_000_000,
  text,
  user: { id: '7', username: 'fan', full_name: 'Fan', profile_pic_url: '', is_verified: false },
  media: null,
  story,
});

const renderRow = (n: WireNotification) =>
  render(
    <MemoryRouter>
      <ul>
        <NotificationRow notification={n} now={1_700_000_100} />
      </ul>
    </MemoryRouter>,
  );

describe('story replies in Activity', () => {
  it('shows a reply with its text and the story it answers', () => {
    renderRow(
      note(NOTIFICATION_TYPE.storyReply, 'Great shot', {
        id: '9',
        expired: false,
        thumbnail_src: '/media/s/9/1080.jpg',
      }),
    );
    const row = screen.getByRole('listitem');
    expect(row).toHaveTextContent('fan replied to your story: Great shot');
    expect(screen.getByRole('img', { name: 'Your story' })).toHaveAttribute(
      'src',
      '/media/s/9/1080.jpg',
    );
  });

  it('shows a reaction, and an expired story by its placeholder', () => {
    renderRow(
      note(NOTIFICATION_TYPE.storyReaction, '🔥', {
        id: '9',
        expired: true,
        thumbnail_src: 'data:image/png;base64,iVBORw0KGgo=',
      }),
    );
    expect(screen.getByRole('listitem')).toHaveTextContent('fan reacted to your story: 🔥');
    // Said in words beside the tile (read after it), not only in the picture's name.
    expect(screen.getByRole('img', { name: 'Your story' })).toHaveAttribute(
      'src',
      'data:image/png;base64,iVBORw0KGgo=',
    );
    expect(screen.getByText('Expired')).toBeVisible();
  });
});
