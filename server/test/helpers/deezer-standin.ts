import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import https from 'node:https';
import type { AddressInfo, Socket } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildTestAudio } from './audio-fixtures.js';

/**
 * A local stand-in for Deezer: its public API (search, chart, track, artist, artist top tracks)
 * over HTTP, answering in Deezer's documented JSON shapes (errors included: HTTP 200 with an
 * `error` object), and its preview CDN over HTTPS, serving real MP3s at signed URLs that expire
 * (403, as Deezer's CDN answers) so refresh-url can be exercised.
 */

const tlsDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../fixtures/tls');
/** The stand-in CDN's certificate (self-signed, for localhost and 127.0.0.1): trust it with AUDIO_PROXY_CA_FILE. */
export const STANDIN_CA_FILE = path.join(tlsDir, 'standin.crt');

export type StandinArtist = { id: number; name: string };
export type StandinTrack = { id: number; title: string; duration: number; rank: number; explicit: boolean; artist: StandinArtist; album: string };

const ARTISTS = {
  burna: { id: 1_424_821, name: 'Burna Boy' },
  wizkid: { id: 429_675, name: 'Wizkid' },
  tems: { id: 12_254_394, name: 'Tems' },
  asake: { id: 159_317_252, name: 'Asake' },
  rema: { id: 14_432_735, name: 'Rema' },
} satisfies Record<string, StandinArtist>;

/** The stand-in's catalogue. The chart is every track, by rank. */
export const STANDIN_TRACKS: StandinTrack[] = [
  { id: 1_777_591_627, title: 'Last Last', duration: 172, rank: 905_112, explicit: true, artist: ARTISTS.burna, album: 'Love, Damini' },
  { id: 1_174_998_632, title: 'Kilometre', duration: 183, rank: 702_440, explicit: false, artist: ARTISTS.burna, album: 'Kilometre' },
  { id: 916_424, title: 'Ye', duration: 231, rank: 688_001, explicit: false, artist: ARTISTS.burna, album: 'Outside' },
  { id: 1_050_345_232, title: 'Essence', duration: 248, rank: 850_333, explicit: false, artist: ARTISTS.wizkid, album: 'Made in Lagos' },
  { id: 1_293_847_561, title: 'Joro', duration: 261, rank: 610_870, explicit: false, artist: ARTISTS.wizkid, album: 'Joro' },
  { id: 2_241_307_431, title: 'Free Mind', duration: 255, rank: 799_203, explicit: false, artist: ARTISTS.tems, album: 'For Broken Ears' },
  { id: 2_310_443_102, title: 'Me & U', duration: 192, rank: 640_000, explicit: false, artist: ARTISTS.tems, album: 'Me & U' },
  { id: 2_189_903_442, title: 'Lonely At The Top', duration: 130, rank: 777_777, explicit: false, artist: ARTISTS.asake, album: 'Work of Art' },
  { id: 1_983_455_201, title: 'Terminator', duration: 163, rank: 590_010, explicit: false, artist: ARTISTS.asake, album: 'Mr. Money With The Vibe' },
  { id: 1_718_302_212, title: 'Calm Down', duration: 239, rank: 990_001, explicit: false, artist: ARTISTS.rema, album: 'Rave & Roses' },
  { id: 1_402_114_993, title: 'Woman', duration: 177, rank: 500_100, explicit: false, artist: ARTISTS.rema, album: 'Rave & Roses' },
  { id: 2_503_991_180, title: 'Ozeba', duration: 154, rank: 650_450, explicit: false, artist: ARTISTS.rema, album: 'Ozeba' },
];

export type StandinOptions = {
  /** Seconds of each preview MP3 (Deezer's are 30). */
  previewSeconds?: number;
  /** How long a signed preview URL stays valid. */
  urlLifetimeSeconds?: number;
};

