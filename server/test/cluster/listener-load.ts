import type { ClusterListener } from './start-cluster.js';

/**
 * Simulated listeners for the cluster test: each signs in and then browses, searches, plays songs
 * in ranges and reports the plays, likes and unlikes, and edits a playlist, with pauses between,
 * until told to stop. Every request is logged with its times and outcome, and every write the
 * server acknowledged is kept, so the test can hold the database to it afterwards.
 */

export type RequestRecord = { method: string; route: string; startedAt: number; endedAt: number; status: number; error?: string };

/** What the server said yes to: likes by listener and song (the last acknowledged state), playlist songs, recorded plays. */
export type AcknowledgedWrites = {
  likes: Map<string, boolean>;
  /** Likes whose last request failed: the database may hold either state. */
  uncertainLikes: Set<string>;
  playlistSongs: { playlistId: number; songId: number }[];
  uncertainPlaylistSongs: Set<string>;
  plays: Map<number, number>;
  uncertainPlays: Map<number, number>;
};

export type Listener = ClusterListener;

export type LoadOptions = {
  baseUrl: string;
  listeners: Listener[];
  songIds: number[];
  searchWords: string[];
  /** Ends the load when it resolves. */
  until: Promise<void>;
  random: () => number;
  /** The pause between one listener's requests, at least and at most (ms); [0, 0] keeps each listener's connection busy. */
  thinkMs?: readonly [number, number];
};

const THINK_MS = [150, 500] as const;
/** A play counts once 30 s are heard (PLAY_COUNT_THRESHOLD_SECONDS): a listener reports one at most this often. */
const PLAY_REPORT_EVERY_MS = 31_000;
const RANGE_BYTES = 64 * 1024;
const BROWSE = [
  ['/api/songs', '/api/songs?limit=20'],
  ['/api/home', '/api/home'],
  ['/api/playlists', '/api/playlists'],
  ['/api/songs/trending', '/api/songs/trending'],
] as const;

export function createWriteLog(): AcknowledgedWrites {
  return { likes: new Map(), uncertainLikes: new Set(), playlistSongs: [], uncertainPlaylistSongs: new Set(), plays: new Map(), uncertainPlays: new Map() };
}

export async function runListenerLoad(options: LoadOptions, log: RequestRecord[], writes: AcknowledgedWrites): Promise<void> {
  let stopped = false;
  void options.until.then(() => (stopped = true));

  async function send(listener: Listener, method: string, route: string, path: string, init: { body?: unknown; form?: FormData; headers?: Record<string, string> } = {}) {
    const startedAt = performance.now();
    try {
      const response = await fetch(`${options.baseUrl}${path}`, {
        method,
        headers: {
          cookie: listener.cookie,
          ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
          ...init.headers,
        },
        ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
        ...(init.form === undefined ? {} : { body: init.form }),
      });
      const body = Buffer.from(await response.arrayBuffer());
      log.push({ method, route, startedAt, endedAt: performance.now(), status: response.status });
      return { status: response.status, body };
    } catch (error) {
      log.push({ method, route, startedAt, endedAt: performance.now(), status: 0, error: error instanceof Error ? (error.cause as Error | undefined)?.message ?? error.message : String(error) });
      return { status: 0, body: Buffer.alloc(0) };
    }
  }

  const pick = <T>(items: readonly T[]): T => items[Math.floor(options.random() * items.length)]!;
  const [thinkMin, thinkMax] = options.thinkMs ?? THINK_MS;
  const pause = () => new Promise((resolve) => setTimeout(resolve, thinkMin + options.random() * (thinkMax - thinkMin)));
  await Promise.all(options.listeners.map((listener) => listen(listener)));

  async function listen(listener: Listener): Promise<void> {
    let playlistId: number | undefined;
    const inPlaylist = new Set<number>();
    let lastReportAt = performance.now();
    while (!stopped) {
      const roll = options.random();
      if (roll < 0.3) {
        const [route, path] = pick(BROWSE);
        await send(listener, 'GET', route, path);
      } else if (roll < 0.45) {
        await send(listener, 'GET', '/api/search', `/api/search?q=${encodeURIComponent(pick(options.searchWords))}`);
      } else if (roll < 0.7) {
        const songId = pick(options.songIds);
        for (const start of [0, RANGE_BYTES]) {
          await send(listener, 'GET', '/api/songs/:id/stream', `/api/songs/${songId}/stream`, { headers: { range: `bytes=${start}-${start + RANGE_BYTES - 1}` } });
        }
        if (performance.now() - lastReportAt >= PLAY_REPORT_EVERY_MS) {
          lastReportAt = performance.now();
          const reported = await send(listener, 'POST', '/api/songs/:id/play', `/api/songs/${songId}/play`, { body: { minutesPlayed: 0.5 } });
          if (reported.status === 200) {
            if ((JSON.parse(reported.body.toString()) as { recorded: boolean }).recorded) writes.plays.set(listener.userId, (writes.plays.get(listener.userId) ?? 0) + 1);
          } else {
            writes.uncertainPlays.set(listener.userId, (writes.uncertainPlays.get(listener.userId) ?? 0) + 1);
          }
        }
      } else if (roll < 0.85) {
        const songId = pick(options.songIds);
        const key = `${listener.userId}:${songId}`;
        const like = !(writes.likes.get(key) ?? false);
        const answer = await send(listener, like ? 'POST' : 'DELETE', '/api/songs/:id/like', `/api/songs/${songId}/like`);
        if (answer.status >= 200 && answer.status < 300) {
          writes.likes.set(key, like);
          writes.uncertainLikes.delete(key);
        } else {
          writes.uncertainLikes.add(key);
        }
      } else if (playlistId === undefined) {
        const form = new FormData();
        form.append('name', `Cluster mix ${listener.userId}`);
        const created = await send(listener, 'POST', '/api/playlists', '/api/playlists', { form });
        if (created.status === 201) playlistId = (JSON.parse(created.body.toString()) as { id: number }).id;
      } else {
        const songId = pick(options.songIds.filter((id) => !inPlaylist.has(id)));
        if (songId !== undefined) {
          inPlaylist.add(songId);
          const added = await send(listener, 'POST', '/api/playlists/:id/songs', `/api/playlists/${playlistId}/songs`, { body: { songId } });
          if (added.status >= 200 && added.status < 300) writes.playlistSongs.push({ playlistId, songId });
          else writes.uncertainPlaylistSongs.add(`${playlistId}:${songId}`);
        }
      }
      await pause();
    }
  }
}
