/**
 * The demo catalogue. Every artist, album and song here is fictitious. Names keep their
 * Yoruba/Igbo tone marks and dotted letters on purpose: they exercise accent-insensitive search.
 * Seeds are written out (not derived from list order) so audio and artwork stay stable when
 * entries are added or reordered.
 */

export type DemoGenre =
  | 'Afrobeats' | 'Hip Hop' | 'Rock' | 'Electronic' | 'Jazz' | 'Pop' | 'R&B' | 'Classical'
  | 'Amapiano' | 'Highlife' | 'Gospel' | 'Fuji' | 'Juju' | 'Dancehall';

export type DemoLanguage = 'English' | 'Yoruba' | 'Igbo' | 'Pidgin' | 'French' | 'Swahili';

export interface DemoArtist {
  slug: string;
  name: string;
  /** ISO 3166-1 alpha-2. */
  country: 'NG' | 'GH' | 'SN' | 'KE';
  bio: string;
  seed: number;
}

export interface DemoAlbum {
  slug: string;
  title: string;
  /** Artist slug. */
  artist: string;
  releaseYear: number;
  description: string;
  seed: number;
}

export interface DemoSong {
  slug: string;
  title: string;
  /** Artist slug. */
  artist: string;
  /** Album slug; singles have none. */
  album?: string;
  trackNumber?: number;
  genre: DemoGenre;
  language: DemoLanguage;
  durationSeconds: number;
  /** Slugs of featured artists, in billing order. */
  featuring?: string[];
  seed: number;
}

export interface DemoPlaylist {
  slug: string;
  name: string;
  description: string;
  /** Song slugs in playlist order. */
  songs: string[];
  seed: number;
}

export const DEMO_ARTISTS: readonly DemoArtist[] = [
  {
    slug: 'olaoluwa-adebayo',
    name: 'Ọláolúwa Adébáyọ̀',
    country: 'NG',
    bio: 'A Lagos singer-songwriter who folds Yoruba proverbs into sunny Afrobeats hooks. Started out leading the choir in Ìkòròdú before the late-night studio sessions took over.',
    seed: 101,
  },
  {
    slug: 'sade-ifeoluwa',
    name: 'Ṣadé Ìfẹ́olúwa',
    country: 'NG',
    bio: 'An Ibadan-born R&B vocalist with a jazz-club phrasing and a soft spot for slow ballads. Her live band plays every Thursday at a rooftop bar on the island.',
    seed: 102,
  },
  {
    slug: 'chioma-nke',
    name: 'Chíòmá Ńkẹ́',
    country: 'NG',
    bio: 'Enugu highlife guitarist and singer carrying the palm-wine tradition forward. Her Sunday sets swing between church hymns and bandstand classics.',
    seed: 103,
  },
  {
    slug: 'ekow-badu-quartet',
    name: 'Ekow Badu Quartet',
    country: 'GH',
    bio: 'An Accra jazz quartet led by pianist Ekow Badu, mixing bebop changes with highlife rhythms. Regulars of the Osu late-night circuit since 2014.',
    seed: 104,
  },
  {
    slug: 'mame-diarra-sene',
    name: 'Mame Diarra Sène',
    country: 'SN',
    bio: 'A Dakar producer who builds club tracks from sabar drum samples and analogue synths. She plays sunrise sets on the Corniche.',
    seed: 105,
  },
  {
    slug: 'wangui-karanja',
    name: 'Wangũi Karanja',
    country: 'KE',
    bio: 'A Nairobi MC rapping in Sheng, Swahili and English over dusty boom-bap. Her verses read like matatu-window diaries of the city.',
    seed: 106,
  },
  {
    slug: 'kehinde-ajala',
    name: 'Kẹ́hìndé Àjàlá',
    country: 'NG',
    bio: 'An Abẹ́òkúta bandleader keeping Fuji and Juju alive at owambe parties. His talking-drum section is the loudest in Ògùn State.',
    seed: 107,
  },
  {
    slug: 'nnamdi-okoli',
    name: 'Nnamdi Ọ̀kọ̀lí',
    country: 'NG',
    bio: 'An Aba-raised dancehall and Afrobeats artist with a baritone that cuts through any sound system. He releases singles, never albums.',
    seed: 108,
  },
  {
    slug: 'adwoa-sarpong',
    name: 'Adwoa Sarpong',
    country: 'GH',
    bio: 'A Kumasi pianist and composer writing concert music around Akan melodies. Her preludes are taught in conservatories across West Africa.',
    seed: 109,
  },
  {
    slug: 'lagoon-static',
    name: 'Lagoon Static',
    country: 'NG',
    bio: 'A four-piece Lagos rock band powered by loud guitars and louder generators. They rehearse in a Yaba garage between power cuts.',
    seed: 110,
  },
  {
    slug: 'temitope-alade',
    name: 'Tẹ́mítọ́pẹ́ Àlàdé',
    country: 'NG',
    bio: 'A Lagos producer chasing the log-drum sound of Amapiano with Yoruba chants on top. Known for marathon DJ sets that end at sunrise.',
    seed: 111,
  },
];

