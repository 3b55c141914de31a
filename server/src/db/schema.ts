import { type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  customType,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  real,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { AudioCodec } from '@kora/contracts';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

/** PostgreSQL's full-text document; search reads it, only the database writes it. */
const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    // Stored lowercased by the contract, so a plain unique index is case-insensitive uniqueness.
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    bio: text('bio'),
    phone: text('phone'),
    /** The listener's monthly data limit in megabytes (features/data-usage); null is no limit. */
    monthlyDataLimitMb: integer('monthly_data_limit_mb'),
    /** When a link e-mailed to the address was opened (features/account-email); null while unconfirmed. */
    emailConfirmedAt: timestamp('email_confirmed_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('users_email_unique').on(t.email),
    check('users_email_lowercase', sql`${t.email} = lower(${t.email})`),
    check('users_monthly_data_limit_range', sql`${t.monthlyDataLimitMb} IS NULL OR ${t.monthlyDataLimitMb} BETWEEN 50 AND 1000000`),
  ],
);

export const sessions = pgTable(
  'sessions',
  {
    // SHA-256 of the cookie token: a leaked table cannot be replayed as cookies.
    tokenHash: text('token_hash').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    userAgent: text('user_agent'),
    /** The session's name in the API (Settings' device list): random, so it tells nothing of the token. */
    publicId: uuid('public_id').notNull().defaultRandom(),
    /** Moved forward at most every SESSION_LAST_SEEN_INTERVAL_MS (features/auth/service.ts). */
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('sessions_user_idx').on(t.userId),
    index('sessions_expires_idx').on(t.expiresAt),
    uniqueIndex('sessions_public_id_idx').on(t.publicId),
  ],
);

/**
 * The browsers (their device cookie, features/data-usage/device-cookie.ts) each account has signed
 * in from. A sign-in from one not listed sends the "New sign-in" e-mail; rows outlive sessions, so
 * signing out and in again on one's own phone sends nothing.
 */
export const signInDevices = pgTable(
  'sign_in_devices',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    deviceId: text('device_id').notNull(),
    firstSeenAt: timestamp('first_seen_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.deviceId] })],
);

export const artists = pgTable(
  'artists',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    bio: text('bio'),
    imageKey: text('image_key'),
    // External catalogue identity, so a Deezer artist keeps one row.
    deezerId: text('deezer_id'),
    // The catalogue's own picture URL, for an artist that came from it (no stored image).
    externalImageUrl: text('external_image_url'),
    /**
     * The listener whose profile this is: their uploads created it and only their uploads credit it.
     * Null for the catalogue's artists (the demo seed, Deezer), which no upload can credit.
     */
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    searchVector: tsvector('search_vector')
      .notNull()
      .generatedAlwaysAs(sql`to_tsvector('simple', kora_search_fold(name))`),
  },
  (t) => [
    uniqueIndex('artists_deezer_id_unique').on(t.deezerId),
    index('artists_name_idx').on(t.name),
    // Without fast update: PGlite never vacuums, and a pending list left unmerged slows every search.
    index('artists_search_idx').using('gin', t.searchVector).with({ fastupdate: false }),
    index('artists_image_key_idx').on(t.imageKey),
    /**
     * One artist per name (whatever its case) per listener: an upload credits the uploader's own
     * artist of that name, created once however many uploads race. Catalogue artists (no owner) may
     * share a name with each other and with any listener's. Also serves a listener's followers
     * count (the follows of the artists they created).
     */
    uniqueIndex('artists_owner_name_unique').on(t.createdBy, sql`lower(${t.name})`),
  ],
);

export const releases = pgTable(
  'releases',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    releaseType: text('release_type', { enum: ['single', 'ep', 'album', 'library'] }).notNull(),
    artistId: integer('artist_id')
      .notNull()
      .references(() => artists.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    genre: text('genre'),
    language: text('language'),
    /** 'withdrawn': taken down while its listener's account is being deleted (features/account-data). */
    status: text('status', { enum: ['processing', 'live', 'rejected', 'withdrawn'] }).notNull().default('processing'),
    rejectionReason: text('rejection_reason'),
    createdAt: createdAt(),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    /**
     * What the renditions the review will make are expected to take (features/uploads/storage-quota.ts):
     * held against the uploader's quota while the release is processing, before the renditions exist.
     */
    renditionsReservedBytes: bigint('renditions_reserved_bytes', { mode: 'number' }).notNull().default(0),
    /** When a rejected release's stored files were deleted (jobs/rejected-media-sweep.ts); null while it has them. */
    mediaDeletedAt: timestamp('media_deleted_at', { withTimezone: true }),
  },
  (t) => [index('releases_user_idx').on(t.userId, t.createdAt), index('releases_status_idx').on(t.status)],
);

