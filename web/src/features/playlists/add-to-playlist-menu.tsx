import type { Song } from '@kora/contracts';
import { Ellipsis, ListPlus } from 'lucide-react';
import { lazy } from 'react';
import { cn } from '../../ui/cn';
import { DeferredTrigger } from '../../ui/deferred-trigger';
import { IconButton } from '../../ui/icon-button';
import type { PlaylistChoiceMenuProps } from './playlist-choice-menu';

// The menu (Radix and its positioning library, a quarter of the signed-in app's script) loads when
// a listener first reaches for a '⋯', not with the first screen: grids show dozens of these buttons.
const loadMenu = () => import('./playlist-choice-menu');
const PlaylistChoiceMenu = lazy(() => loadMenu().then((m) => ({ default: m.PlaylistChoiceMenu })));

interface SongOptionsMenuProps {
  song: Song;
  className?: string;
  /** On the owner's playlist: "Remove from this playlist" (a phone has no room for its own button). */
  onRemoveFromPlaylist?: (song: Song) => void;
}

/** The '⋯' of a song row or card: "More options for {title}", whose menu adds the song to a playlist. */
export function SongOptionsMenu({ song, className, onRemoveFromPlaylist }: SongOptionsMenuProps) {
  return (
    <AddToPlaylistMenu
      song={song}
      onRemoveFromPlaylist={onRemoveFromPlaylist}
      trigger={
        <button
          type="button"
          aria-label={`More options for ${song.title}`}
          className={cn(
            'grid size-11 shrink-0 place-items-center rounded-full pointer-fine:size-9 text-ink-subtle transition-colors hover:bg-overlay hover:text-ink data-[state=open]:bg-overlay data-[state=open]:text-ink',
            className,
          )}
        >
          <Ellipsis aria-hidden className="size-5" />
        </button>
      }
    />
  );
}

/** The players' "Add to playlist" button; disabled, like every player control, with no song. */
export function AddToPlaylistButton({ song, className }: { song: Song | null; className?: string }) {
  const trigger = (
    <IconButton label="Add to playlist" disabled={!song} className={cn('data-[state=open]:bg-overlay', className)}>
      <ListPlus aria-hidden />
    </IconButton>
  );
  return song ? <AddToPlaylistMenu song={song} trigger={trigger} /> : trigger;
}

function AddToPlaylistMenu(props: Omit<PlaylistChoiceMenuProps, 'defaultOpen'>) {
  return (
    <DeferredTrigger trigger={props.trigger} preload={loadMenu}>
      <PlaylistChoiceMenu {...props} defaultOpen />
    </DeferredTrigger>
  );
}