export const DEMO_ALBUMS: readonly DemoAlbum[] = [
  {
    slug: 'third-mainland-dreams',
    title: 'Third Mainland Dreams',
    artist: 'olaoluwa-adebayo',
    releaseYear: 2023,
    description: 'A debut about traffic, love and ambition, written on the long bridge between mainland and island.',
    seed: 201,
  },
  {
    slug: 'velvet-harmattan',
    title: 'Velvet Harmattan',
    artist: 'sade-ifeoluwa',
    releaseYear: 2021,
    description: 'Slow-burning R&B for dusty December evenings, with a detour into late-night jazz.',
    seed: 202,
  },
  {
    slug: 'palm-wine-sunday',
    title: 'Palm Wine Sunday',
    artist: 'chioma-nke',
    releaseYear: 2019,
    description: 'Guitar highlife and gospel praise songs recorded live in a single Sunday session.',
    seed: 203,
  },
  {
    slug: 'late-at-osu',
    title: 'Late at Osu',
    artist: 'ekow-badu-quartet',
    releaseYear: 2017,
    description: 'Swinging quartet jazz captured after midnight in an Accra club.',
    seed: 204,
  },
  {
    slug: 'corniche-pulse',
    title: 'Corniche Pulse',
    artist: 'mame-diarra-sene',
    releaseYear: 2024,
    description: 'Four-on-the-floor electronics built from sabar rhythms and ocean air.',
    seed: 205,
  },
  {
    slug: 'matatu-chronicles',
    title: 'Matatu Chronicles',
    artist: 'wangui-karanja',
    releaseYear: 2022,
    description: 'Boom-bap stories from Nairobi’s routes, one bus stop at a time.',
    seed: 206,
  },
  {
    slug: 'preludes-for-the-volta',
    title: 'Preludes for the Volta',
    artist: 'adwoa-sarpong',
    releaseYear: 2016,
    description: 'Solo piano and strings tracing the river from Akosombo to the sea.',
    seed: 207,
  },
  {
    slug: 'generator-noise',
    title: 'Generator Noise',
    artist: 'lagoon-static',
    releaseYear: 2025,
    description: 'Loud, fast garage rock about power cuts, rain and okada rides.',
    seed: 208,
  },
  {
    slug: 'sunday-owambe',
    title: 'Sunday Owambe',
    artist: 'kehinde-ajala',
    releaseYear: 2018,
    description: 'Talking drums, sakara and guitars: a full owambe party from arrival to last dance.',
    seed: 209,
  },
];

