import { type HomePick, QUICK_PICK_COVER_SIZES, quickPickCoverUrl, quickPicksOf, type Song } from '@kora/contracts';
import { useMemo } from 'react';
import { usePlayer } from '../../player/player-context';
import type { PlaybackContext } from '../../player/player-types';
import { cn } from '../../ui/cn';
import { CoverImage } from '../../ui/cover-image';
import { Section } from '../../ui/section';
import { usePickPlayback } from './use-pick-playback';

/**
 * The first thing on Home: six compact tiles, 2x3 on a phone and 3x2 on a wide screen, each
 * played with one tap. 'Jump back in' once the listener has played something; before that,
 * picks from trending and the editors' playlists.
 */
export function QuickPicks({ recentlyPlayed, starterPicks }: { recentlyPlayed: Song[]; starterPicks: HomePick[] }) {
  const picks = useMemo(() => quickPicksOf(recentlyPlayed, starterPicks), [recentlyPlayed, starterPicks]);
  const context = useMemo<PlaybackContext>(
    () => ({ type: 'home', id: 'quick-picks', songs: picks.flatMap((pick) => (pick.kind === 'song' ? [pick.song] : [])) }),
    [picks],
  );

  if (picks.length === 0) return null;
  return (
    <Section title={recentlyPlayed.length > 0 ? 'Jump back in' : 'Start listening'}>
      <ul className="grid grid-cols-2 gap-2 lg:grid-cols-3 lg:gap-3">
        {picks.map((pick) => (
          <li key={pick.kind === 'song' ? `song-${pick.song.id}` : `playlist-${pick.playlist.id}`} className="min-w-0">
            <QuickPickTile pick={pick} context={context} />
          </li>
        ))}
      </ul>
    </Section>
  );
}

function QuickPickTile({ pick, context }: { pick: HomePick; context: PlaybackContext }) {
  const { currentSong, isPlaying, toggleSongPlayback } = usePlayer();
  const playlistPlayback = usePickPlayback(pick.kind === 'playlist' ? pick.playlist.id : undefined);

  const title = pick.kind === 'song' ? pick.song.title : pick.playlist.name;
  const isCurrent = pick.kind === 'song' ? currentSong?.id === pick.song.id : playlistPlayback.isCurrent;
  const isActive = isCurrent && isPlaying;
  const cover = quickPickCoverUrl(pick);
  const coverColor = pick.kind === 'song' ? pick.song.coverColor : pick.playlist.coverColor;

  function handleClick() {
    if (pick.kind === 'song') toggleSongPlayback(pick.song, context);
    else playlistPlayback.toggle();
  }

  return (
    <button
      type="button"
      onClick={handleClick}
      aria-label={`${isActive ? 'Pause' : 'Play'} ${title}`}
      aria-busy={playlistPlayback.isStarting || undefined}
      disabled={pick.kind === 'playlist' && pick.playlist.songCount === 0}
      className={cn(
        'flex h-14 w-full items-center gap-2.5 overflow-hidden rounded-control text-left transition-colors lg:h-16',
        isCurrent ? 'bg-overlay' : 'bg-raised/80 hover:bg-overlay',
      )}
    >
      {/* The first screen's music: fetched at once (the first ones preloaded with the page, server/src/http/home-page-preloads.ts). */}
      <CoverImage src={cover} color={coverColor} size={64} sizes={QUICK_PICK_COVER_SIZES} priority className="size-14 rounded-none lg:size-16" />
      <span
        className={cn(
          'line-clamp-2 min-w-0 flex-1 pr-2 text-[0.8125rem] leading-tight font-semibold break-words',
          isCurrent && 'text-gold-300',
        )}
      >
        {title}
      </span>
    </button>
  );
}
