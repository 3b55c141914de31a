// @vitest-environment node
import { describe, expect, it, vi } from 'vitest';
import { isOnline, subscribeToConnectivity } from './connectivity';

/** A window stand-in: the test flips navigator.onLine and fires the events the browser would. */
function fakeWindow() {
  const events = new EventTarget();
  return {
    navigator: { onLine: true },
    addEventListener: (type: 'online' | 'offline', listener: () => void) => events.addEventListener(type, listener),
    removeEventListener: (type: 'online' | 'offline', listener: () => void) => events.removeEventListener(type, listener),
    go(online: boolean) {
      this.navigator.onLine = online;
      events.dispatchEvent(new Event(online ? 'online' : 'offline'));
    },
  };
}

describe('the offline banner', () => {
  it('follows the browser going offline and back online, until unsubscribed', () => {
    const target = fakeWindow();
    const onChange = vi.fn();
    const unsubscribe = subscribeToConnectivity(target, onChange);
    expect(isOnline(target)).toBe(true);

    target.go(false);
    expect(onChange).toHaveBeenCalledTimes(1);
    expect(isOnline(target)).toBe(false);
    target.go(true);
    expect(onChange).toHaveBeenCalledTimes(2);
    expect(isOnline(target)).toBe(true);

    unsubscribe();
    target.go(false);
    expect(onChange).toHaveBeenCalledTimes(2);
  });
});
