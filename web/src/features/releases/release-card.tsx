import type { Release } from '@kora/contracts';
import { CircleCheck, CircleX, LoaderCircle } from 'lucide-react';
import * as Progress from '@radix-ui/react-progress';
import { formatDuration } from '../../player/format-duration';
import { cn } from '../../ui/cn';
import { CoverImage } from '../../ui/cover-image';
import { formatQuantity, formatTrackNumber } from '../../ui/format';
import { RELEASE_KIND_LABELS } from './release-status';

const dateFormat = new Intl.DateTimeFormat('en-NG', { dateStyle: 'medium' });

/** One release of "My releases": cover, title, kind, artist, status and its tracks. */
export function ReleaseCard({ release }: { release: Release }) {
  const trackCount = release.tracks.length;
  return (
    <article
      aria-label={release.title}
      className="grid min-w-0 gap-3 rounded-card border border-line bg-surface p-3 sm:p-4"
    >
      <div className="flex min-w-0 items-start gap-3 sm:gap-4">
        <CoverImage src={release.coverUrl} size={80} className="size-16 rounded-control sm:size-20" />
        <div className="grid min-w-0 flex-1 gap-1">
          <div className="flex min-w-0 flex-wrap items-center gap-x-3 gap-y-1">
            <h3 className="min-w-0 truncate font-semibold">{release.title}</h3>
            <StatusBadge release={release} />
          </div>
          <p className="truncate text-sm text-ink-muted">
            {RELEASE_KIND_LABELS[release.releaseType]} · {release.artist.name}
          </p>
          <p className="text-xs text-ink-subtle">
            Uploaded {dateFormat.format(new Date(release.createdAt))} · {formatQuantity(trackCount, 'track')}
          </p>
        </div>
      </div>

      {release.status === 'processing' && (
        <Progress.Root
          value={release.progress}
          max={100}
          aria-label={`Processing ${release.title}`}
          className="h-1.5 overflow-hidden rounded-full bg-overlay"
        >
          <Progress.Indicator
            className="h-full w-full origin-left bg-gold-400 transition-transform duration-500"
            style={{ transform: `scaleX(${release.progress / 100})` }}
          />
        </Progress.Root>
      )}
      {release.status === 'rejected' && release.rejectionReason && (
        <p className="rounded-control bg-coral-900 px-3 py-2 text-sm text-coral-300">
          <span className="font-semibold">Reason: </span>
          {release.rejectionReason}
        </p>
      )}

      <details className="text-sm" open={trackCount <= 3}>
        <summary className="min-h-11 cursor-pointer content-center text-ink-muted hover:text-ink md:min-h-9">
          Tracks
        </summary>
        <ol className="grid gap-1 pt-1">
          {release.tracks.map((track, index) => (
            <li key={track.id} className="flex min-w-0 items-baseline gap-3">
              <span className="w-6 shrink-0 text-ink-subtle tabular-nums">{formatTrackNumber(index + 1)}</span>
              <span className="min-w-0 flex-1 truncate">{track.title}</span>
              <span className="shrink-0 text-ink-subtle tabular-nums">{formatDuration(track.duration)}</span>
            </li>
          ))}
        </ol>
      </details>
    </article>
  );
}

const STATUS_WORDS: Partial<Record<Release['status'], string>> = { live: 'Live', rejected: 'Rejected', withdrawn: 'Taken down' };

/**
 * Processing with its progress, Live, Rejected or Taken down (while the account was being deleted);
 * the words carry the state, the colour only repeats it.
 */
function StatusBadge({ release }: { release: Release }) {
  const { status } = release;
  return (
    <span
      className={cn(
        'inline-flex shrink-0 items-center gap-1 rounded-full px-2.5 py-0.5 text-xs font-semibold',
        status === 'processing' && 'bg-gold-400/15 text-gold-300',
        status === 'live' && 'bg-jade-900 text-jade-300',
        status === 'rejected' && 'bg-coral-900 text-coral-300',
        status === 'withdrawn' && 'bg-raised text-ink-muted',
      )}
    >
      {status === 'processing' && <LoaderCircle aria-hidden className="size-3.5 animate-spin motion-reduce:animate-none" />}
      {status === 'live' && <CircleCheck aria-hidden className="size-3.5" />}
      {status === 'rejected' && <CircleX aria-hidden className="size-3.5" />}
      {STATUS_WORDS[status] ?? `Processing ${release.progress}%`}
    </span>
  );
}