export const albums = pgTable(
  'albums',
  {
    id: serial('id').primaryKey(),
    title: text('title').notNull(),
    artistId: integer('artist_id')
      .notNull()
      .references(() => artists.id, { onDelete: 'cascade' }),
    coverKey: text('cover_key'),
    releaseYear: integer('release_year'),
    description: text('description'),
    releaseId: integer('release_id').references(() => releases.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [index('albums_artist_idx').on(t.artistId), index('albums_cover_key_idx').on(t.coverKey)],
);

/**
 * A song title's words, folded like its search document: the expression of the title indexes
 * (migration 0030), which a query must write exactly so for the planner to use them.
 */
export function titleSearchDocument(title: SQLWrapper): SQL {
  return sql`to_tsvector('simple', kora_search_fold(${title}))`;
}

export const songs = pgTable(
  'songs',
  {
    id: serial('id').primaryKey(),
    title: text('title').notNull(),
    artistId: integer('artist_id')
      .notNull()
      .references(() => artists.id, { onDelete: 'cascade' }),
    albumId: integer('album_id').references(() => albums.id, { onDelete: 'set null' }),
    trackNumber: integer('track_number'),
    duration: integer('duration'),
    genre: text('genre'),
    language: text('language'),
    // Media store keys, never paths: the server alone chooses them.
    fileKey: text('file_key'),
    fileMime: text('file_mime'),
    fileSize: integer('file_size'),
    coverKey: text('cover_key'),
    playCount: integer('play_count').notNull().default(0),
    /**
     * Counted plays on the days of trending's window (trendingWindow): kept by each play's
     * transaction and by the window's daily move (features/songs/trending-window.ts), so trending
     * reads the top of an index instead of counting plays.
     */
    recentPlayCount: integer('recent_play_count').notNull().default(0),
    /**
     * How many of search's popular floors (searchPopularFloors) play_count reaches: search ranks the
     * songs of the highest level first, each level through its own small full-text index
     * (features/search/popular-songs.ts). Set by a trigger on every write of play_count (migration
     * 0029) and by the floors' daily move, never by hand.
     */
    searchLevel: smallint('search_level').notNull().default(0),
    source: text('source', { enum: ['local', 'deezer', 'youtube', 'soundcloud'] }).notNull().default('local'),
    isExternal: boolean('is_external').notNull().default(false),
    isPreview: boolean('is_preview').notNull().default(false),
    externalId: text('external_id'),
    deezerId: text('deezer_id'),
    previewUrl: text('preview_url'),
    externalCoverUrl: text('external_cover_url'),
    /**
     * Shown in the catalogue's lists (GET /api/songs). An external track cached because somebody
     * searched for it or opened its artist is not listed: one listener's searches must not fill
     * everybody's home page. The popular-music import lists what it brings.
     */
    listed: boolean('listed').notNull().default(true),
    lyrics: text('lyrics'),
    producers: text('producers'),
    explicit: boolean('explicit').notNull().default(false),
    /** 'withdrawn': taken down while its uploader's account is being deleted (features/account-data). */
    status: text('status', { enum: ['processing', 'live', 'rejected', 'withdrawn'] }).notNull().default('live'),
    uploadedBy: integer('uploaded_by').references(() => users.id, { onDelete: 'set null' }),
    releaseId: integer('release_id').references(() => releases.id, { onDelete: 'cascade' }),
    /**
     * EBU R128 analysis of the audio (ffmpeg's ebur128 meter, media/loudness.ts): integrated loudness,
     * true peak, and the gain the player applies toward the target loudness, limited so the true peak
     * never clips. Null until the transcoding job has measured the song; silence is stored at -70 LUFS
     * with a null peak, so it counts as measured.
     */
    loudnessLufs: real('loudness_lufs'),
    truePeakDbtp: real('true_peak_dbtp'),
    trackGainDb: real('track_gain_db'),
    createdAt: createdAt(),
    /**
     * Title (weight A), artist and featured artists (B), album title (C) and genre (D, its words
     * marked '#'), folded. Kept up to date by triggers (migrations 0004, 0005) whichever code
     * writes the song, its artists or its album.
     */
    searchVector: tsvector('search_vector').notNull().default(sql`''::tsvector`),
  },
  (t) => [
    index('songs_artist_idx').on(t.artistId),
    index('songs_album_idx').on(t.albumId, t.trackNumber),
    index('songs_play_count_idx').on(t.playCount),
    // The catalogue newest first (GET /api/songs, Home's Browse all): read from the top, not sorted.
    index('songs_listed_recent_idx')
      .on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`${t.status} = 'live' and ${t.listed}`),
    index('songs_trending_idx')
      .on(t.recentPlayCount.desc().nullsFirst(), t.playCount.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`${t.status} = 'live' and ${t.listed}`),
    index('songs_release_idx').on(t.releaseId),
    uniqueIndex('songs_source_external_unique').on(t.source, t.externalId),
    check('songs_external_has_id', sql`${t.source} = 'local' OR ${t.externalId} IS NOT NULL`),
    check('songs_play_count_nonnegative', sql`${t.playCount} >= 0`),
    index('songs_search_idx').using('gin', t.searchVector).with({ fastupdate: false }),
    index('songs_popular_search_idx').using('gin', t.searchVector).with({ fastupdate: false }).where(sql`${t.searchLevel} >= 1`),
    index('songs_top_search_idx').using('gin', t.searchVector).with({ fastupdate: false }).where(sql`${t.searchLevel} >= 2`),
    // The title's words alone (migration 0030): a search's title tiers below the top level need no
    // weight recheck of every song whose artists or album hold the word.
    index('songs_title_search_idx').using('gin', titleSearchDocument(t.title)).with({ fastupdate: false }),
    index('songs_popular_title_search_idx').using('gin', titleSearchDocument(t.title)).with({ fastupdate: false }).where(sql`${t.searchLevel} >= 1`),
    // The few songs that are not live: counting a collection's live songs subtracts these
    // instead of reading every song of the catalogue.
    index('songs_not_live_idx').on(t.id).where(sql`${t.status} <> 'live'`),
    // Media keys: whether a stored object is still used (cover replaced, orphan sweep) is a lookup, not a scan.
    index('songs_file_key_idx').on(t.fileKey),
    index('songs_cover_key_idx').on(t.coverKey),
  ],
);

/**
 * Every word of the catalogue's titles, names and genres, kept by triggers (migrations 0004, 0005), with its
 * one-letter deletions: a typo shares a deletion with the word it meant, found by one index lookup.
 */
export const searchWords = pgTable(
  'search_words',
  {
    word: text('word').primaryKey(),
    deletions: text('deletions')
      .array()
      .notNull()
      .generatedAlwaysAs(sql`kora_word_deletions(word)`),
  },
  (t) => [index('search_words_deletions_idx').using('gin', t.deletions).with({ fastupdate: false })],
);

/**
 * Every word of the catalogue's genres (migration 0030): search matches a genre from the start of
 * its name through these whole words, never through a prefix of the marked genre words, which
 * would read the postings of every song of every genre that starts so.
 */
export const searchGenreWords = pgTable('search_genre_words', {
  word: text('word').primaryKey(),
});

/** "ft." credits: a song can credit several featured artists, in order. */
export const songFeaturedArtists = pgTable(
  'song_featured_artists',
  {
    songId: integer('song_id')
      .notNull()
      .references(() => songs.id, { onDelete: 'cascade' }),
    artistId: integer('artist_id')
      .notNull()
      .references(() => artists.id, { onDelete: 'cascade' }),
    position: integer('position').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.songId, t.artistId] }), index('song_featured_artist_idx').on(t.artistId)],
);

