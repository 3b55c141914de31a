import type { Album } from '@kora/contracts';
import { Link } from 'react-router';
import { albumPath } from '../../ui/catalogue-links';
import { CoverImage } from '../../ui/cover-image';
import { cardCoverSizes } from '../../ui/image-sizes';

/** An album in a grid: the whole card opens the album; release year under the title, or 'Album'. */
export function AlbumCard({ album }: { album: Album }) {
  return (
    <article className="relative min-w-0 rounded-card bg-surface p-2.5 transition-colors hover:bg-raised sm:p-3">
      <CoverImage src={album.coverUrl} color={album.coverColor} size={200} sizes={cardCoverSizes()} className="w-full rounded-control shadow-lg shadow-black/40" />
      <h3 className="mt-3 line-clamp-2 text-sm font-semibold break-words" title={album.title}>
        <Link
          to={albumPath(album.id)}
          className="after:absolute after:inset-0 after:rounded-card focus-visible:outline-none focus-visible:after:outline-2 focus-visible:after:outline-gold-400"
        >
          {album.title}
        </Link>
      </h3>
      <p className="mt-0.5 truncate text-xs text-ink-subtle">{album.releaseYear ?? 'Album'}</p>
    </article>
  );
}
