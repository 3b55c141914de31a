import type { Song } from '@kora/contracts';
import { ArrowDownToLine, CircleCheck, Trash2 } from 'lucide-react';
import { DropdownMenuItem, DropdownMenuSeparator } from '../../ui/dropdown-menu';
import { downloadable } from './keep-downloaded-song';
import { useDownloads } from './downloads-context';
import { useStartDownload } from './use-start-download';

/**
 * A song's own download in its options menu: Download, or Remove download once kept on its own;
 * a song kept with a playlist or an album says so (removing that collection removes it). Nothing
 * for a catalogue preview, or where this browser cannot keep downloads.
 */
export function DownloadMenuItem({ song }: { song: Song }) {
  const downloads = useDownloads();
  const start = useStartDownload();
  if (!downloads || !start || !downloadable(song)) return null;
  const key = `song:${song.id}`;
  const kept = downloads.songs.get(song.id);

  let item;
  if (kept && downloads.collections.has(key)) {
    item = (
      <DropdownMenuItem onSelect={() => void downloads.remove(key)}>
        <Trash2 aria-hidden />
        Remove download
      </DropdownMenuItem>
    );
  } else if (kept) {
    item = (
      <DropdownMenuItem disabled>
        <CircleCheck aria-hidden />
        Downloaded with a collection
      </DropdownMenuItem>
    );
  } else {
    item = (
      <DropdownMenuItem onSelect={() => void start({ key, title: song.title, coverUrl: song.coverArtUrl, songs: async () => [song] })}>
        <ArrowDownToLine aria-hidden />
        Download
      </DropdownMenuItem>
    );
  }
  return (
    <>
      <DropdownMenuSeparator />
      {item}
    </>
  );
}