/** Transcoded copies of a song's audio at the bitrates the plans and data saver need. */
export const songRenditions = pgTable(
  'song_renditions',
  {
    id: serial('id').primaryKey(),
    songId: integer('song_id')
      .notNull()
      .references(() => songs.id, { onDelete: 'cascade' }),
    /** 'mp3' (in MP3) or 'opus' (in WebM): AUDIO_CODECS. */
    codec: text('codec').$type<AudioCodec>().notNull().default('mp3'),
    bitrateKbps: integer('bitrate_kbps').notNull(),
    fileKey: text('file_key').notNull(),
    mime: text('mime').notNull(),
    size: integer('size').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('song_renditions_song_codec_bitrate_unique').on(t.songId, t.codec, t.bitrateKbps),
    index('song_renditions_file_key_idx').on(t.fileKey),
    check('song_renditions_codec_check', sql`${t.codec} in ('mp3', 'opus')`),
  ],
);

/**
 * The bytes the server sent each listener, per device, UTC day, kind and rendition: what the data
 * meter shows. Written in batches from memory (features/data-usage), not once per chunk.
 */
export const dataUsage = pgTable(
  'data_usage',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The browser's long-lived device cookie, so "this device" survives signing out and in. */
    deviceId: text('device_id').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    /** 'stream', 'download', 'preview' (the audio proxy) or 'cover' (images). */
    kind: text('kind', { enum: ['stream', 'download', 'preview', 'cover'] }).notNull(),
    /** The rendition for audio ('opus-48', 'mp3-128', 'original'); '' for what has none. */
    quality: text('quality').notNull().default(''),
    bytes: bigint('bytes', { mode: 'number' }).notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.deviceId, t.day, t.kind, t.quality] }),
    index('data_usage_user_day_idx').on(t.userId, t.day),
    check('data_usage_bytes_nonnegative', sql`${t.bytes} >= 0`),
  ],
);

