// Posts behind a cover (content §3 gating info) that the viewer chose to see. Kept for the page's
// life, not in the card, so a revealed photo stays revealed when the windowed feed remounts its
// card or the same post opens in the modal; a reload covers it again.
import { proxy } from 'valtio';

interface GatingState {
  revealed: Record<string, true>;
}

export const gatingState = proxy<GatingState>({ revealed: {} });

export function revealGatedPost(id: string): void {
  gatingState.revealed[id] = true;
}

/** Test helper. */
export function resetGatingState(): void {
  gatingState.revealed = {};
}
