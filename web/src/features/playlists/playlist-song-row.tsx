import { songCoverUrl } from '@kora/contracts';
import type { Song } from '@kora/contracts';
import { ArrowDown, ArrowUp, AudioLines, Pause, Play, Trash2 } from 'lucide-react';
import type { ButtonHTMLAttributes, MouseEvent } from 'react';
import { Link } from 'react-router';
import { formatDuration } from '../../player/format-duration';
import { usePlayableNow } from '../../offline/downloads/use-playable-now';
import { albumPath } from '../../ui/catalogue-links';
import { cn } from '../../ui/cn';
import { CoverImage } from '../../ui/cover-image';
import { describeArtists, formatPlays, formatTrackNumber } from '../../ui/format';
import { PreviewBadge } from '../../ui/preview-badge';
import { Tooltip } from '../../ui/tooltip';
import { SongOptionsMenu } from './add-to-playlist-menu';

/**
 * Column widths and visibility, for the table's columns and cells (spec: Album hides on small
 * screens, Plays on the smallest). `table-column` and `table-cell` undo `hidden` for <col> and cells.
 */
export const songColumns = {
  index: 'w-9 sm:w-12',
  album: 'hidden lg:table-column lg:w-[22%]',
  albumCell: 'hidden lg:table-cell',
  plays: 'hidden sm:table-column sm:w-28',
  playsCell: 'hidden sm:table-cell',
  time: 'w-12 sm:w-16',
  /** One button (more options) for listeners and, on a phone, for the owner too; two for the owner from sm up. */
  actions: (mode: RowMode) => (mode === 'listen' ? 'w-11 sm:w-14' : mode === 'edit' ? 'w-11 sm:w-24' : 'w-20 sm:w-24'),
};

// With a mouse the row's buttons wait for hover or focus (spec: remove "on hover"); touch screens have no hover, so they always show.
const SHOWN_ON_HOVER =
  'pointer-fine:opacity-0 pointer-fine:group-hover:opacity-100 pointer-fine:group-focus-within:opacity-100 pointer-fine:data-[state=open]:opacity-100';

export type RowMode = 'listen' | 'edit' | 'reorder';

interface PlaylistSongRowProps {
  song: Song;
  /** 0-based place in the playlist. */
  index: number;
  songCount: number;
  isCurrent: boolean;
  isActive: boolean;
  /** listen: another's or an editorial playlist; edit: the owner's (remove); reorder: the owner's, moving songs. */
  mode: RowMode;
  isMoving: boolean;
  onPlay: (song: Song) => void;
  onRemove: (song: Song) => void;
  onMove: (song: Song, position: number, direction: 'up' | 'down') => void;
}