export const playlists = pgTable(
  'playlists',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    description: text('description'),
    coverKey: text('cover_key'),
    isEditorial: boolean('is_editorial').notNull().default(false),
    // Null only for editorial playlists, which no user owns.
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    createdBy: text('created_by').notNull(),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('playlists_user_idx').on(t.userId, t.createdAt),
    index('playlists_editorial_idx').on(t.isEditorial),
    index('playlists_cover_key_idx').on(t.coverKey),
    check('playlists_owner', sql`${t.isEditorial} OR ${t.userId} IS NOT NULL`),
  ],
);

export const playlistSongs = pgTable(
  'playlist_songs',
  {
    playlistId: integer('playlist_id')
      .notNull()
      .references(() => playlists.id, { onDelete: 'cascade' }),
    songId: integer('song_id')
      .notNull()
      .references(() => songs.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    addedAt: timestamp('added_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.playlistId, t.songId] }),
    index('playlist_songs_order_idx').on(t.playlistId, t.position),
    index('playlist_songs_song_idx').on(t.songId),
  ],
);

export const likedSongs = pgTable(
  'liked_songs',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    songId: integer('song_id')
      .notNull()
      .references(() => songs.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.songId] }),
    index('liked_songs_song_idx').on(t.songId),
    // Liked songs page in like order: read backwards, the index gives each page without a sort.
    index('liked_songs_user_recent_idx').on(t.userId, t.createdAt, t.songId),
  ],
);

export const likedPlaylists = pgTable(
  'liked_playlists',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    playlistId: integer('playlist_id')
      .notNull()
      .references(() => playlists.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.playlistId] }), index('liked_playlists_playlist_idx').on(t.playlistId)],
);

export const plays = pgTable(
  'plays',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    songId: integer('song_id')
      .notNull()
      .references(() => songs.id, { onDelete: 'cascade' }),
    secondsPlayed: integer('seconds_played').notNull(),
    playedAt: timestamp('played_at', { withTimezone: true }).notNull().defaultNow(),
    /** The device's id of a play made offline (POST /api/plays/offline); null for online plays. */
    clientId: uuid('client_id'),
  },
  (t) => [
    // A play made offline is recorded once per listener, however often the device sends it.
    uniqueIndex('plays_user_client_id_idx').on(t.userId, t.clientId),
    // With the song: a listener's latest plays (recently played, the play rules) read from the index alone.
    index('plays_user_recent_idx').on(t.userId, t.playedAt, t.songId),
    index('plays_song_recent_idx').on(t.songId, t.playedAt),
    index('plays_played_at_idx').on(t.playedAt),
    check('plays_seconds_positive', sql`${t.secondsPlayed} > 0`),
  ],
);

