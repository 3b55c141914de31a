/**
 * Whether a new version of the app is waiting, and how to switch to it. Filled by the service
 * worker registration (register-service-worker.ts, loaded after the page), read by the prompt.
 * Nothing here activates a version by itself: only the listener's press of "Reload" does.
 */
export interface UpdateStore {
  subscribe(listener: () => void): () => void;
  isUpdateReady(): boolean;
  /** A new version is installed and waiting; `activate` switches to it (and reloads the page). */
  offerUpdate(activate: () => void): void;
  /** The listener pressed "Reload": activates the waiting version once, however often pressed. */
  applyUpdate(): void;
}

export function createUpdateStore(): UpdateStore {
  const listeners = new Set<() => void>();
  let activate: (() => void) | null = null;
  let applied = false;

  return {
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    isUpdateReady: () => activate !== null,
    offerUpdate(next) {
      activate = next;
      applied = false;
      for (const listener of listeners) listener();
    },
    applyUpdate() {
      if (!activate || applied) return;
      applied = true;
      activate();
    },
  };
}

export const updateStore = createUpdateStore();
