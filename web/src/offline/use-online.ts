import { useSyncExternalStore } from 'react';
import { isOnline, subscribeToConnectivity } from './connectivity';

const subscribe = (onChange: () => void) => subscribeToConnectivity(window, onChange);
const getSnapshot = () => isOnline(window);

/** Whether the browser says it has a network, kept current; true when rendered at build time. */
export function useOnline(): boolean {
  return useSyncExternalStore(subscribe, getSnapshot, () => true);
}
