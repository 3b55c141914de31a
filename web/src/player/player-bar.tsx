import { Maximize2 } from 'lucide-react';
import { SongLikeButton } from '../features/likes/song-like-button';
import { AddToPlaylistButton } from '../features/playlists/add-to-playlist-menu';
import { IconButton } from '../ui/icon-button';
import { usePlayer } from './player-context';
import { SeekBar } from './seek-bar';
import { SongSummary } from './song-summary';
import { TransportControls } from './transport-controls';
import { VolumeControl } from './volume-control';

/** The desktop footer player: the song with its heart and "Add to playlist", the controls, the volume. */
export function PlayerBar() {
  const { currentSong, setShowLargePlayer } = usePlayer();

  return (
    <section
      aria-label="Player"
      // Toasts stay above it, off the controls.
      data-toast-floor=""
      className="hidden h-22 shrink-0 grid-cols-[minmax(0,1fr)_minmax(0,2fr)_minmax(0,1fr)] items-center gap-4 border-t border-line bg-surface px-4 md:grid"
    >
      <div className="flex min-w-0 items-center gap-1">
        <div className="mr-1 min-w-0">
          <SongSummary coverClassName="size-14" linkArtist />
        </div>
        <SongLikeButton song={currentSong} className="md:size-9" />
        <AddToPlaylistButton song={currentSong} className="md:size-9" />
      </div>

      <div className="flex flex-col items-center gap-1">
        <TransportControls size="compact" />
        <SeekBar className="max-w-xl" />
      </div>

      <div className="flex items-center justify-end gap-1">
        <VolumeControl className="w-40" />
        <IconButton
          // Not "Open player": a name containing "play" would also answer to a search for the Play button.
          label="Expand"
          aria-haspopup="dialog"
          disabled={currentSong === null}
          onClick={() => setShowLargePlayer(true)}
          className="md:size-9"
        >
          <Maximize2 aria-hidden />
        </IconButton>
      </div>
    </section>
  );
}
