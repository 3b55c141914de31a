import { PREMIUM_PRICE_MINOR, RELEASE_TRACK_LIMITS } from '@kora/contracts';
import { Crown, Headphones, ListMusic, Upload, type LucideIcon } from 'lucide-react';
import { formatNaira } from '../../ui/format-naira';

interface Feature {
  icon: LucideIcon;
  title: string;
  text: string;
  tone: string;
}

const FEATURES: Feature[] = [
  {
    icon: Headphones,
    title: 'Stream what moves you',
    text: 'Afrobeats, highlife, amapiano, gospel and more, from local artists and a world catalogue of previews.',
    tone: 'bg-gold-400/15 text-gold-300',
  },
  {
    icon: Upload,
    title: 'Upload your music',
    text: `Release a single, an EP of up to ${RELEASE_TRACK_LIMITS.ep.max} tracks or an album of up to ${RELEASE_TRACK_LIMITS.album.max}. Reviewed in 24 to 48 hours.`,
    tone: 'bg-jade-900 text-jade-300',
  },
  {
    icon: ListMusic,
    title: 'Playlists for every mood',
    text: 'Build your own, like the ones you love, and find new sounds in editorial playlists made for you.',
    tone: 'bg-coral-900 text-coral-300',
  },
  {
    icon: Crown,
    title: `Premium for ${formatNaira(PREMIUM_PRICE_MINOR)} a month`,
    text: '320 kbps audio, offline downloads, no ads and early access. The free plan stays free.',
    tone: 'bg-gold-400/15 text-gold-300',
  },
];

export function FeatureList() {
  return (
    <section aria-labelledby="features-title" className="border-t border-line bg-surface/50">
      <div className="mx-auto max-w-6xl px-4 py-14 sm:px-6 md:py-20">
        <h2 id="features-title" className="text-2xl font-bold tracking-tight sm:text-3xl">
          Everything your music needs
        </h2>
        <ul className="mt-8 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          {FEATURES.map((feature) => (
            <li key={feature.title} className="rounded-card border border-line bg-surface p-5">
              <span className={`grid size-11 place-items-center rounded-control ${feature.tone}`}>
                <feature.icon aria-hidden className="size-5" />
              </span>
              <h3 className="mt-4 font-semibold">{feature.title}</h3>
              <p className="mt-2 text-sm text-ink-muted">{feature.text}</p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
