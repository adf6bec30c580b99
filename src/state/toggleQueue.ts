// A toggle queue for on/off actions (like, save): the displayed value follows every tap at once,
// at most one request per key is in flight, and when a request returns the queue sends the latest
// wish only if it still differs from what the server confirmed. Redundant taps (like, unlike, like
// while the first like is in flight) therefore cost one request, and the final state is the last tap.

export interface ToggleQueueOptions {
  send: (key: string, value: boolean) => Promise<unknown>;
  /** The value to show now (optimistic). */
  onDisplay: (key: string, value: boolean) => void;
  /** Nothing left in flight: `confirmed` is the server's value; `error` is set after a failure. */
  onSettled: (key: string, confirmed: boolean, error: unknown) => void;
}

interface Entry {
  confirmed: boolean;
  desired: boolean;
}

export interface ToggleQueue {
  /** `confirmed` is the server's current value, used when nothing is queued for the key yet. */
  set: (key: string, value: boolean, confirmed: boolean) => void;
  isBusy: (key: string) => boolean;
}

export function createToggleQueue(options: ToggleQueueOptions): ToggleQueue {
  const entries = new Map<string, Entry>();

  async function drain(key: string, entry: Entry): Promise<void> {
    while (entry.desired !== entry.confirmed) {
      const target = entry.desired;
      try {
        await options.send(key, target);
        entry.confirmed = target;
      } catch (error) {
        entries.delete(key);
        options.onSettled(key, entry.confirmed, error);
        return;
      }
    }
    entries.delete(key);
    options.onSettled(key, entry.confirmed, null);
  }

  return {
    set(key, value, confirmed) {
      const existing = entries.get(key);
      options.onDisplay(key, value);
      if (existing) {
        existing.desired = value;
        return;
      }
      if (value === confirmed) {
        options.onSettled(key, confirmed, null);
        return;
      }
      const entry = { confirmed, desired: value };
      entries.set(key, entry);
      void drain(key, entry);
    },
    isBusy: (key) => entries.has(key),
  };
}
