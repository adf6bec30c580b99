// Edit profile: the username is checked while the member types (issue 17, "a taken username on
// Edit profile is reported at the field"), as signup's dry run does, not only on Submit.
import { checkProfileEdit } from '../api/settings';
import { settingsState, type SettingsState } from './settings';

/** Quiet time after the last keystroke before the username is checked. */
export const USERNAME_CHECK_DELAY_MS = 400;

let timer: ReturnType<typeof setTimeout> | null = null;
let controller: AbortController | null = null;

/** Stops a pending or running check (the page closed, or a newer value replaced it). */
export function cancelUsernameCheck(): void {
  if (timer !== null) clearTimeout(timer);
  timer = null;
  controller?.abort();
  controller = null;
}

function savedUsername(state: SettingsState): string | null {
  return state.formData.status === 'ready' ? state.formData.data.username : null;
}

/**
 * Called after each edit of the username: once typing pauses, the server checks the value. Its
 * answer shows at the field only while the field still holds the value it is about, so an old
 * answer never lands on newer input; the member's own username needs no check.
 */
export function scheduleUsernameCheck(state: SettingsState = settingsState): void {
  cancelUsernameCheck();
  const value = state.profile.username;
  if (!value.trim() || value === savedUsername(state)) return;
  timer = setTimeout(() => {
    timer = null;
    void runUsernameCheck(state, value);
  }, USERNAME_CHECK_DELAY_MS);
}

async function runUsernameCheck(state: SettingsState, value: string): Promise<void> {
  const own = new AbortController();
  controller = own;
  try {
    const answer = await checkProfileEdit({ username: value }, { signal: own.signal });
    if (own.signal.aborted || state.profile.username !== value || state.savingProfile) return;
    const message = answer.errors?.username?.[0]?.message;
    if (message) state.profileErrors.username = message;
  } catch {
    // Aborted: a newer value owns the check. Failed: Submit reports what the server says.
  } finally {
    if (controller === own) controller = null;
  }
}
