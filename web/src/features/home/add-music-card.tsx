import { ChevronRight, Upload } from 'lucide-react';
import { Link } from 'react-router';
import { ImportPopularMusic } from './import-popular-music';

/** The two ways to add music, in one small card below the music: upload your own, or import the chart. */
export function AddMusicCard() {
  return (
    <div className="grid divide-y divide-line overflow-hidden rounded-card border border-line bg-surface sm:grid-cols-2 sm:divide-x sm:divide-y-0">
      <Link to="/upload" className="group flex items-center gap-3 p-3 transition-colors hover:bg-raised sm:p-4">
        <span className="grid size-10 shrink-0 place-items-center rounded-full bg-jade-900 text-jade-300">
          <Upload aria-hidden className="size-5" />
        </span>
        <span className="min-w-0 flex-1">
          <span className="block font-bold">Upload Your Music</span>
          <span className="block text-sm text-ink-muted">A single, EP or album, reviewed in 24 to 48 hours.</span>
        </span>
        <ChevronRight aria-hidden className="size-5 shrink-0 text-ink-subtle group-hover:text-ink" />
      </Link>
      <ImportPopularMusic />
    </div>
  );
}
