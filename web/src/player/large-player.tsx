import { songCoverUrl } from '@kora/contracts';
import { ChevronDown } from 'lucide-react';
import * as Dialog from '@radix-ui/react-dialog';
import { Link } from 'react-router';
import { SongLikeButton } from '../features/likes/song-like-button';
import { AddToPlaylistButton } from '../features/playlists/add-to-playlist-menu';
import { songArtistPath } from '../ui/catalogue-links';
import { CoverImage } from '../ui/cover-image';
import { usePlayer } from './player-context';
import { SeekBar } from './seek-bar';
import { TransportControls } from './transport-controls';
import { UpNextList } from './up-next-list';
import { VolumeControl } from './volume-control';

/** On wide screens the cover shrinks with the window's height so every control stays in view. */
const COVER_FITS_HEIGHT = 'md:w-[min(100%,calc(100dvh-29rem))] md:self-center';

/**
 * The expanded player (Radix Dialog): full screen on a phone, a large panel on wider screens,
 * with the cover, every control and the queue.
 */
export function LargePlayer() {
  const { currentSong, showLargePlayer, setShowLargePlayer, streamLabel } = usePlayer();
  if (!currentSong) return null;

  return (
    <Dialog.Root open={showLargePlayer} onOpenChange={setShowLargePlayer}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 hidden bg-black/70 animate-fade-in md:block" />
        <Dialog.Content
          aria-describedby={undefined}
          className="glow-top fixed inset-0 z-50 flex flex-col overflow-y-auto bg-canvas animate-fade-in md:inset-x-6 md:inset-y-8 md:mx-auto md:max-w-5xl md:overflow-hidden md:rounded-card md:border md:border-line md:bg-surface md:shadow-2xl md:shadow-black/60"
        >
          <header className="flex shrink-0 items-center gap-2 px-2 pt-2 md:px-4 md:pt-4">
            <Dialog.Close
              aria-label="Close player"
              className="grid size-11 place-items-center rounded-full text-ink-muted hover:bg-overlay hover:text-ink"
            >
              <ChevronDown aria-hidden className="size-6" />
            </Dialog.Close>
            <p className="text-xs font-semibold tracking-wider text-ink-subtle uppercase">Now playing</p>
            {/* What the server really sends for this song: the codec and bitrate, not the setting's name. */}
            {streamLabel && (
              <p className="ml-auto rounded-full border border-line px-2.5 py-1 text-xs font-medium text-ink-muted" title="What is streaming now">
                {streamLabel}
              </p>
            )}
          </header>

          <div className="grid flex-1 gap-8 px-5 pt-2 pb-8 md:min-h-0 md:grid-cols-[minmax(0,1fr)_minmax(0,22rem)] md:grid-rows-[minmax(0,1fr)] md:gap-10 md:px-10 md:pb-10">
            <div className="mx-auto flex w-full max-w-sm flex-col gap-5 md:min-h-0 md:max-w-md md:justify-center-safe md:overflow-y-auto">
              <CoverImage
                src={songCoverUrl(currentSong)}
                size={480}
                color={currentSong.coverColor}
                sizes="(min-width: 768px) 448px, 384px"
                className={`w-full rounded-card shadow-2xl shadow-black/60 ${COVER_FITS_HEIGHT}`}
              />
              {/* Toasts raised while it is open stay above the song's buttons and the controls. */}
              <div data-toast-floor="" className="flex flex-col gap-5">
                <div className="flex items-center gap-1">
                  <div className="min-w-0 flex-1">
                    <Dialog.Title className="truncate text-2xl font-extrabold tracking-tight">{currentSong.title}</Dialog.Title>
                    <Link
                      to={songArtistPath(currentSong)}
                      onClick={() => setShowLargePlayer(false)}
                      className="mt-1 inline-block max-w-full truncate text-ink-muted hover:text-ink hover:underline"
                    >
                      {currentSong.artist.name}
                    </Link>
                  </div>
                  <AddToPlaylistButton song={currentSong} className="[&_svg]:size-6" />
                  <SongLikeButton song={currentSong} className="[&_svg]:size-6" />
                </div>
                <SeekBar />
                <TransportControls size="large" />
                <VolumeControl />
              </div>
            </div>
            <UpNextList />
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
