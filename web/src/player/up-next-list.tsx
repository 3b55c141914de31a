import { songCoverUrl } from '@kora/contracts';
import { useId } from 'react';
import { CoverImage } from '../ui/cover-image';
import { formatDuration } from './format-duration';
import { usePlayer } from './player-context';
import { listUpNext } from './queue';

/** The queue after the current song, in the order next plays it; a tap plays that song. */
export function UpNextList() {
  const { queue, queueIndex, playQueueIndex } = usePlayer();
  const titleId = useId();
  const upNext = listUpNext({ songs: queue, index: queueIndex });

  return (
    <section aria-labelledby={titleId} className="flex flex-col md:h-full md:min-h-0">
      <h3 id={titleId} className="px-1 text-sm font-semibold tracking-wider text-ink-subtle uppercase">
        Up next
      </h3>
      {upNext.length === 0 ? (
        <p className="mt-3 px-1 text-sm text-ink-subtle">Nothing else is queued.</p>
      ) : (
        <ol className="mt-2 grid content-start gap-0.5 md:min-h-0 md:flex-1 md:overflow-y-auto md:pr-1">
          {upNext.map(({ song, index }) => (
            <li key={`${index}-${song.id}`}>
              <button
                type="button"
                onClick={() => playQueueIndex(index)}
                className="flex min-h-14 w-full items-center gap-3 rounded-control px-1 py-1.5 text-left transition-colors hover:bg-raised"
              >
                <CoverImage src={songCoverUrl(song)} size={44} className="size-11 rounded-md" />
                <span className="min-w-0 flex-1">
                  <span className="block truncate text-sm font-medium text-ink">{song.title}</span>
                  <span className="block truncate text-xs text-ink-subtle">{song.artist.name}</span>
                </span>
                <span className="shrink-0 text-xs text-ink-subtle tabular-nums">{formatDuration(song.duration)}</span>
              </button>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