/**
 * Each song's counted plays per day (UTC), written with each play: what trending's window adds up,
 * and a record of plays per day that survives the listener's account (as the song's play count does).
 */
export const songDailyPlays = pgTable(
  'song_daily_plays',
  {
    songId: integer('song_id')
      .notNull()
      .references(() => songs.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    plays: integer('plays').notNull(),
  },
  (t) => [primaryKey({ columns: [t.songId, t.day] }), index('song_daily_plays_day_idx').on(t.day), check('song_daily_plays_positive', sql`${t.plays} > 0`)],
);

/**
 * The first day (UTC) of trending's seven-day window, one row: songs.recent_play_count counts the
 * plays from this day on. Moved once a day (features/songs/trending-window.ts).
 */
export const trendingWindow = pgTable(
  'trending_window',
  {
    id: boolean('id').primaryKey().default(true),
    startsOn: date('starts_on', { mode: 'string' }).notNull(),
  },
  (t) => [check('trending_window_one_row', sql`${t.id}`)],
);

/**
 * The play counts from which a song is at each of search's popular levels (songs.search_level), a
 * row per level, higher levels higher floors. Moved once a day to keep about one song in twenty
 * at level 1 and one in four hundred at level 2 (features/search/popular-songs.ts).
 */
export const searchPopularFloors = pgTable('search_popular_floors', {
  level: smallint('level').primaryKey(),
  playCount: integer('play_count').notNull(),
});

/**
 * Each listener's running totals of plays, kept with every recorded play: their stats read one row
 * instead of counting plays (a heavy listener has hundreds of thousands).
 */
export const listeningTotals = pgTable(
  'listening_totals',
  {
    userId: integer('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    playCount: integer('play_count').notNull().default(0),
    secondsPlayed: bigint('seconds_played', { mode: 'number' }).notNull().default(0),
  },
  (t) => [
    check('listening_totals_nonnegative', sql`${t.playCount} >= 0 and ${t.secondsPlayed} >= 0`),
  ],
);

export const artistFollows = pgTable(
  'artist_follows',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    artistId: integer('artist_id')
      .notNull()
      .references(() => artists.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.artistId] }), index('artist_follows_artist_idx').on(t.artistId)],
);

export const notifications = pgTable(
  'notifications',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    title: text('title').notNull(),
    message: text('message').notNull(),
    /** What the listener can do about it from the notification ('renew-premium', 'update-card'); null for news. */
    action: text('action', { enum: ['renew-premium', 'update-card'] }),
    isRead: boolean('is_read').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    index('notifications_user_recent_idx').on(t.userId, t.createdAt),
    index('notifications_unread_idx').on(t.userId).where(sql`${t.isRead} = false`),
  ],
);

