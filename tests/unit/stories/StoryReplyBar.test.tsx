import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { sendStoryReaction, sendStoryReply } from '../../../src/api/storyReplies';
import { RequestError } from '../../../src/api/requestError';
import { storiesState } from '../../../src/state/stories';
import { resetStoriesState } from '../../../src/state/storiesActions';
import { StoryReplyBar } from '../../../src/features/stories/StoryReplyBar';

vi.mock('../../../src/api/storyReplies', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../../src/api/storyReplies')>()),
  sendStoryReply: vi.fn(),
  sendStoryReaction: vi.fn(),
}));
const replyMock = vi.mocked(sendStoryReply);
const reactMock = vi.mocked(sendStoryReaction);
const ok = (kind: 'text' | 'reaction', text: string) =>
  Promise.resolve({ status: 'ok' as const, reply: { id: '1', kind, text, created_at: 1 } });

beforeEach(() => {
  resetStoriesState();
  storiesState.paused = false;
});
afterEach(() => {
  replyMock.mockReset();
  reactMock.mockReset();
});

const field = () => screen.getByRole('textbox', { name: 'Reply to teller' });

describe('StoryReplyBar (issue 18 part 5)', () => {
  it('offers a "Reply to {name}…" field and six named quick reactions', () => {
    render(<StoryReplyBar itemId="42" ownerName="teller" />);
    expect(field()).toHaveAttribute('placeholder', 'Reply to teller…');
    const group = screen.getByRole('group', { name: 'Quick reactions' });
    const names = [...group.querySelectorAll('button')].map((b) => b.getAttribute('aria-label'));
    expect(names).toEqual([
      'React with Laughing',
      'React with Surprised',
      'React with Heart eyes',
      'React with Crying',
      'React with Clapping',
      'React with Fire',
    ]);
    // Send appears only once there is something to send.
    expect(screen.queryByRole('button', { name: 'Send' })).toBeNull();
  });

  it('pauses the story while writing, sends the reply, confirms and plays on', async () => {
    replyMock.mockReturnValue(ok('text', 'Nice view'));
    const user = userEvent.setup();
    render(<StoryReplyBar itemId="42" ownerName="teller" />);
    await user.click(field());
    expect(storiesState.paused).toBe(true);
    await user.type(field(), '  Nice view ');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(replyMock).toHaveBeenCalledWith('42', 'Nice view');
    expect(await screen.findByRole('status')).toHaveTextContent('Sent');
    expect(field()).toHaveValue('');
    expect(storiesState.paused).toBe(false);
  });

  it('keeps the keyboard focus in the bar: on the field after Send, on the reaction pressed', async () => {
    replyMock.mockReturnValue(ok('text', 'Nice'));
    reactMock.mockReturnValue(ok('reaction', '🔥'));
    const user = userEvent.setup();
    render(<StoryReplyBar itemId="42" ownerName="teller" />);
    await user.type(field(), 'Nice');
    await user.tab();
    expect(screen.getByRole('button', { name: 'Send' })).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(await screen.findByRole('status')).toHaveTextContent('Sent');
    // Send went away with the text; focus is on the field and the story plays on.
    expect(field()).toHaveFocus();
    expect(storiesState.paused).toBe(false);
    const fire = screen.getByRole('button', { name: 'React with Fire' });
    fire.focus();
    await user.keyboard('{Enter}');
    expect(reactMock).toHaveBeenCalledWith('42', '🔥');
    expect(fire).toHaveFocus();
  });

  it('sends with Enter, and keeps a story paused that was paused before', async () => {
    replyMock.mockReturnValue(ok('text', 'hi'));
    storiesState.paused = true;
    const user = userEvent.setup();
    render(<StoryReplyBar itemId="42" ownerName="teller" />);
    await user.type(field(), 'hi{Enter}');
    expect(replyMock).toHaveBeenCalledWith('42', 'hi');
    expect(await screen.findByRole('status')).toHaveTextContent('Sent');
    expect(storiesState.paused).toBe(true);
  });

  it('sends a quick reaction and confirms it', async () => {
    reactMock.mockReturnValue(ok('reaction', '🔥'));
    const user = userEvent.setup();
    render(<StoryReplyBar itemId="42" ownerName="teller" />);
    await user.click(screen.getByRole('button', { name: 'React with Fire' }));
    expect(reactMock).toHaveBeenCalledWith('42', '🔥');
    expect(await screen.findByRole('status')).toHaveTextContent('Sent');
    expect(storiesState.paused).toBe(false);
  });

  it("shows the server's reason when a reply is refused, and keeps the text and the pause", async () => {
    replyMock.mockRejectedValue(
      new RequestError({
        code: 'http',
        statusCode: 410,
        statusText: 'Gone',
        responseText: '',
        parsed: {
          status: 'fail',
          message: 'This story has expired, so it can no longer be answered.',
        },
      }),
    );
    const user = userEvent.setup();
    render(<StoryReplyBar itemId="42" ownerName="teller" />);
    await user.type(field(), 'too late{Enter}');
    expect(await screen.findByRole('status')).toHaveTextContent(/expired/);
    expect(field()).toHaveValue('too late');
    expect(storiesState.paused).toBe(true);
  });

  it("keeps the viewer's arrow keys out of the field", async () => {
    const onKey = vi.fn();
    window.addEventListener('keydown', onKey);
    const user = userEvent.setup();
    render(<StoryReplyBar itemId="42" ownerName="teller" />);
    await user.type(field(), 'ab{ArrowLeft}{ArrowRight} ');
    window.removeEventListener('keydown', onKey);
    expect(onKey).not.toHaveBeenCalled();
  });
});
