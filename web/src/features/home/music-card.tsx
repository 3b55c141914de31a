import type { Song } from '@kora/contracts';
import { CoverImage } from '../../ui/cover-image';

export function MusicCard({ song }: { song: Song }) {
  return (
    <article className="group min-w-0 rounded-card bg-surface p-2.5 transition-colors hover:bg-raised sm:p-3">
      <div className="relative">
        <CoverImage
          src={song.coverArtUrl ?? song.album?.coverUrl ?? null}
          size={250}
          className="w-full rounded-control shadow-lg shadow-black/40"
        />
        {song.isPreview && (
          <span className="absolute top-2 left-2 rounded-full bg-canvas/85 px-2 py-0.5 text-[11px] font-semibold text-gold-300">
            30s Preview
          </span>
        )}
      </div>
      <h3 className="mt-3 truncate text-sm font-semibold" title={song.title}>
        {song.title}
      </h3>
      <p className="mt-0.5 truncate text-xs text-ink-subtle">{song.artist.name}</p>
    </article>
  );
}