export function PlaylistSongRow({
  song,
  index,
  songCount,
  isCurrent,
  isActive,
  mode,
  isMoving,
  onPlay,
  onRemove,
  onMove,
}: PlaylistSongRowProps) {
  // A click anywhere on the row plays the song, except on its own links and buttons. Clicks inside
  // portalled menus and dialogs reach this handler through React but are not inside the row.
  function handleRowClick(event: MouseEvent<HTMLTableRowElement>) {
    const target = event.target as Element;
    if (!event.currentTarget.contains(target) || target.closest('button, a')) return;
    onPlay(song);
  }

  const playableNow = usePlayableNow();
  const background = cn('h-14 transition-colors', isCurrent ? 'bg-raised' : 'group-hover:bg-raised/70');
  const cell = cn(background, 'px-1.5 sm:px-3');

  return (
    // Offline and not downloaded: dimmed, it cannot start until the network returns.
    <tr className={cn('group cursor-pointer', !playableNow(song) && 'opacity-45')} onClick={handleRowClick}>
      <td className={cn(cell, 'rounded-l-control text-center')}>
        <RowMarker position={index + 1} isCurrent={isCurrent} isActive={isActive} />
      </td>
      <td className={cell}>
        <div className="flex min-w-0 items-center gap-2.5 sm:gap-3">
          <CoverImage
            src={songCoverUrl(song)}
            color={song.coverColor}
            size={44}
            sizes="(min-width: 640px) 44px, 40px"
            className="size-10 rounded-md sm:size-11"
          />
          <div className="min-w-0">
            <button
              type="button"
              aria-label={`${isActive ? 'Pause' : 'Play'} ${song.title}`}
              onClick={() => onPlay(song)}
              title={song.title}
              className={cn(
                'line-clamp-2 max-w-full rounded-sm text-left text-sm font-semibold break-words',
                isCurrent && 'text-gold-300',
              )}
            >
              {song.title}
            </button>
            <p className="flex min-w-0 items-center gap-2 text-xs text-ink-subtle">
              {song.isPreview && <PreviewBadge placement="inline" />}
              <span className="truncate">{describeArtists(song)}</span>
            </p>
          </div>
        </div>
      </td>
      <td className={cn(cell, songColumns.albumCell, 'text-sm text-ink-subtle')}>
        {song.album && (
          <Link
            to={albumPath(song.album.id)}
            className="block truncate rounded-sm hover:text-ink hover:underline"
            title={song.album.title}
          >
            {song.album.title}
          </Link>
        )}
      </td>
      <td className={cn(cell, songColumns.playsCell, 'text-right text-xs text-ink-subtle tabular-nums')}>
        {formatPlays(song.playCount)}
      </td>
      <td className={cn(cell, 'text-right text-xs text-ink-subtle tabular-nums')}>
        {formatDuration(song.duration)}
      </td>
      <td className={cn(background, 'rounded-r-control pr-1 sm:pr-2')}>
        <div className="flex items-center justify-end gap-0.5">
          {mode === 'reorder' ? (
            <>
              <RowButton
                label={`Move ${song.title} up`}
                data-move-song={song.id}
                data-direction="up"
                disabled={isMoving || index === 0}
                onClick={() => onMove(song, index - 1, 'up')}
              >
                <ArrowUp aria-hidden className="size-4" />
              </RowButton>
              <RowButton
                label={`Move ${song.title} down`}
                data-move-song={song.id}
                data-direction="down"
                disabled={isMoving || index >= songCount - 1}
                onClick={() => onMove(song, index + 1, 'down')}
              >
                <ArrowDown aria-hidden className="size-4" />
              </RowButton>
            </>
          ) : (
            <>
              {mode === 'edit' && (
                <RowButton
                  label={`Remove ${song.title} from playlist`}
                  onClick={() => onRemove(song)}
                  // A phone removes through the '⋯' menu: two buttons would squeeze the title to a few letters.
                  className={cn(SHOWN_ON_HOVER, 'hover:text-coral-300 max-sm:hidden')}
                >
                  <Trash2 aria-hidden className="size-4" />
                </RowButton>
              )}
              <SongOptionsMenu
                song={song}
                className={SHOWN_ON_HOVER}
                {...(mode === 'edit' ? { onRemoveFromPlaylist: onRemove } : {})}
              />
            </>
          )}
        </div>
      </td>
    </tr>
  );
}

interface RowButtonProps extends Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'aria-label'> {
  /** Names the button and shows as its tooltip. */
  label: string;
}

function RowButton({ label, className, ...buttonProps }: RowButtonProps) {
  return (
    <Tooltip label={label}>
      <button
        type="button"
        aria-label={label}
        className={cn(
          'grid size-11 shrink-0 place-items-center rounded-full text-ink-subtle transition hover:bg-overlay hover:text-ink disabled:pointer-events-none disabled:opacity-30',
          className,
        )}
        {...buttonProps}
      />
    </Tooltip>
  );
}

/** The two-digit position, or what a click does when a pointer is over the row, or that it is playing. */
function RowMarker({ position, isCurrent, isActive }: { position: number; isCurrent: boolean; isActive: boolean }) {
  return (
    <span aria-hidden className="grid place-items-center text-sm text-ink-subtle tabular-nums">
      {isActive ? (
        <AudioLines className="size-4 text-gold-400 pointer-fine:group-hover:hidden" />
      ) : (
        <span className={cn('pointer-fine:group-hover:hidden', isCurrent && 'text-gold-300')}>
          {formatTrackNumber(position)}
        </span>
      )}
      {isActive ? (
        <Pause className="hidden size-4 text-ink pointer-fine:group-hover:block" fill="currentColor" />
      ) : (
        <Play className="hidden size-4 text-ink pointer-fine:group-hover:block" fill="currentColor" />
      )}
    </span>
  );
}
