/** Business numbers of spec section 9, shared by server and web. */
export const PLAY_COUNT_THRESHOLD_SECONDS = 30;
export const PASSWORD_MIN_LENGTH = 6;
export const TWO_FACTOR_CODE_LENGTH = 6;

export const PREMIUM_PRICE_MINOR = 300_000;
export const PREMIUM_CURRENCY = 'NGN';
export const BILLING_PERIOD_DAYS = 30;

export const DEFAULT_VOLUME = 75;
export const VOLUME_POLL_MS = 500;
export const REFRESH_RETRY_DELAY_MS = 1000;
export const PLAYBACK_RESTART_DELAY_MS = 100;

export const CURRENT_USER_STALE_MS = 30_000;
export const STATS_STALE_MS = 5 * 60_000;

export const TOAST_LIMIT = 1;
export const TOAST_DURATION_MS = 5000;
export const TOAST_REMOVE_DELAY_MS = 1_000_000;
export const TOAST_SWIPE_THRESHOLD_PX = 50;
export const TOOLTIP_DELAY_MS = 700;

export const SIDEBAR_LIST_LIMIT = 5;
export const RECENT_BILLING_LIMIT = 3;
export const RECENT_SEARCHES_LIMIT = 5;
export const RECENT_SEARCHES_KEY = 'recent-searches';

export const ARTIST_POPULAR_LIMIT = 5;
export const ARTIST_ALBUMS_LIMIT = 6;
/** Songs per page of an artist page's Songs grid: whole rows of 2, 3, 4 and 6 columns. */
export const ARTIST_SONGS_PAGE_SIZE = 12;
/** The most songs one answer of /api/artists/{id}/songs holds; a catalogue's artist comes whole in one. */
export const ARTIST_SONGS_LIMIT_MAX = 500;
export const NOTIFICATION_BADGE_MAX = 9;

export const RELEASE_TRACK_LIMITS = {
  single: { min: 1, max: 1 },
  ep: { min: 2, max: 6 },
  album: { min: 7, max: 20 },
} as const;

export const HOME_GENRES = ['Afrobeats', 'Hip Hop', 'Rock', 'Electronic', 'Jazz', 'Pop', 'R&B', 'Classical'] as const;

export const RELEASE_GENRES = [
  'Afrobeats', 'Amapiano', 'Gospel', 'Drill', 'Highlife', 'Fuji', 'Juju', 'Reggae', 'Hip-Hop', 'R&B',
  'Pop', 'Jazz', 'Blues', 'Country', 'Alternative', 'Dancehall', 'Trap', 'Afro-Fusion', 'Afro-Pop',
] as const;

export const RELEASE_LANGUAGES = ['English', 'Yoruba', 'Igbo', 'Hausa', 'Pidgin', 'French', 'Swahili'] as const;

/** Highest audio bitrate each plan may stream (spec section 1: premium promises 320 kbps). */
export const PLAN_MAX_BITRATE_KBPS = { free: 128, premium: 320 } as const;
/**
 * The streaming-quality settings of spec section 3, at the MP3 renditions each one is served
 * (RENDITION_BITRATES_KBPS): the spec's "low 96, medium 160" named bitrates no rendition has.
 */
export const STREAM_QUALITY_KBPS = { low: 64, medium: 128, high: 320 } as const;

export const SONG_SOURCES = ['local', 'deezer', 'youtube', 'soundcloud'] as const;

/**
 * Which rendition the player asks for (?quality= on the stream URL); the server caps it by plan.
 * The two savers are Opus where the player says it plays Opus (?codecs=opus), else the lowest MP3.
 */
export const STREAM_QUALITIES = ['extreme-saver', 'data-saver', 'low', 'medium', 'high', 'auto'] as const;
/**
 * The codecs of the renditions: MP3 plays everywhere; Opus in WebM gives the same sound for far
 * fewer bytes where the browser plays it (it says so through canPlayType).
 */
