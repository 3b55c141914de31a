import { ProfileSection } from './profile-section';

// Spec section 2: Listening Activity is static text, the same for everyone.
const TOP_GENRES = [
  { genre: 'Afrobeats', share: 45 },
  { genre: 'Amapiano', share: 25 },
  { genre: 'Highlife', share: 18 },
  { genre: 'Gospel', share: 12 },
] as const;

const WEEKLY_REPORT = [
  { label: 'Listening time', value: '12 hrs' },
  { label: 'New artists', value: '8' },
  { label: 'Most active', value: 'Friday' },
] as const;

export function ListeningActivity() {
  return (
    <ProfileSection title="Listening Activity">
      <div className="grid gap-4 rounded-card bg-raised p-4 sm:grid-cols-2 sm:gap-6">
        <div className="grid content-start gap-2.5">
          <h4 className="text-sm font-semibold">Top Genres</h4>
          <ul className="grid gap-2">
            {TOP_GENRES.map(({ genre, share }) => (
              <li key={genre} className="grid gap-1">
                <span className="flex justify-between text-xs text-ink-muted">
                  <span>{genre}</span>
                  <span className="tabular-nums">{share}%</span>
                </span>
                <span aria-hidden className="h-1.5 overflow-hidden rounded-full bg-overlay">
                  <span className="block h-full rounded-full bg-gold-400" style={{ width: `${share}%` }} />
                </span>
              </li>
            ))}
          </ul>
        </div>
        <div className="grid content-start gap-2.5">
          <h4 className="text-sm font-semibold">Weekly Report</h4>
          <dl className="grid grid-cols-3 gap-2 text-center">
            {WEEKLY_REPORT.map(({ label, value }) => (
              <div key={label} className="grid gap-0.5 rounded-control bg-overlay px-1 py-2">
                <dt className="order-2 text-[0.6875rem] leading-tight text-ink-subtle">{label}</dt>
                <dd className="order-1 text-lg font-bold">{value}</dd>
              </div>
            ))}
          </dl>
          <p className="text-xs text-ink-subtle">You listened 15% more than last week. Keep the music playing!</p>
        </div>
      </div>
    </ProfileSection>
  );
}
