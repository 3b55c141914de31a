import type { Playlist, Song } from '@kora/contracts';
import { Clock } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { usePlayer } from '../../player/player-context';
import { cn } from '../../ui/cn';
import { ConfirmDialog } from '../../ui/dialog';
import { useMovePlaylistSong, useRemovePlaylistSong } from './api';
import { PlaylistSongRow, songColumns, type RowMode } from './playlist-song-row';

interface PlaylistSongTableProps {
  playlist: Playlist;
  /** The songs loaded so far, in order. */
  songs: Song[];
  mode: RowMode;
  onPlay: (song: Song) => void;
}

/** The playlist's songs as a table: #, Title, Album, Plays, Time, and the owner's remove (or move) buttons. */
export function PlaylistSongTable({ playlist, songs, mode, onPlay }: PlaylistSongTableProps) {
  const { currentSong, isPlaying } = usePlayer();
  const [songToRemove, setSongToRemove] = useState<Song | null>(null);
  const removeSong = useRemovePlaylistSong(playlist.id);
  const moveSong = useMovePlaylistSong(playlist.id);
  const focusAfterMove = useRef<{ songId: Song['id']; direction: 'up' | 'down' } | null>(null);

  // The buttons are disabled while a move runs (which drops their focus) and the row may be
  // re-inserted when the list comes back: the focus returns to the moved song's button once the
  // move and the refetch are done, so a keyboard can keep moving it.
  const isMoving = moveSong.isPending;
  useEffect(() => {
    if (isMoving || !focusAfterMove.current) return;
    const { songId, direction } = focusAfterMove.current;
    focusAfterMove.current = null;
    focusMoveButton(songId, direction);
  }, [isMoving, songs]);

  function handleMove(song: Song, position: number, direction: 'up' | 'down') {
    focusAfterMove.current = { songId: song.id, direction };
    moveSong.mutate({ song, position });
  }

  function handleConfirmRemove() {
    if (!songToRemove) return;
    removeSong.mutate(songToRemove, { onSettled: () => setSongToRemove(null) });
  }

  const header = 'h-10 border-b border-line px-1.5 text-xs font-semibold tracking-wider text-ink-subtle uppercase sm:px-3';

  return (
    <>
      <table className="w-full table-fixed border-separate border-spacing-0">
        <caption className="sr-only">Songs in {playlist.name}</caption>
        {/* Widths live on the columns: the fixed layout would otherwise take them from the header row, hidden on phones. */}
        <colgroup>
          <col className={songColumns.index} />
          <col />
          <col className={songColumns.album} />
          <col className={songColumns.plays} />
          <col className={songColumns.time} />
          <col className={songColumns.actions(mode)} />
        </colgroup>
        {/* The column names show on wider screens; phones read them from the rows. */}
        <thead className="max-sm:sr-only">
          <tr>
            <th scope="col" className={cn(header, 'text-center')}>
              #
            </th>
            <th scope="col" className={cn(header, 'text-left')}>
              Title
            </th>
            <th scope="col" className={cn(header, songColumns.albumCell, 'text-left')}>
              Album
            </th>
            <th scope="col" className={cn(header, songColumns.playsCell, 'text-right')}>
              Plays
            </th>
            <th scope="col" className={cn(header, 'text-right')}>
              <Clock aria-hidden className="ml-auto size-4" />
              <span className="sr-only">Time</span>
            </th>
            <th scope="col" className={header}>
              <span className="sr-only">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {songs.map((song, index) => {
            const isCurrent = currentSong?.id === song.id;
            return (
              <PlaylistSongRow
                key={song.id}
                song={song}
                index={index}
                songCount={playlist.songCount}
                isCurrent={isCurrent}
                isActive={isCurrent && isPlaying}
                mode={mode}
                isMoving={isMoving}
                onPlay={onPlay}
                onRemove={setSongToRemove}
                onMove={handleMove}
              />
            );
          })}
        </tbody>
      </table>
      <ConfirmDialog
        open={songToRemove !== null}
        onOpenChange={(open) => {
          if (!open && !removeSong.isPending) setSongToRemove(null);
        }}
        title="Remove song"
        description={`Remove "${songToRemove?.title ?? ''}" from this playlist?`}
        confirmLabel="Remove"
        pendingLabel="Removing..."
        isPending={removeSong.isPending}
        onConfirm={handleConfirmRemove}
      />
    </>
  );
}

/** The moved song's button that keeps going the same way, or its other one at the end of the list. */
function focusMoveButton(songId: Song['id'], direction: 'up' | 'down') {
  const buttons = [
    ...document.querySelectorAll<HTMLButtonElement>(`button[data-move-song="${CSS.escape(String(songId))}"]`),
  ].filter((button) => !button.disabled);
  (buttons.find((button) => button.dataset.direction === direction) ?? buttons[0])?.focus();
}
