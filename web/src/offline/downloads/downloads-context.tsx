import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useRef, useState, useSyncExternalStore } from 'react';
import { afterLoad } from '../../ui/after-load';
import type { DownloadedSong } from '../offline-db';
import type { DownloadManager, DownloadsState } from './download-manager';
import type { DownloadsRuntime } from './downloads-runtime';

export const LICENCE_LAPSED_MESSAGE = 'Renew Premium to keep listening offline.';

export type Downloads = DownloadsState & DownloadManager['actions'] & { licenceLapsed: boolean };
type Context = { runtime: DownloadsRuntime | null; licenceLapsed: boolean; request: () => void };

const DownloadsContext = createContext<Context>({ runtime: null, licenceLapsed: false, request: () => undefined });

/** Whether this browser can keep downloads at all (IndexedDB and Cache Storage). */
export const downloadsSupported = () => typeof indexedDB !== 'undefined' && typeof caches !== 'undefined';
const loadRuntime = () => import('./downloads-runtime').then((m) => ({ createDownloadsRuntime: m.createDownloadsRuntime }));

/**
 * The listener's downloads on this device (issue 15). Their code is not on the first screen's
 * path: it loads a little after the page (at once with no network, or when a page shows a download
 * button), then carries on with downloads a reload cut short and renews the offline licence.
 * The context changes only when that code arrives or the licence lapses: a download's progress
 * reaches only the components that read the downloads' state (useDownloads), so a long list of
 * songs is not drawn again a few times a second while it runs.
 */
export function DownloadsProvider({ userId, children }: { userId: number; children: ReactNode }) {
  const [wanted, setWanted] = useState(() => downloadsSupported() && !navigator.onLine);
  const [runtime, setRuntime] = useState<DownloadsRuntime | null>(null);
  const [licenceLapsed, setLicenceLapsed] = useState(false);

  useEffect(() => (downloadsSupported() && !wanted ? afterLoad(() => setWanted(true)) : undefined), [wanted]);
  useEffect(() => {
    if (!wanted) return;
    let live = true;
    void loadRuntime().then(({ createDownloadsRuntime }) => live && setRuntime(createDownloadsRuntime(userId)));
    return () => {
      live = false;
    };
  }, [wanted, userId]);
  useEffect(() => {
    if (!runtime) return;
    const catchUp = () => void runtime.catchUp().then(setLicenceLapsed);
    catchUp();
    window.addEventListener('online', catchUp);
    return () => window.removeEventListener('online', catchUp);
  }, [runtime]);

  const request = useCallback(() => {
    if (downloadsSupported()) setWanted(true);
  }, []);
  const value = useMemo(() => ({ runtime, licenceLapsed, request }), [runtime, licenceLapsed, request]);
  return <DownloadsContext.Provider value={value}>{children}</DownloadsContext.Provider>;
}

const noSubscription = () => () => undefined;
const EMPTY: DownloadsState = { ready: false, songs: new Map(), collections: new Map(), active: null, error: null };
const emptyState = () => EMPTY;

/** The downloads for a page that shows them, drawn again at each change: loads their code now if it is not there yet. Null until then, or where this browser cannot keep any. */
export function useDownloads(): Downloads | null {
  const { runtime, licenceLapsed, request } = useContext(DownloadsContext);
  const state = useSyncExternalStore(runtime?.manager.subscribe ?? noSubscription, runtime?.manager.getState ?? emptyState);
  useEffect(() => {
    if (!runtime) request();
  }, [runtime, request]);
  return useMemo(() => (runtime ? { ...state, ...runtime.manager.actions, licenceLapsed } : null), [runtime, state, licenceLapsed]);
}

/**
 * The kept songs while there is no network, null online (or before the downloads' code loads):
 * a list of songs dims what cannot start offline, and is not drawn again by a download's progress.
 */
export function useKeptSongsWhileOffline(online: boolean): ReadonlyMap<number, DownloadedSong> | null {
  const { runtime } = useContext(DownloadsContext);
  return useSyncExternalStore(runtime?.manager.subscribe ?? noSubscription, () => (online || !runtime ? null : runtime.manager.getState().songs));
}

/** Reads the downloads when asked (the player, as a song starts), without drawing anything again as they change. */
export function useDownloadsReader(): () => { songs: ReadonlyMap<number, DownloadedSong>; licenceLapsed: boolean } | null {
  const { runtime, licenceLapsed } = useContext(DownloadsContext);
  const latest = useRef({ runtime, licenceLapsed });
  useEffect(() => {
    latest.current = { runtime, licenceLapsed };
  }, [runtime, licenceLapsed]);
  return useCallback(() => {
    const { runtime: current, licenceLapsed: lapsed } = latest.current;
    return current ? { songs: current.manager.getState().songs, licenceLapsed: lapsed } : null;
  }, []);
}
