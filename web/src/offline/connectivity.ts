/** What the connectivity checks read: the window, or a fake in tests. */
export interface ConnectivityTarget {
  navigator: { onLine: boolean };
  addEventListener(type: 'online' | 'offline', listener: () => void): void;
  removeEventListener(type: 'online' | 'offline', listener: () => void): void;
}

/** Calls `onChange` whenever the browser goes offline or back online; returns the unsubscribe. */
export function subscribeToConnectivity(target: ConnectivityTarget, onChange: () => void): () => void {
  target.addEventListener('online', onChange);
  target.addEventListener('offline', onChange);
  return () => {
    target.removeEventListener('online', onChange);
    target.removeEventListener('offline', onChange);
  };
}

export function isOnline(target: ConnectivityTarget): boolean {
  return target.navigator.onLine;
}
