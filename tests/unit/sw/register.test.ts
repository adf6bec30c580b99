import { describe, expect, it, vi } from 'vitest';
import { registerServiceWorker } from '../../../src/sw/register';

function fakeBrowser({ withWorkers = true, loaded = true } = {}) {
  const register = vi.fn(() => Promise.resolve({}));
  const nav = (withWorkers ? { serviceWorker: { register } } : {}) as unknown as Navigator;
  const win = new EventTarget() as unknown as Window;
  Object.assign(win, { document: { readyState: loaded ? 'complete' : 'interactive' } });
  return { register, nav, win };
}

describe('service worker registration', () => {
  it.each(['production', 'canary', 'preprod'])('registers /sw.js in a %s build', (mode) => {
    const { register, nav, win } = fakeBrowser();
    registerServiceWorker({ mode, prod: true }, nav, win);
    expect(register).toHaveBeenCalledWith('/sw.js', { scope: '/', updateViaCache: 'none' });
  });

  it('waits for the page to load first', () => {
    const { register, nav, win } = fakeBrowser({ loaded: false });
    registerServiceWorker({ mode: 'production', prod: true }, nav, win);
    expect(register).not.toHaveBeenCalled();
    win.dispatchEvent(new Event('load'));
    expect(register).toHaveBeenCalledTimes(1);
  });

  it.each([
    ['the lab build', { mode: 'lab', prod: true }],
    ['vitest', { mode: 'test', prod: false }],
    ['the dev server', { mode: 'development', prod: false }],
    ['the dev server in canary mode', { mode: 'canary', prod: false }],
  ])('does nothing in %s', (_name, env) => {
    const { register, nav, win } = fakeBrowser();
    registerServiceWorker(env, nav, win);
    expect(register).not.toHaveBeenCalled();
  });

  it('does nothing without navigator.serviceWorker', () => {
    const { nav, win } = fakeBrowser({ withWorkers: false });
    expect(() => registerServiceWorker({ mode: 'production', prod: true }, nav, win)).not.toThrow();
  });

  it('does nothing under vitest by default', () => {
    const register = vi.fn(() => Promise.resolve({}));
    Object.defineProperty(navigator, 'serviceWorker', { value: { register }, configurable: true });
    try {
      registerServiceWorker();
      window.dispatchEvent(new Event('load'));
      expect(register).not.toHaveBeenCalled();
    } finally {
      Reflect.deleteProperty(navigator, 'serviceWorker');
    }
  });
});