export const AUDIO_CODECS = ['mp3', 'opus'] as const;
export type AudioCodec = (typeof AUDIO_CODECS)[number];
/**
 * The stream's answer names the file it serves: "opus 48", "mp3 128" (codec and kbps), or
 * "original" for the upload itself; the player shows it, asking with HEAD (no audio bytes).
 */
export const STREAM_RENDITION_HEADER = 'x-kora-rendition';
/** The codecs beside MP3 a player may say it plays (?codecs= on the stream URL). */
export const OPTIONAL_CODECS = ['opus'] as const;
export const SEARCH_QUERY_MAX_LENGTH = 200;

export const PRODUCT_NAME = 'Kora';

// Likes and playlists: the spec's texts (sections 5 and 8) and limits. Here, not beside their
// schemas in collections.ts, so the web app imports them without bundling zod.
export const PLAYLIST_NAME_REQUIRED_MESSAGE = 'Please enter a playlist name.';
export const DEFAULT_PLAYLIST_DESCRIPTION = 'A collection of songs';
export const NON_LOCAL_LIKE_TITLE = 'Feature not available';
export const NON_LOCAL_LIKE_MESSAGE = 'You can only like songs from your library.';

export const PLAYLIST_NAME_MAX_LENGTH = 100;
export const PLAYLIST_DESCRIPTION_MAX_LENGTH = 500;
/** Largest cover a listener may send (it is resized on the server). */
export const PLAYLIST_COVER_MAX_BYTES = 10 * 1024 * 1024;
/** Songs per page of a playlist or of liked songs: a 1,000-song playlist is not sent in one answer. */
export const COLLECTION_PAGE_SIZE = 100;
export const COLLECTION_PAGE_MAX = 500;
export const PLAYLIST_MAX_SONGS = 5_000;

// Uploads (spec sections 3, 4, 5 and 8).
export const RELEASE_TYPES = ['single', 'ep', 'album'] as const;
export const AUDIO_FORMATS = ['MP3', 'WAV', 'FLAC', 'AAC', 'OGG', 'M4A'] as const;
export const DEFAULT_ALBUM_TITLE = 'Unknown Album';
export const AUDIO_REQUIRED_MESSAGE = 'Please select an audio file to upload.';
export const TITLE_AND_ARTIST_REQUIRED_MESSAGE = 'Please enter both song title and artist name.';
export const MISSING_INFORMATION_TITLE = 'Missing Information';
export const MISSING_INFORMATION_MESSAGE = 'Please fill in all required fields for all tracks.';
export const UPLOAD_FAILED_MESSAGE = 'Failed to upload music. Please try again.';
export const UPLOAD_SUCCESS_MESSAGE = 'Music uploaded successfully!';
/** Defaults; the server's limits are settings (UPLOAD_MAX_AUDIO_MB, UPLOAD_MAX_COVER_MB). */
export const DEFAULT_MAX_AUDIO_BYTES = 200 * 1024 * 1024;
export const DEFAULT_MAX_COVER_BYTES = 10 * 1024 * 1024;
/**
 * MP3 rendition bitrates: the lowest (the savers' fallback where Opus does not play), standard, and
 * premium when the source is good enough.
 */
export const RENDITION_BITRATES_KBPS = { dataSaver: 64, standard: 128, premium: 320 } as const;
/** Opus rendition bitrates (stereo, in WebM), made for every song: the extreme saver and the data saver. */
export const OPUS_RENDITION_BITRATES_KBPS = { extremeSaver: 24, dataSaver: 48 } as const;
/**
 * Square cover sizes the server stores, in pixels: the largest is the cover itself (big pages, the
 * full player), the others are smaller copies for cards and for rows, the mini player and the sidebar.
 */
export const COVER_WIDTHS = [160, 320, 640] as const;

