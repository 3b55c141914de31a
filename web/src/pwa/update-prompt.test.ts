// @vitest-environment node
import { describe, expect, it, vi } from 'vitest';
import { createUpdateStore } from './update-store';
import { watchForUpdates, type UpdateSource } from './watch-for-updates';

/** Stands in for workbox-window's Workbox: the test fires its lifecycle events. */
function fakeWorkbox() {
  const listeners = new Map<string, (() => void)[]>();
  const source: UpdateSource & { fire(type: string): void } = {
    addEventListener: (type, listener) => listeners.set(type, [...(listeners.get(type) ?? []), listener]),
    messageSkipWaiting: vi.fn(),
    fire: (type) => listeners.get(type)?.forEach((listener) => listener()),
  };
  return source;
}

describe('the new-version prompt', () => {
  it('shows when a new version waits, and reloads only after Reload is pressed and the new version took over', () => {
    const workbox = fakeWorkbox();
    const store = createUpdateStore();
    const reload = vi.fn();
    const onChange = vi.fn();
    store.subscribe(onChange);
    watchForUpdates(workbox, store, reload);
    expect(store.isUpdateReady()).toBe(false);

    workbox.fire('waiting');
    expect(store.isUpdateReady()).toBe(true);
    expect(onChange).toHaveBeenCalledTimes(1);
    // Waiting alone activates nothing and reloads nothing (a song may be playing).
    expect(workbox.messageSkipWaiting).not.toHaveBeenCalled();
    expect(reload).not.toHaveBeenCalled();

    store.applyUpdate();
    expect(workbox.messageSkipWaiting).toHaveBeenCalledTimes(1);
    expect(reload).not.toHaveBeenCalled();
    workbox.fire('controlling');
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('does not reload when a first version takes control of the page', () => {
    const workbox = fakeWorkbox();
    const reload = vi.fn();
    watchForUpdates(workbox, createUpdateStore(), reload);
    workbox.fire('controlling');
    expect(reload).not.toHaveBeenCalled();
  });

  it('activates once however often Reload is pressed, and does nothing with no update waiting', () => {
    const workbox = fakeWorkbox();
    const store = createUpdateStore();
    store.applyUpdate();
    watchForUpdates(workbox, store, vi.fn());
    workbox.fire('waiting');
    store.applyUpdate();
    store.applyUpdate();
    expect(workbox.messageSkipWaiting).toHaveBeenCalledTimes(1);
  });

  it('stops telling a listener that unsubscribed', () => {
    const store = createUpdateStore();
    const onChange = vi.fn();
    store.subscribe(onChange)();
    store.offerUpdate(vi.fn());
    expect(onChange).not.toHaveBeenCalled();
  });
});
