import type { Song } from '@kora/contracts';
import { useQuery } from '@tanstack/react-query';
import { Music } from 'lucide-react';
import { useMemo } from 'react';
import { usePlayer } from '../../player/player-context';
import type { PlaybackContext } from '../../player/player-types';
import { EmptyState } from '../../ui/empty-state';
import { LoadError } from '../../ui/load-error';
import { Section } from '../../ui/section';
import { SongList, SongListSkeleton } from '../../ui/song-list';
import { songsQuery } from '../home/api';

const TITLE = 'All Songs';

/** The whole catalogue as rows. A pick stops, sets the song and starts it 100 ms later (spec section 4). */
export function AllSongs() {
  const { data: songs, isPending, isError, error, refetch } = useQuery(songsQuery);
  const { currentSong, isPlaying, pickSong, toggleSongPlayback } = usePlayer();
  const context = useMemo<PlaybackContext>(() => ({ type: 'library', id: 'all-songs', songs: songs ?? [] }), [songs]);

  function handlePlay(song: Song) {
    if (currentSong?.id === song.id && isPlaying) toggleSongPlayback(song, context);
    else pickSong(song, context);
  }

  return (
    <Section title={TITLE}>
      {isPending ? (
        <SongListSkeleton rows={8} label="Loading all songs" />
      ) : isError ? (
        <LoadError title="Could not load songs" error={error} onRetry={() => void refetch()} />
      ) : songs.length === 0 ? (
        <EmptyState icon={Music} title="No songs found" />
      ) : (
        <SongList songs={songs} onPlay={handlePlay} linkArtists label={TITLE} />
      )}
    </Section>
  );
}