export const subscriptions = pgTable(
  'subscriptions',
  {
    userId: integer('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    plan: text('plan', { enum: ['free', 'premium'] }).notNull().default('free'),
    status: text('status', { enum: ['active', 'canceled', 'past_due'] }).notNull().default('active'),
    nextBillingDate: timestamp('next_billing_date', { withTimezone: true }),
    paymentMethodType: text('payment_method_type', { enum: ['card', 'bank_transfer', 'ussd', 'pending', 'none'] })
      .notNull()
      .default('none'),
    paymentMethodLast4: text('payment_method_last4'),
    /** The card's brand ('visa') from the payment provider's authorization, with its last 4 digits. */
    paymentMethodBrand: text('payment_method_brand'),
    /**
     * Who renews a premium term: 'local' (the server's own pending charges, without a payment
     * provider), 'provider' (a card subscription the payment provider charges) or 'none' (a
     * one-off pass that ends).
     */
    renewal: text('renewal', { enum: ['local', 'provider', 'none'] }).notNull().default('local'),
    /** A past-due subscription keeps Premium until then (a failed renewal's grace period). */
    graceEndsAt: timestamp('grace_ends_at', { withTimezone: true }),
    /** The billing date whose "ends soon" notification was sent, so it is sent once. */
    endingNoticeFor: timestamp('ending_notice_for', { withTimezone: true }),
    /** The payment provider's customer, so renewals (which carry the provider's own references) find their listener. */
    providerCustomerCode: text('provider_customer_code'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('subscriptions_provider_customer_idx').on(t.providerCustomerCode)],
);

export const transactions = pgTable(
  'transactions',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    // Minor units (kobo): ₦3,000 is 300000.
    amount: integer('amount').notNull(),
    currency: text('currency').notNull(),
    transactionType: text('transaction_type').notNull(),
    status: text('status', { enum: ['success', 'pending', 'failed', 'refunded'] }).notNull(),
    billingPeriod: text('billing_period').notNull(),
    /** The payment provider's reference: one transaction per payment, whoever reports it first. */
    reference: text('reference'),
    /** How it was paid: card, bank_transfer, ussd (null for the server's own pending charges). */
    channel: text('channel'),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    /** The Premium term this payment bought (a pass bought early starts when the running one ends). */
    periodStart: timestamp('period_start', { withTimezone: true }),
    periodEnd: timestamp('period_end', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index('transactions_user_recent_idx').on(t.userId, t.createdAt),
    uniqueIndex('transactions_reference_idx').on(t.reference),
    check('transactions_amount_nonnegative', sql`${t.amount} >= 0`),
  ],
);

/**
 * Checkouts Kora started with the payment provider, under references Kora made: the reference
 * names the listener and what was bought, so a payment reported for it is judged against this row.
 */
export const paymentCheckouts = pgTable(
  'payment_checkouts',
  {
    reference: text('reference').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** 'subscription': card with automatic renewal; 'pass': one-off 30 days by bank transfer or USSD. */
    kind: text('kind', { enum: ['subscription', 'pass'] }).notNull(),
    channel: text('channel', { enum: ['card', 'bank_transfer', 'ussd'] }).notNull(),
    amount: integer('amount').notNull(),
    currency: text('currency').notNull(),
    email: text('email').notNull(),
    status: text('status', { enum: ['pending', 'success', 'failed', 'abandoned', 'flagged'] }).notNull().default('pending'),
    createdAt: createdAt(),
  },
  (t) => [index('payment_checkouts_user_idx').on(t.userId, t.createdAt), index('payment_checkouts_email_idx').on(t.email)],
);

/** The payment provider's subscriptions (card renewals), as its events last described them. */
export const paymentSubscriptions = pgTable('payment_subscriptions', {
  code: text('code').primaryKey(),
  userId: integer('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  /** Needed with the code to disable it. */
  emailToken: text('email_token'),
  status: text('status', { enum: ['active', 'non-renewing', 'disabled'] }).notNull(),
  nextPaymentDate: timestamp('next_payment_date', { withTimezone: true }),
  /**
   * When Kora learned it was disabled (its disable event, or Kora stopping it after a refund): a renewal
   * paid before then paid for a real term, one paid later is a charge to look into.
   */
  disabledAt: timestamp('disabled_at', { withTimezone: true }),
  /** When Kora first heard of it: a checkout's first payment is judged with the subscriptions heard of since. */
  firstSeenAt: timestamp('first_seen_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [index('payment_subscriptions_user_idx').on(t.userId, t.firstSeenAt)]);

/**
 * Every webhook event received, once: the key (provider, event, reference) is inserted in the same
 * transaction as the event's effect, so a replay or a concurrent second delivery finds it and does
 * nothing. `outcome` says what the event did; a flagged one (amount or currency not the plan's)
 * granted nothing and waits for a person; a parked one came before the payment it is about and is
 * applied when that payment is (`waitingFor` names it).
 */
export const paymentEvents = pgTable(
  'payment_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    provider: text('provider').notNull(),
    event: text('event').notNull(),
    reference: text('reference').notNull(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    outcome: text('outcome', { enum: ['applied', 'no-change', 'ignored', 'unknown-reference', 'flagged', 'parked'] }).notNull(),
    note: text('note'),
    /** While parked: 'reference:<payment reference>' or 'customer:<provider customer code>'. */
    waitingFor: text('waiting_for'),
    payload: jsonb('payload').notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('payment_events_key_idx').on(t.provider, t.event, t.reference),
    index('payment_events_flagged_idx').on(t.receivedAt).where(sql`${t.outcome} = 'flagged'`),
    index('payment_events_parked_idx').on(t.waitingFor).where(sql`${t.outcome} = 'parked'`),
  ],
);

export const twoFactor = pgTable('two_factor', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  enabled: boolean('enabled').notNull().default(false),
  secret: text('secret'),
  // The secret issued by setup, kept here so verify never trusts one sent by the client.
  pendingSecret: text('pending_secret'),
  pendingCreatedAt: timestamp('pending_created_at', { withTimezone: true }),
  // Last accepted TOTP time step: a code is never accepted twice.
  lastUsedStep: integer('last_used_step'),
  enabledAt: timestamp('enabled_at', { withTimezone: true }),
});

/**
 * The links e-mailed about an account (features/account-email): a password reset, an address
 * confirmation, an address change (to the new address) and its undo (to the old one). Only the
 * SHA-256 of a link's token is kept, as for sessions. A used link keeps its row (usedAt) for a
 * while, so opening it again says it was used rather than that it is unknown.
 */
export const accountTokens = pgTable(
  'account_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose', { enum: ['password-reset', 'email-confirmation', 'email-change', 'email-change-undo'] }).notNull(),
    /** The account's address when the link was made: a link speaks for the account only while it has it (an undo aside). */
    email: text('email').notNull(),
    /** The address a change moves to (the change's link and its undo). */
    newEmail: text('new_email'),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [
    index('account_tokens_user_idx').on(t.userId, t.purpose),
    index('account_tokens_expires_idx').on(t.expiresAt),
    check('account_tokens_new_email', sql`(${t.newEmail} IS NOT NULL) = (${t.purpose} IN ('email-change', 'email-change-undo'))`),
  ],
);

/**
 * The second step of a sign-in with two-factor on: the password was right, a code is still due.
 * Only the hash of the challenge token is kept; it expires within minutes and allows a few attempts.
 */
export const loginChallenges = pgTable(
  'login_challenges',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    attempts: integer('attempts').notNull().default(0),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('login_challenges_user_idx').on(t.userId), index('login_challenges_expires_idx').on(t.expiresAt)],
);

export const twoFactorBackupCodes = pgTable(
  'two_factor_backup_codes',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('two_factor_backup_codes_user_idx').on(t.userId)],
);

/** What listeners write through Contact Support, kept with their account for the team to answer by e-mail. */
export const supportRequests = pgTable(
  'support_requests',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    message: text('message').notNull(),
    status: text('status', { enum: ['open', 'answered'] }).notNull().default('open'),
    createdAt: createdAt(),
  },
  (t) => [index('support_requests_user_idx').on(t.userId, t.createdAt), index('support_requests_open_idx').on(t.status, t.createdAt)],
);

/**
 * Each shown image's average colour, the placeholder a page paints where the image will be. Keyed
 * by the image's media key, which is content-addressed: the colour can never go stale when a row
 * changes its cover, one row serves every song, album, playlist and artist showing that image, and
 * a cover stored again (the same bytes) finds its colour waiting. Written when a cover is stored;
 * images stored before this table existed get theirs from the start-up backfill (media/image-colors.ts).
 */
export const imageColors = pgTable(
  'image_colors',
  {
    imageKey: text('image_key').primaryKey(),
    color: text('color').notNull(),
  },
  (t) => [check('image_colors_hex', sql`${t.color} ~ '^#[0-9a-f]{6}$'`)],
);

/** Every stored media object, so a crash between storing and committing can be repaired. */
export const uploads = pgTable(
  'uploads',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    releaseId: integer('release_id').references(() => releases.id, { onDelete: 'cascade' }),
    songId: integer('song_id').references(() => songs.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['audio', 'instrumental', 'cover', 'rendition'] }).notNull(),
    storageKey: text('storage_key').notNull(),
    originalName: text('original_name'),
    mime: text('mime').notNull(),
    size: integer('size').notNull(),
    status: text('status', { enum: ['stored', 'committed'] }).notNull().default('stored'),
    createdAt: createdAt(),
  },
  (t) => [
    index('uploads_status_idx').on(t.status, t.createdAt),
    index('uploads_release_idx').on(t.releaseId),
    index('uploads_key_idx').on(t.storageKey),
  ],
);

