import { HOME_GENRES } from '@kora/contracts';
import { Link } from 'react-router';
import { cn } from '../../ui/cn';
import { Section } from '../../ui/section';

/** Tones rotate through the palette so neighbouring tiles never match. */
const TILE_TONES = [
  'from-gold-500/80 to-gold-600/30',
  'from-jade-500/80 to-jade-700/30',
  'from-coral-500/80 to-coral-700/30',
  'from-gold-600/70 to-coral-700/30',
];

function genreSearchPath(genre: string): string {
  return `/search?${new URLSearchParams({ genre }).toString()}`;
}

/** The eight genres of the home page; each opens search prefilled with the genre. */
export function GenreTiles({ title }: { title: string }) {
  return (
    <Section title={title}>
      <ul className="grid grid-cols-2 gap-3 sm:grid-cols-4">
        {HOME_GENRES.map((genre, index) => (
          <li key={genre}>
            <Link
              to={genreSearchPath(genre)}
              className={cn(
                'relative flex h-20 items-end overflow-hidden rounded-card bg-linear-to-br p-3.5 font-bold text-ink transition-transform hover:-translate-y-0.5 sm:h-24',
                TILE_TONES[index % TILE_TONES.length],
              )}
            >
              <span
                aria-hidden
                className="absolute -top-6 -right-6 size-20 rounded-full border-[10px] border-white/10"
              />
              <span className="relative drop-shadow">{genre}</span>
            </Link>
          </li>
        ))}
      </ul>
    </Section>
  );
}
