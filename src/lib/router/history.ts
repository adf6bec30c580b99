/**
 * Session history for the router: the browser's (pushState + popstate) or an in-memory one for
 * tests. Browser entries keep React Router's state shape `{ usr, key, idx }`, so `idx` tells a
 * page whether there is an entry of this app to go back to.
 */
export type Action = 'POP' | 'PUSH' | 'REPLACE';

export interface Path {
  pathname: string;
  search: string;
  hash: string;
}

export interface Location extends Path {
  state: unknown;
  key: string;
}

export type To = string | Partial<Path>;

export interface HistoryUpdate {
  action: Action;
  location: Location;
}

export interface History {
  readonly location: Location;
  readonly action: Action;
  push(path: Path, state?: unknown): void;
  replace(path: Path, state?: unknown): void;
  go(delta: number): void;
  /** Called for POP only: the router itself makes every PUSH and REPLACE. */
  listen(listener: (update: HistoryUpdate) => void): () => void;
}

const createKey = () => Math.random().toString(36).slice(2, 10);

export function parsePath(path: string): Path {
  const hashAt = path.indexOf('#');
  const hash = hashAt >= 0 ? path.slice(hashAt) : '';
  const rest = hashAt >= 0 ? path.slice(0, hashAt) : path;
  const searchAt = rest.indexOf('?');
  return {
    pathname: searchAt >= 0 ? rest.slice(0, searchAt) : rest,
    search: searchAt >= 0 ? rest.slice(searchAt) : '',
    hash,
  };
}

export function createPath({ pathname, search, hash }: Path): string {
  return `${pathname}${search && search !== '?' ? search : ''}${hash && hash !== '#' ? hash : ''}`;
}

/** An absolute path for `to`, relative ones ('edit', '../x', '?q=1') resolved against `from`. */
export function resolveTo(to: To, from: string): Path {
  const target =
    typeof to === 'string' ? parsePath(to) : { pathname: '', search: '', hash: '', ...to };
  if (!target.pathname) return { ...target, pathname: from };
  if (target.pathname.startsWith('/')) return target;
  const url = new URL(target.pathname, `http://x${from.endsWith('/') ? from : `${from}/`}`);
  return { ...target, pathname: url.pathname };
}

function notifier() {
  const listeners = new Set<(update: HistoryUpdate) => void>();
  return {
    listen(listener: (update: HistoryUpdate) => void) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    notify(update: HistoryUpdate) {
      for (const listener of listeners) listener(update);
    },
  };
}

interface BrowserEntry {
  usr?: unknown;
  key?: string;
  idx?: number;
}

export function createBrowserHistory(): History {
  const entry = () => (window.history.state ?? {}) as BrowserEntry;
  const read = (): Location => {
    const { pathname, search, hash } = window.location;
    const { usr, key } = entry();
    return { pathname, search, hash, state: usr ?? null, key: key ?? 'default' };
  };
  let index = entry().idx ?? 0;
  if (entry().idx === undefined) {
    window.history.replaceState({ ...entry(), idx: index }, '');
  }
  let location = read();
  let action: Action = 'POP';
  const { listen, notify } = notifier();
  window.addEventListener('popstate', () => {
    action = 'POP';
    index = entry().idx ?? 0;
    location = read();
    notify({ action, location });
  });
  const write = (path: Path, state: unknown, replace: boolean) => {
    index = replace ? index : index + 1;
    const next: BrowserEntry = { usr: state ?? null, key: createKey(), idx: index };
    if (replace) window.history.replaceState(next, '', createPath(path));
    else window.history.pushState(next, '', createPath(path));
    action = replace ? 'REPLACE' : 'PUSH';
    location = read();
  };
  return {
    get location() {
      return location;
    },
    get action() {
      return action;
    },
    push: (path, state) => write(path, state, false),
    replace: (path, state) => write(path, state, true),
    go: (delta) => window.history.go(delta),
    listen,
  };
}

export function createMemoryHistory(initialEntries: To[] = ['/']): History {
  const toLocation = (path: Path, state: unknown, key = createKey()): Location => ({
    ...path,
    state: state ?? null,
    key,
  });
  const entries = initialEntries.map((to, i) =>
    toLocation(resolveTo(to, '/'), null, i === 0 ? 'default' : createKey()),
  );
  let index = entries.length - 1;
  let action: Action = 'POP';
  const { listen, notify } = notifier();
  return {
    get location() {
      return entries[index];
    },
    get action() {
      return action;
    },
    push(path, state) {
      entries.splice(index + 1, entries.length, toLocation(path, state));
      index += 1;
      action = 'PUSH';
    },
    replace(path, state) {
      entries[index] = toLocation(path, state);
      action = 'REPLACE';
    },
    go(delta) {
      const next = Math.min(Math.max(index + delta, 0), entries.length - 1);
      if (next === index) return;
      index = next;
      action = 'POP';
      notify({ action, location: entries[index] });
    },
    listen,
  };
}