export const DEMO_SONGS: readonly DemoSong[] = [
  // Third Mainland Dreams
  { slug: 'okan-mi', title: 'Ọkàn Mi', artist: 'olaoluwa-adebayo', album: 'third-mainland-dreams', trackNumber: 1, genre: 'Afrobeats', language: 'Yoruba', durationSeconds: 62, seed: 1001 },
  { slug: 'danfo-love', title: 'Danfo Love', artist: 'olaoluwa-adebayo', album: 'third-mainland-dreams', trackNumber: 2, genre: 'Afrobeats', language: 'Pidgin', durationSeconds: 55, featuring: ['nnamdi-okoli'], seed: 1002 },
  { slug: 'lekki-sunset', title: 'Lekki Sunset', artist: 'olaoluwa-adebayo', album: 'third-mainland-dreams', trackNumber: 3, genre: 'Pop', language: 'English', durationSeconds: 48, seed: 1003 },
  { slug: 'irin-ajo', title: 'Ìrìn Àjò', artist: 'olaoluwa-adebayo', album: 'third-mainland-dreams', trackNumber: 4, genre: 'Afrobeats', language: 'Yoruba', durationSeconds: 70, featuring: ['sade-ifeoluwa'], seed: 1004 },
  { slug: 'gbe-mi-lo', title: 'Gbé Mi Lọ', artist: 'olaoluwa-adebayo', album: 'third-mainland-dreams', trackNumber: 5, genre: 'Afrobeats', language: 'Yoruba', durationSeconds: 52, seed: 1005 },
  { slug: 'third-mainland', title: 'Third Mainland', artist: 'olaoluwa-adebayo', album: 'third-mainland-dreams', trackNumber: 6, genre: 'Pop', language: 'English', durationSeconds: 66, seed: 1006 },

  // Velvet Harmattan
  { slug: 'harmattan-haze', title: 'Harmattan Haze', artist: 'sade-ifeoluwa', album: 'velvet-harmattan', trackNumber: 1, genre: 'R&B', language: 'English', durationSeconds: 58, seed: 1011 },
  { slug: 'slow-whine-soft-light', title: 'Slow Whine, Soft Light', artist: 'sade-ifeoluwa', album: 'velvet-harmattan', trackNumber: 2, genre: 'R&B', language: 'English', durationSeconds: 64, seed: 1012 },
  { slug: 'ife-tooto', title: 'Ìfẹ́ Tòótọ́', artist: 'sade-ifeoluwa', album: 'velvet-harmattan', trackNumber: 3, genre: 'R&B', language: 'Yoruba', durationSeconds: 50, featuring: ['olaoluwa-adebayo'], seed: 1013 },
  { slug: 'midnight-in-ibadan', title: 'Midnight in Ìbàdàn', artist: 'sade-ifeoluwa', album: 'velvet-harmattan', trackNumber: 4, genre: 'Jazz', language: 'English', durationSeconds: 72, seed: 1014 },
  { slug: 'cocoa-butter-kisses', title: 'Cocoa Butter Kisses', artist: 'sade-ifeoluwa', album: 'velvet-harmattan', trackNumber: 5, genre: 'R&B', language: 'English', durationSeconds: 45, seed: 1015 },

  // Palm Wine Sunday
  { slug: 'palm-wine-sunday', title: 'Palm Wine Sunday', artist: 'chioma-nke', album: 'palm-wine-sunday', trackNumber: 1, genre: 'Highlife', language: 'English', durationSeconds: 60, seed: 1021 },
  { slug: 'nne-m', title: 'Nne m', artist: 'chioma-nke', album: 'palm-wine-sunday', trackNumber: 2, genre: 'Highlife', language: 'Igbo', durationSeconds: 54, seed: 1022 },
  { slug: 'ekele', title: 'Ekele', artist: 'chioma-nke', album: 'palm-wine-sunday', trackNumber: 3, genre: 'Gospel', language: 'Igbo', durationSeconds: 66, seed: 1023 },
  { slug: 'uto-ndu', title: 'Ụ̀tọ́ Ndụ̀', artist: 'chioma-nke', album: 'palm-wine-sunday', trackNumber: 4, genre: 'Highlife', language: 'Igbo', durationSeconds: 48, featuring: ['kehinde-ajala'], seed: 1024 },
  { slug: 'onye-nwe-anyi', title: 'Onye Nwe Anyị', artist: 'chioma-nke', album: 'palm-wine-sunday', trackNumber: 5, genre: 'Gospel', language: 'Igbo', durationSeconds: 75, seed: 1025 },

  // Late at Osu
  { slug: 'late-at-osu', title: 'Late at Osu', artist: 'ekow-badu-quartet', album: 'late-at-osu', trackNumber: 1, genre: 'Jazz', language: 'English', durationSeconds: 80, seed: 1031 },
  { slug: 'kelewele-blues', title: 'Kelewele Blues', artist: 'ekow-badu-quartet', album: 'late-at-osu', trackNumber: 2, genre: 'Jazz', language: 'English', durationSeconds: 57, seed: 1032 },
  { slug: 'harbour-lights-tema', title: 'Harbour Lights, Tema', artist: 'ekow-badu-quartet', album: 'late-at-osu', trackNumber: 3, genre: 'Jazz', language: 'English', durationSeconds: 66, seed: 1033 },
  { slug: 'adwoas-waltz', title: 'Adwoa’s Waltz', artist: 'ekow-badu-quartet', album: 'late-at-osu', trackNumber: 4, genre: 'Jazz', language: 'English', durationSeconds: 50, featuring: ['adwoa-sarpong'], seed: 1034 },

  // Corniche Pulse
  { slug: 'corniche-pulse', title: 'Corniche Pulse', artist: 'mame-diarra-sene', album: 'corniche-pulse', trackNumber: 1, genre: 'Electronic', language: 'French', durationSeconds: 64, seed: 1041 },
  { slug: 'goree-lights', title: 'Gorée Lights', artist: 'mame-diarra-sene', album: 'corniche-pulse', trackNumber: 2, genre: 'Electronic', language: 'French', durationSeconds: 52, seed: 1042 },
  { slug: 'teranga-code', title: 'Téranga Code', artist: 'mame-diarra-sene', album: 'corniche-pulse', trackNumber: 3, genre: 'Electronic', language: 'French', durationSeconds: 58, seed: 1043 },
  { slug: 'sabar-circuit', title: 'Sabar Circuit', artist: 'mame-diarra-sene', album: 'corniche-pulse', trackNumber: 4, genre: 'Electronic', language: 'French', durationSeconds: 47, featuring: ['temitope-alade'], seed: 1044 },
  { slug: 'dakar-4am', title: 'Dakar 4AM', artist: 'mame-diarra-sene', album: 'corniche-pulse', trackNumber: 5, genre: 'Electronic', language: 'French', durationSeconds: 70, seed: 1045 },

  // Matatu Chronicles
  { slug: 'matatu-chronicles', title: 'Matatu Chronicles', artist: 'wangui-karanja', album: 'matatu-chronicles', trackNumber: 1, genre: 'Hip Hop', language: 'Swahili', durationSeconds: 56, seed: 1051 },
  { slug: 'nairobi-skyline-cipher', title: 'Nairobi Skyline Cipher', artist: 'wangui-karanja', album: 'matatu-chronicles', trackNumber: 2, genre: 'Hip Hop', language: 'English', durationSeconds: 50, featuring: ['nnamdi-okoli', 'sade-ifeoluwa'], seed: 1052 },
  { slug: 'sheng-poetry', title: 'Sheng Poetry', artist: 'wangui-karanja', album: 'matatu-chronicles', trackNumber: 3, genre: 'Hip Hop', language: 'Swahili', durationSeconds: 46, seed: 1053 },
  { slug: 'mugithi-nights', title: 'Mũgĩthi Nights', artist: 'wangui-karanja', album: 'matatu-chronicles', trackNumber: 4, genre: 'Hip Hop', language: 'Swahili', durationSeconds: 60, seed: 1054 },
  { slug: 'uhuru-park-freestyle', title: 'Uhuru Park Freestyle', artist: 'wangui-karanja', album: 'matatu-chronicles', trackNumber: 5, genre: 'Hip Hop', language: 'Swahili', durationSeconds: 38, seed: 1055 },

  // Preludes for the Volta
  { slug: 'prelude-akosombo-morning', title: 'Prelude I: Akosombo Morning', artist: 'adwoa-sarpong', album: 'preludes-for-the-volta', trackNumber: 1, genre: 'Classical', language: 'English', durationSeconds: 90, seed: 1061 },
  { slug: 'prelude-river-songs', title: 'Prelude II: River Songs', artist: 'adwoa-sarpong', album: 'preludes-for-the-volta', trackNumber: 2, genre: 'Classical', language: 'English', durationSeconds: 75, seed: 1062 },
  { slug: 'nocturne-for-kumasi', title: 'Nocturne for Kumasi', artist: 'adwoa-sarpong', album: 'preludes-for-the-volta', trackNumber: 3, genre: 'Classical', language: 'English', durationSeconds: 84, seed: 1063 },
  { slug: 'harmattan-elegy', title: 'Harmattan Elegy', artist: 'adwoa-sarpong', album: 'preludes-for-the-volta', trackNumber: 4, genre: 'Classical', language: 'English', durationSeconds: 110, seed: 1064 },

  // Generator Noise
  { slug: 'generator-noise', title: 'Generator Noise', artist: 'lagoon-static', album: 'generator-noise', trackNumber: 1, genre: 'Rock', language: 'English', durationSeconds: 42, seed: 1071 },
  { slug: 'nepa-took-the-light', title: 'NEPA Took the Light', artist: 'lagoon-static', album: 'generator-noise', trackNumber: 2, genre: 'Rock', language: 'Pidgin', durationSeconds: 36, seed: 1072 },
  { slug: 'okada-riders', title: 'Okada Riders', artist: 'lagoon-static', album: 'generator-noise', trackNumber: 3, genre: 'Rock', language: 'English', durationSeconds: 44, featuring: ['wangui-karanja'], seed: 1073 },
  { slug: 'rainy-season-riot', title: 'Rainy Season Riot', artist: 'lagoon-static', album: 'generator-noise', trackNumber: 4, genre: 'Rock', language: 'English', durationSeconds: 40, seed: 1074 },

  // Sunday Owambe
  { slug: 'owambe-ojo-aiku', title: 'Owambe Ọjọ́ Àìkú', artist: 'kehinde-ajala', album: 'sunday-owambe', trackNumber: 1, genre: 'Fuji', language: 'Yoruba', durationSeconds: 58, seed: 1081 },
  { slug: 'ajala-travel', title: 'Àjàlá Travel', artist: 'kehinde-ajala', album: 'sunday-owambe', trackNumber: 2, genre: 'Juju', language: 'Yoruba', durationSeconds: 52, seed: 1082 },
  { slug: 'sakara-morning', title: 'Sákárà Morning', artist: 'kehinde-ajala', album: 'sunday-owambe', trackNumber: 3, genre: 'Fuji', language: 'Yoruba', durationSeconds: 44, seed: 1083 },
  { slug: 'eyin-obi-mi', title: 'Ẹ̀yin Òbí Mi', artist: 'kehinde-ajala', album: 'sunday-owambe', trackNumber: 4, genre: 'Juju', language: 'Yoruba', durationSeconds: 56, seed: 1084 },

  // Singles
  { slug: 'jollof-summer', title: 'Jollof Summer', artist: 'olaoluwa-adebayo', genre: 'Pop', language: 'English', durationSeconds: 40, seed: 1091 },
  { slug: 'bad-belle-riddim', title: 'Bad Belle Riddim', artist: 'nnamdi-okoli', genre: 'Dancehall', language: 'Pidgin', durationSeconds: 48, seed: 1092 },
  { slug: 'wahala-dey', title: 'Wahala Dey', artist: 'nnamdi-okoli', genre: 'Afrobeats', language: 'Pidgin', durationSeconds: 46, featuring: ['olaoluwa-adebayo'], seed: 1093 },
  { slug: 'island-gyal-from-aba', title: 'Island Gyal from Aba', artist: 'nnamdi-okoli', genre: 'Dancehall', language: 'Pidgin', durationSeconds: 42, seed: 1094 },
  { slug: 'yanga-log-drum', title: 'Yanga Log Drum', artist: 'temitope-alade', genre: 'Amapiano', language: 'Yoruba', durationSeconds: 62, seed: 1095 },
  { slug: 'pele-pele-piano', title: 'Pẹ̀lẹ́ Pẹ̀lẹ́ Piano', artist: 'temitope-alade', genre: 'Amapiano', language: 'Yoruba', durationSeconds: 54, seed: 1096 },
  { slug: 'morning-glory-live', title: 'Morning Glory (Live)', artist: 'chioma-nke', genre: 'Gospel', language: 'English', durationSeconds: 44, seed: 1097 },
  { slug: 'rainfall-on-zinc', title: 'Rainfall on Zinc', artist: 'sade-ifeoluwa', genre: 'R&B', language: 'English', durationSeconds: 50, seed: 1098 },
  { slug: 'lagos-to-dakar', title: 'Lagos to Dakar', artist: 'temitope-alade', genre: 'Amapiano', language: 'French', durationSeconds: 32, seed: 1099 },
];

