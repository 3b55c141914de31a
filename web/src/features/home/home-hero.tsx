import { songCoverUrl } from '@kora/contracts';
import type { HomePick } from '@kora/contracts';
import { useId, useMemo } from 'react';
import { Link } from 'react-router';
import { usePlayer } from '../../player/player-context';
import type { PlaybackContext } from '../../player/player-types';
import { playlistPath, songArtistPath } from '../../ui/catalogue-links';
import { CoverImage } from '../../ui/cover-image';
import { describeArtists, formatQuantity } from '../../ui/format';
import { PlayToggleButton } from '../../ui/play-toggle-button';
import { usePickPlayback } from './use-pick-playback';

/** Home's one editorial hero (the server's rule: the editors' playlist of the day, else the top trending song). */
export function HomeHero({ hero }: { hero: HomePick }) {
  const headingId = useId();
  const { currentSong, isPlaying, toggleSongPlayback } = usePlayer();
  const playlistPlayback = usePickPlayback(hero.kind === 'playlist' ? hero.playlist.id : undefined);
  const songContext = useMemo<PlaybackContext | undefined>(
    () => (hero.kind === 'song' ? { type: 'home', id: 'hero', songs: [hero.song] } : undefined),
    [hero],
  );

  const isSongActive = hero.kind === 'song' && currentSong?.id === hero.song.id && isPlaying;
  const title = hero.kind === 'song' ? hero.song.title : hero.playlist.name;

  return (
    <section
      aria-labelledby={headingId}
      className="relative flex items-center gap-4 overflow-hidden rounded-card border border-line bg-linear-to-br from-gold-500/20 via-coral-500/10 to-surface p-3 sm:gap-6 sm:p-5"
    >
      <CoverImage
        src={hero.kind === 'song' ? songCoverUrl(hero.song) : hero.playlist.coverUrl}
        color={hero.kind === 'song' ? hero.song.coverColor : hero.playlist.coverColor}
        size={160}
        sizes="(max-width: 639px) 112px, 160px"
        priority
        className="size-28 rounded-control shadow-lg shadow-black/40 sm:size-40"
      />
      <div className="min-w-0 flex-1">
        <p className="text-xs font-semibold tracking-wider text-gold-300 uppercase">
          {hero.kind === 'song' ? 'Top of the charts' : 'Playlist of the day'}
        </p>
        <h2 id={headingId} className="mt-1 line-clamp-2 text-lg leading-tight font-extrabold break-words sm:text-2xl">
          {hero.kind === 'song' ? (
            title
          ) : (
            <Link to={playlistPath(hero.playlist.id)} className="hover:underline">
              {title}
            </Link>
          )}
        </h2>
        <p className="mt-1 line-clamp-1 text-sm text-ink-muted">
          {hero.kind === 'song' ? (
            <Link to={songArtistPath(hero.song)} className="hover:underline">
              {describeArtists(hero.song)}
            </Link>
          ) : (
            hero.playlist.description || formatQuantity(hero.playlist.songCount, 'song')
          )}
        </p>
        <PlayToggleButton
          label={title}
          size="lg"
          className="mt-3"
          isActive={hero.kind === 'song' ? isSongActive : playlistPlayback.isActive}
          isBusy={playlistPlayback.isStarting}
          onClick={() => (hero.kind === 'song' ? toggleSongPlayback(hero.song, songContext) : playlistPlayback.toggle())}
        />
      </div>
    </section>
  );
}
