import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { WireNotification } from '../../../src/api/activity';
import { NOTIFICATION_TYPE } from '../../../src/api/notificationTypes';
import type { WireRepliedStory } from '../../../src/api/storyReplies';
import { NotificationRow } from '../../../src/features/activity/NotificationRow';
import { MemoryRouter, Route, Routes, useLocation } from '../../../src/lib/router';
import { resetRelationships } from '../../../src/state/relationships';
import { LocationDisplay, setMember } from '../app/session';

// Issue 18: the Activity row of a reply or reaction to one's story opens that story, or says
// that it expired. The member signed in (setMember) is ava.lindqvist.

function reply(story: WireRepliedStory): WireNotification {
  return {
    id: 'n1',
    type: NOTIFICATION_TYPE.storyReply,
    timestamp: Math.floor(Date.now() / 1000) - 60,
    text: 'That orange!',
    user: {
      id: '7',
      username: 'demo',
      full_name: 'Demo',
      profile_pic_url: '',
      is_verified: false,
    },
    media: null,
    story,
  };
}

function ViewerStand() {
  const { key } = useLocation();
  return <p data-testid="viewer-key">{key}</p>;
}

function renderRow(story: WireRepliedStory) {
  render(
    <MemoryRouter initialEntries={['/accounts/activity/']}>
      <Routes>
        <Route
          path="accounts/activity"
          element={
            <ul>
              <NotificationRow notification={reply(story)} />
            </ul>
          }
        />
        <Route path="stories/:username" element={<ViewerStand />} />
      </Routes>
      <LocationDisplay />
    </MemoryRouter>,
  );
}

beforeEach(() => setMember());
afterEach(() => {
  vi.unstubAllGlobals();
  resetRelationships();
});

describe('Activity: the story a reply answers', () => {
  it('a live story opens in the viewer at that item, and closing comes back', async () => {
    renderRow({ id: '42', expired: false, thumbnail_src: '/media/s/42/150.jpg' });
    const row = screen.getByRole('listitem');
    const link = within(row).getByRole('link', { name: 'Your story' });
    await userEvent.click(link);
    expect(screen.getByTestId('location')).toHaveTextContent('/stories/ava.lindqvist/?item=42');
    // Pushed (not replaced): the viewer's Close goes back to Activity.
    expect(screen.getByTestId('viewer-key')).not.toHaveTextContent('default');
  });

  it('an expired story says so and opens nothing', () => {
    renderRow({ id: 'old', expired: true, thumbnail_src: 'data:image/png;base64,AAAA' });
    const row = screen.getByRole('listitem');
    expect(within(row).getByRole('img', { name: 'Your story' })).toBeInTheDocument();
    expect(within(row).getByText('Expired')).toBeVisible();
    expect(within(row).queryByRole('link', { name: /story/i })).toBeNull();
  });
});