export const DEMO_PLAYLISTS: readonly DemoPlaylist[] = [
  {
    slug: 'afrobeats-hits',
    name: 'Afrobeats Hits',
    description: 'The biggest grooves of the moment, from Lagos to the world.',
    songs: ['okan-mi', 'danfo-love', 'irin-ajo', 'gbe-mi-lo', 'wahala-dey', 'yanga-log-drum', 'pele-pele-piano', 'bad-belle-riddim', 'jollof-summer'],
    seed: 301,
  },
  {
    slug: 'lagos-night-drive',
    name: 'Lagos Night Drive',
    description: 'City lights on the Third Mainland Bridge, windows down, volume up.',
    songs: ['third-mainland', 'harmattan-haze', 'corniche-pulse', 'slow-whine-soft-light', 'dakar-4am', 'island-gyal-from-aba', 'rainfall-on-zinc', 'lagos-to-dakar', 'midnight-in-ibadan', 'goree-lights'],
    seed: 302,
  },
  {
    slug: 'chill-highlife-sunday',
    name: 'Chill Highlife Sunday',
    description: 'Palm wine, guitars and talking drums for a slow Sunday afternoon.',
    songs: ['palm-wine-sunday', 'nne-m', 'uto-ndu', 'ajala-travel', 'eyin-obi-mi', 'owambe-ojo-aiku', 'morning-glory-live', 'ekele'],
    seed: 303,
  },
  {
    slug: 'gym-energy',
    name: 'Gym Energy',
    description: 'Loud guitars, hard drums and fast beats to push the last set.',
    songs: ['generator-noise', 'okada-riders', 'rainy-season-riot', 'matatu-chronicles', 'uhuru-park-freestyle', 'sabar-circuit', 'teranga-code', 'nepa-took-the-light', 'bad-belle-riddim', 'sakara-morning', 'yanga-log-drum'],
    seed: 304,
  },
  {
    slug: 'keys-and-strings-focus',
    name: 'Keys & Strings Focus',
    description: 'Piano preludes and late-night jazz to help you concentrate.',
    songs: ['prelude-akosombo-morning', 'late-at-osu', 'prelude-river-songs', 'kelewele-blues', 'nocturne-for-kumasi', 'harbour-lights-tema', 'adwoas-waltz', 'harmattan-elegy'],
    seed: 305,
  },
];
