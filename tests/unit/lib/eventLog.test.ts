// @vitest-environment node
import { afterEach, describe, expect, it, vi } from 'vitest';
import { logClientEvent, setEventSink } from '../../../src/lib/eventLog';
import { logAuthEvent } from '../../../src/state/authEvents';
import { followSucceeded, makeRelationship } from '../../../src/state/relationships';

afterEach(() => setEventSink(null));

describe('client event log', () => {
  it('keeps events logged before telemetry starts and hands them over in order', () => {
    logClientEvent('early_one', { a: 1 });
    logAuthEvent({ name: 'login_failure', type: 'password_mismatch' });
    const sink = vi.fn();
    setEventSink(sink);
    expect(sink.mock.calls).toEqual([
      ['early_one', { a: 1 }],
      ['login_failure', { type: 'password_mismatch' }],
    ]);
    logAuthEvent({ name: 'signup_success', method: 'email' });
    expect(sink).toHaveBeenLastCalledWith('signup_success', { method: 'email' });
  });

  it('logs an unexpected follow result (spec: logged, then treated by privacy)', () => {
    const sink = vi.fn();
    setEventSink(sink);
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const rel = makeRelationship({
      followedByViewer: 'none',
      followsViewer: false,
      blockedByViewer: false,
      hasBlockedViewer: false,
    });
    expect(followSucceeded(rel, 'weird', true).followedByViewer.state).toBe('requested');
    expect(sink).toHaveBeenCalledWith('follow_unexpected_result', { result: '"weird"' });
  });
});