/**
 * Accounts their listener asked to delete (features/account-data), in the grace period: signed out,
 * their uploads withdrawn and what they made out of others' view until `purgeAt`, when the purge job
 * deletes the account for good; signing in before then deletes this row and brings it all back.
 */
export const accountDeletions = pgTable(
  'account_deletions',
  {
    userId: integer('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    requestedAt: timestamp('requested_at', { withTimezone: true }).notNull(),
    purgeAt: timestamp('purge_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('account_deletions_purge_idx').on(t.purgeAt)],
);

/**
 * Copies of a listener's data (Settings → Your data): a ZIP made by the 'data-export' job in the media
 * store, downloaded once through an e-mailed link whose token's SHA-256 is kept here. The file is
 * deleted once downloaded or expired (`fileKey` null then).
 */
export const dataExports = pgTable(
  'data_exports',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: text('status', { enum: ['preparing', 'ready', 'downloaded', 'expired', 'failed'] }).notNull().default('preparing'),
    tokenHash: text('token_hash'),
    fileKey: text('file_key'),
    fileSize: bigint('file_size', { mode: 'number' }),
    requestedAt: timestamp('requested_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    downloadedAt: timestamp('downloaded_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('data_exports_token_idx').on(t.tokenHash),
    index('data_exports_user_idx').on(t.userId, t.requestedAt),
    index('data_exports_file_key_idx').on(t.fileKey),
    // One copy in the making per listener: a second request while it is made is refused.
    uniqueIndex('data_exports_one_preparing_idx').on(t.userId).where(sql`${t.status} = 'preparing'`),
  ],
);

/** Durable background work: survives restarts; claimed with a lease so no job runs twice at once. */
export const jobs = pgTable(
  'jobs',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    type: text('type').notNull(),
    payload: jsonb('payload').notNull().default({}),
    /** 'dead': every attempt failed; it stays until an operator retries it (`npm run jobs -- retry`). */
    status: text('status', { enum: ['queued', 'running', 'done', 'dead'] }).notNull().default('queued'),
    attempts: integer('attempts').notNull().default(0),
    maxAttempts: integer('max_attempts').notNull().default(3),
    /** Higher runs first: a listener waiting on an upload goes before the catalogue's backfill. */
    priority: integer('priority').notNull().default(0),
    progress: integer('progress').notNull().default(0),
    runAt: timestamp('run_at', { withTimezone: true }).notNull().defaultNow(),
    lockedBy: text('locked_by'),
    leaseExpiresAt: timestamp('lease_expires_at', { withTimezone: true }),
    lastError: text('last_error'),
    result: jsonb('result'),
    /** At most one queued or running job per key (jobs_singleton_idx): `transcode:song:<id>`. */
    singletonKey: text('singleton_key'),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('jobs_ready_idx').on(t.status, t.runAt),
    uniqueIndex('jobs_singleton_idx').on(t.singletonKey).where(sql`${t.status} in ('queued', 'running')`),
    index('jobs_lease_idx').on(t.status, t.leaseExpiresAt),
    // "My releases" reads each release's progress from its job.
    index('jobs_release_idx')
      .on(sql`(${t.payload} ->> 'releaseId')`)
      .where(sql`${t.type} = 'process-release'`),
    // The rendition backfill looks for each song's transcode jobs.
    index('jobs_song_idx')
      .on(sql`(${t.payload} ->> 'songId')`)
      .where(sql`${t.type} = 'transcode-song'`),
  ],
);

/** One row per seed that has run, so the demo catalogue is created once. */
export const seedRuns = pgTable('seed_runs', {
  name: text('name').primaryKey(),
  completedAt: timestamp('completed_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Key pairs the server signs with (offline licences), as JWKs. Made by the first process that needs
 * one and read back by every other, so all processes on one database sign with the same key.
 */
export const signingKeys = pgTable('signing_keys', {
  name: text('name').primaryKey(),
  privateJwk: jsonb('private_jwk').notNull(),
  publicJwk: jsonb('public_jwk').notNull(),
  createdAt: createdAt(),
});