/* Account (issue 6): subscription, two-factor, notifications. */
export const SUBSCRIPTION_PLANS = ['free', 'premium'] as const;
export const SUBSCRIPTION_STATUSES = ['active', 'canceled', 'past_due'] as const;
export const PAYMENT_METHOD_TYPES = ['card', 'bank_transfer', 'ussd', 'pending', 'none'] as const;
/** Who renews a premium term: the server's own pending charges, the payment provider (card), or nobody (a pass). */
export const SUBSCRIPTION_RENEWALS = ['local', 'provider', 'none'] as const;
export const PREMIUM_TRANSACTION_TYPE = 'subscription';
export const BILLING_PERIOD_PATTERN = /^\d{4}-(0[1-9]|1[0-2])$/;
export const TRANSACTION_STATUSES = ['success', 'pending', 'failed', 'refunded'] as const;
/** What a notification lets the listener do, and its button's label. */
export const NOTIFICATION_ACTIONS = ['renew-premium', 'update-card'] as const;
export const NOTIFICATION_ACTION_LABELS = { 'renew-premium': 'Renew', 'update-card': 'Update card' } as const;

/* Payments (issue 17). */
/** Ways to pay for Premium: a card renews every month; bank transfer and USSD buy a one-off pass. */
export const CHECKOUT_METHODS = ['card', 'bank_transfer', 'ussd'] as const;
/** A checkout's state as the provider confirmed it; 'flagged' when what was paid is not Premium's price. */
export const CHECKOUT_STATUSES = ['pending', 'success', 'failed', 'abandoned', 'flagged'] as const;
/** Where the provider's checkout sends the listener back to: the page reads `payment` and `reference`. */
export const CHECKOUT_RETURN_PARAM = 'payment';
/** How long a pass paid by bank transfer or USSD lasts. */
export const PREMIUM_PASS_DAYS = 30;
/** A failed card renewal keeps Premium this long (past due), then the listener is on Free. */
export const PAST_DUE_GRACE_DAYS = 3;
/** A pass's listener is told this long before it ends, with a "Renew" action. */
export const PASS_ENDING_NOTICE_DAYS = 3;
export const TWO_FACTOR_BACKUP_CODE_COUNT = 8;
export const SUPPORT_MESSAGE_MAX_LENGTH = 2000;
/** Spec section 9: the reply window support promises. */
export const SUPPORT_REPLY_WINDOW = '24 hours';
/** Support requests one listener may send in a day: enough for a real problem, too few to flood the team. */
export const SUPPORT_REQUESTS_PER_DAY = 5;
/** The second step of a two-factor sign-in answers this once its challenge is gone: the form starts over. */
export const SIGN_IN_EXPIRED_MESSAGE = 'The sign-in has expired. Please log in again.';

// External catalogues (spec sections 4, 7 and 8). Here for the web app, as above.
export const PREVIEW_BADGE_TEXT = '30s Preview';
export const PREVIEW_UNAVAILABLE_TITLE = 'Preview Unavailable';
export const PREVIEW_UNAVAILABLE_MESSAGE = 'This preview is temporarily unavailable. Try searching again or use uploaded music.';
export const IMPORT_COMPLETE_TITLE = 'Import Complete!';
export const IMPORT_FAILED_TITLE = 'Import failed';
/** How many chart tracks one popular-music import asks the catalogue for. */
export const POPULAR_IMPORT_LIMIT = 50;
/** Top tracks shown on an external artist's page. */
export const EXTERNAL_TOP_TRACKS_LIMIT = 25;

// Offline listening (issue 15). Here, not beside their schemas in offline.ts: the web app's first
// load reads them, and a module of zod schemas brings zod with it.
/** The download-quality setting (spec section 3); the server maps it to a rendition Premium allows. */
export const DOWNLOAD_QUALITIES = ['low', 'medium', 'high'] as const;
export type DownloadQuality = (typeof DOWNLOAD_QUALITIES)[number];

/** The response header naming the kbps of the rendition a download served (absent for an original). */
export const DOWNLOAD_BITRATE_HEADER = 'X-Kora-Bitrate';

/** Plays sent in one batch at most. */
export const OFFLINE_PLAYS_BATCH_MAX = 100;

// Devices and sessions (issue 18). A session's last seen is written at most this often: a write on
// every request would cost each request a database write; Settings says "Active now" within it.
export const SESSION_LAST_SEEN_INTERVAL_MS = 5 * 60_000;
