// Follow requests to the viewer's private account (content §3 "Follow request", §4, §8).
// pending → approving → approved, or back to pending on failure;
// pending → ignoring → removed, or back to pending on failure.
import { proxy } from 'valtio';
import { approveFollowRequest, ignoreFollowRequest } from '../api/friendships';
import type { WireUser } from '../api/types';

export type FollowRequestState = 'pending' | 'approving' | 'approved' | 'ignoring' | 'removed';

export interface FollowRequest {
  userId: string;
  user: WireUser;
  state: FollowRequestState;
}

/** Both buttons (Confirm, Delete) work only on a pending request. */
export function canActOn(request: Pick<FollowRequest, 'state'>): boolean {
  return request.state === 'pending';
}

type Event =
  | 'approveAttempted'
  | 'approveSucceeded'
  | 'approveFailed'
  | 'ignoreAttempted'
  | 'ignoreSucceeded'
  | 'ignoreFailed';

/** Allowed transitions; an event from any other state leaves the request as it is. */
const TRANSITIONS: Record<Event, [from: FollowRequestState, to: FollowRequestState]> = {
  approveAttempted: ['pending', 'approving'],
  approveSucceeded: ['approving', 'approved'],
  approveFailed: ['approving', 'pending'],
  ignoreAttempted: ['pending', 'ignoring'],
  ignoreSucceeded: ['ignoring', 'removed'],
  ignoreFailed: ['ignoring', 'pending'],
};

export function transition(state: FollowRequestState, event: Event): FollowRequestState {
  const [from, to] = TRANSITIONS[event];
  return state === from ? to : state;
}

interface FollowRequestsState {
  /** Newest first, as the server lists them; removed requests stay out of the list. */
  requests: FollowRequest[];
}

export const followRequestsState = proxy<FollowRequestsState>({ requests: [] });

/** Replaces the list with what the activity feed returned. */
export function setFollowRequests(users: WireUser[]): void {
  followRequestsState.requests = users.map((user) => ({
    userId: user.id,
    user,
    state: 'pending',
  }));
}

function apply(userId: string, event: Event): void {
  const request = followRequestsState.requests.find((r) => r.userId === userId);
  if (request) request.state = transition(request.state, event);
}

/** The requests still on screen (everything but removed ones). */
export function visibleRequests(requests: readonly FollowRequest[]): readonly FollowRequest[] {
  return requests.filter((r) => r.state !== 'removed');
}

/** How many requests still wait for an answer (drives the badge). */
export function pendingCount(requests: readonly FollowRequest[]): number {
  return requests.filter((r) => r.state === 'pending').length;
}

function isPending(userId: string): boolean {
  const request = followRequestsState.requests.find((r) => r.userId === userId);
  return request !== undefined && canActOn(request);
}

export async function approveRequest(userId: string): Promise<boolean> {
  if (!isPending(userId)) return false;
  apply(userId, 'approveAttempted');
  try {
    await approveFollowRequest(userId);
    apply(userId, 'approveSucceeded');
    return true;
  } catch {
    apply(userId, 'approveFailed');
    return false;
  }
}

export async function ignoreRequest(userId: string): Promise<boolean> {
  if (!isPending(userId)) return false;
  apply(userId, 'ignoreAttempted');
  try {
    await ignoreFollowRequest(userId);
    apply(userId, 'ignoreSucceeded');
    return true;
  } catch {
    apply(userId, 'ignoreFailed');
    return false;
  }
}