export type DeezerStandin = {
  /** Base URL for DEEZER_API_URL. */
  apiUrl: string;
  /** The CDN's origin (https://127.0.0.1:port) and its `host:port` for AUDIO_PROXY_ALLOWED_HOSTS. */
  mediaOrigin: string;
  mediaHost: string;
  caFile: string;
  tracks: StandinTrack[];
  /** The current signed preview URL of a track. */
  previewUrl(trackId: number): string;
  /** Makes every preview URL handed out so far for this track answer 403, as an expired Deezer URL does. */
  expire(trackId: number): void;
  /** `down`: API requests get 503; `hang`: they never answer; `quota`: Deezer's quota error; null: normal. */
  setApiFailure(mode: 'down' | 'hang' | 'quota' | null): void;
  /** Requests and TCP connections each side has received (a refused proxy request must add none). */
  stats(): { apiRequests: number; mediaRequests: number; mediaConnections: number };
  /** The bytes of a track's preview MP3. */
  previewBytes(trackId: number): Buffer;
  close(): Promise<void>;
};

// An address, not a name: `localhost` may resolve to ::1 first while the CDN listens on IPv4.
const MEDIA_HOST = '127.0.0.1';

export async function startDeezerStandin(options: StandinOptions = {}): Promise<DeezerStandin> {
  const previewSeconds = options.previewSeconds ?? 30;
  const lifetime = options.urlLifetimeSeconds ?? 15 * 60;
  const secret = crypto.randomBytes(16);
  // Three distinct real MP3s, shared by the tracks in turn.
  const mp3s = await Promise.all([1, 2, 3].map((seed) => buildTestAudio('mp3', { seconds: previewSeconds, seed: 7000 + seed })));
  const versions = new Map<number, number>();
  let apiFailure: 'down' | 'hang' | 'quota' | null = null;
  const counts = { apiRequests: 0, mediaRequests: 0, mediaConnections: 0 };
  const sockets = new Set<Socket>();
  const byId = new Map(STANDIN_TRACKS.map((track) => [track.id, track]));

  const bytesOf = (trackId: number) => mp3s[STANDIN_TRACKS.findIndex((track) => track.id === trackId) % mp3s.length]!;
  const md5 = (value: string) => crypto.createHash('md5').update(value).digest('hex');
  const sign = (acl: string, exp: number) => crypto.createHmac('sha256', secret).update(`${acl}|${exp}`).digest('hex');

  let mediaOrigin = '';
  const expire = (trackId: number) => versions.set(trackId, (versions.get(trackId) ?? 0) + 1);
  function previewUrl(trackId: number): string {
    // Deezer's shape: /api/1/1/<hex path>.mp3?hdnea=exp=…~acl=…~data=…~hmac=…
    const version = versions.get(trackId) ?? 0;
    const hash = md5(`${trackId}:${version}`);
    const acl = `/api/1/1/${hash.slice(0, 1)}/${hash.slice(1, 2)}/${hash.slice(2, 3)}/0/${hash}.mp3`;
    const exp = Math.floor(Date.now() / 1000) + lifetime;
    return `${mediaOrigin}${acl}?hdnea=exp=${exp}~acl=${acl}*~data=user_id=0,application_id=42~hmac=${sign(acl, exp)}`;
  }

  const picture = (kind: string, id: number, size: string) => `https://e-cdns-images.dzcdn.net/images/${kind}/${md5(`${kind}${id}`)}/${size}-000000-80-0-0.jpg`;
  const artistJson = (artist: StandinArtist) => ({
    id: artist.id,
    name: artist.name,
    link: `https://www.deezer.com/artist/${artist.id}`,
    picture: `https://api.deezer.com/artist/${artist.id}/image`,
    picture_small: picture('artist', artist.id, '56x56'),
    picture_medium: picture('artist', artist.id, '250x250'),
    picture_big: picture('artist', artist.id, '500x500'),
    picture_xl: picture('artist', artist.id, '1000x1000'),
    tracklist: `https://api.deezer.com/artist/${artist.id}/top?limit=50`,
    type: 'artist',
  });
  const trackJson = (track: StandinTrack, position?: number) => {
    const albumId = Number.parseInt(md5(track.album).slice(0, 7), 16);
    return {
      id: track.id,
      readable: true,
      title: track.title,
      title_short: track.title,
      title_version: '',
      link: `https://www.deezer.com/track/${track.id}`,
      duration: track.duration,
      rank: track.rank,
      explicit_lyrics: track.explicit,
      explicit_content_lyrics: track.explicit ? 1 : 0,
      explicit_content_cover: 0,
      preview: previewUrl(track.id),
      md5_image: md5(track.album),
      ...(position === undefined ? {} : { position }),
      artist: artistJson(track.artist),
      album: {
        id: albumId,
        title: track.album,
        cover: `https://api.deezer.com/album/${albumId}/image`,
        cover_small: picture('cover', albumId, '56x56'),
        cover_medium: picture('cover', albumId, '250x250'),
        cover_big: picture('cover', albumId, '500x500'),
        cover_xl: picture('cover', albumId, '1000x1000'),
        md5_image: md5(track.album),
        tracklist: `https://api.deezer.com/album/${albumId}/tracks`,
        type: 'album',
      },
      type: 'track',
    };
  };
  const list = (tracks: StandinTrack[], limit: number) => ({
    data: tracks.slice(0, limit).map((track, index) => trackJson(track, index + 1)),
    total: tracks.length,
  });
  const noData = { error: { type: 'DataException', message: 'no data', code: 800 } };

  function answerApi(url: URL): unknown {
    const limit = Math.min(Number(url.searchParams.get('limit') ?? 25) || 25, 100);
    const parts = url.pathname.split('/').filter(Boolean);
    if (parts[0] === 'search' && parts.length === 1) {
      const q = (url.searchParams.get('q') ?? '').trim().toLowerCase();
      if (!q) return { error: { type: 'ParameterException', message: 'Wrong parameter: q', code: 501 } };
      const words = q.split(/\s+/);
      const hits = STANDIN_TRACKS.filter((track) => {
        const text = `${track.title} ${track.artist.name} ${track.album}`.toLowerCase();
        return words.every((word) => text.includes(word));
      }).sort((a, b) => b.rank - a.rank);
      return list(hits, limit);
    }
    if (parts[0] === 'chart' && parts[2] === 'tracks') return list([...STANDIN_TRACKS].sort((a, b) => b.rank - a.rank), limit);
    if (parts[0] === 'track' && parts.length === 2) {
      const track = byId.get(Number(parts[1]));
      return track ? trackJson(track) : noData;
    }
    if (parts[0] === 'artist' && parts.length >= 2) {
      const artist = Object.values(ARTISTS).find((candidate) => candidate.id === Number(parts[1]));
      if (!artist) return noData;
      const tracks = STANDIN_TRACKS.filter((track) => track.artist.id === artist.id).sort((a, b) => b.rank - a.rank);
      if (parts[2] === 'top') return list(tracks, limit);
      if (parts.length === 2) {
        return { ...artistJson(artist), share: `https://www.deezer.com/artist/${artist.id}`, nb_album: new Set(tracks.map((t) => t.album)).size, nb_fan: artist.id % 9_000_000, radio: true };
      }
    }
    return { error: { type: 'DataException', message: 'no data', code: 800 } };
  }

  const api = http.createServer((request, response) => {
    // Not Deezer's: lets a browser test expire a preview from outside this process.
    const control = /^\/__standin\/expire\/(\d+)$/.exec(request.url ?? '');
    if (control && request.method === 'POST') {
      expire(Number(control[1]));
      response.writeHead(204).end();
      return;
    }
    counts.apiRequests += 1;
    if (apiFailure === 'hang') return;
    if (apiFailure === 'down') {
      response.writeHead(503, { 'content-type': 'text/html' }).end('<html><body>Service Unavailable</body></html>');
      return;
    }
    const body = apiFailure === 'quota' ? { error: { type: 'Exception', message: 'Quota limit exceeded', code: 4 } } : answerApi(new URL(request.url ?? '/', 'http://standin'));
    response.writeHead(200, { 'content-type': 'application/json; charset=utf-8' }).end(JSON.stringify(body));
  });

  const media = https.createServer({ key: fs.readFileSync(path.join(tlsDir, 'standin.key')), cert: fs.readFileSync(STANDIN_CA_FILE) }, (request, response) => {
    counts.mediaRequests += 1;
    const url = new URL(request.url ?? '/', mediaOrigin);
    const track = STANDIN_TRACKS.find((candidate) => url.pathname.endsWith(`/${md5(`${candidate.id}:${versions.get(candidate.id) ?? 0}`)}.mp3`));
    const token = /exp=(\d+)~acl=([^~]+)\*~data=[^~]*~hmac=([0-9a-f]+)/.exec(url.searchParams.get('hdnea') ?? '');
    const valid =
      track && token && token[2] === url.pathname && Number(token[1]) * 1000 > Date.now() && token[3] === sign(token[2]!, Number(token[1]));
    if (!valid) {
      response.writeHead(403, { 'content-type': 'text/plain' }).end('Forbidden');
      return;
    }
    const bytes = bytesOf(track.id);
    const headers: http.OutgoingHttpHeaders = {
      'content-type': 'audio/mpeg',
      'accept-ranges': 'bytes',
      'cache-control': 'public, max-age=31536000',
      etag: `"${md5(bytes.toString('base64'))}"`,
      'last-modified': new Date(Date.UTC(2024, 0, 1)).toUTCString(),
    };
    // Conditional requests, as a CDN answers them: a cached copy that is still current gets 304.
    const ifNoneMatch = request.headers['if-none-match'];
    const ifModifiedSince = Date.parse(request.headers['if-modified-since'] ?? '');
    const notModified =
      ifNoneMatch !== undefined ? ifNoneMatch.split(',').some((tag) => [headers.etag, '*'].includes(tag.trim())) : ifModifiedSince >= Date.parse(String(headers['last-modified']));
    if (notModified) {
      response.writeHead(304, { etag: headers.etag, 'last-modified': headers['last-modified'], 'cache-control': headers['cache-control'] }).end();
      return;
    }
    const range = /^bytes=(\d*)-(\d*)$/.exec(request.headers.range ?? '');
    if (range && (range[1] || range[2])) {
      const start = range[1] ? Number(range[1]) : Math.max(0, bytes.length - Number(range[2]));
      const end = range[1] && range[2] ? Math.min(Number(range[2]), bytes.length - 1) : bytes.length - 1;
      if (start >= bytes.length || start > end) {
        response.writeHead(416, { 'content-range': `bytes */${bytes.length}` }).end();
        return;
      }
      response.writeHead(206, { ...headers, 'content-range': `bytes ${start}-${end}/${bytes.length}`, 'content-length': end - start + 1 });
      response.end(request.method === 'HEAD' ? undefined : bytes.subarray(start, end + 1));
      return;
    }
    response.writeHead(200, { ...headers, 'content-length': bytes.length });
    response.end(request.method === 'HEAD' ? undefined : bytes);
  });
  media.on('connection', (socket: Socket) => {
    counts.mediaConnections += 1;
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
  });
  api.on('connection', (socket: Socket) => {
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
  });

  await Promise.all([listen(api), listen(media)]);
  const mediaPort = (media.address() as AddressInfo).port;
  mediaOrigin = `https://${MEDIA_HOST}:${mediaPort}`;

  return {
    apiUrl: `http://127.0.0.1:${(api.address() as AddressInfo).port}`,
    mediaOrigin,
    mediaHost: `${MEDIA_HOST}:${mediaPort}`,
    caFile: STANDIN_CA_FILE,
    tracks: STANDIN_TRACKS,
    previewUrl,
    expire,
    setApiFailure: (mode) => {
      apiFailure = mode;
    },
    stats: () => ({ ...counts }),
    previewBytes: bytesOf,
    async close() {
      for (const socket of sockets) socket.destroy();
      await Promise.all([new Promise((resolve) => api.close(resolve)), new Promise((resolve) => media.close(resolve))]);
    },
  };
}

function listen(server: http.Server | https.Server): Promise<void> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
}
