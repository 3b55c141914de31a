import { evaluateBadges, type BadgeState, type UserStats } from '@kora/contracts';
import { Award, Lock } from 'lucide-react';
import { cn } from '../../ui/cn';
import { formatCount } from '../../ui/format';
import { ProfileSection } from './profile-section';

/** The six badges of spec section 3, each unlocked or locked by the listener's stats. */
export function ProfileBadges({ stats }: { stats: UserStats }) {
  const badges = evaluateBadges(stats);
  const unlocked = badges.filter((badge) => badge.unlocked).length;
  return (
    <ProfileSection title={`Badges (${unlocked} of ${badges.length})`}>
      <ul aria-label="Badges" className="grid grid-cols-2 gap-2 sm:grid-cols-3">
        {badges.map((badge) => (
          <li key={badge.id}>
            <BadgeCard badge={badge} value={stats[badge.stat]} />
          </li>
        ))}
      </ul>
    </ProfileSection>
  );
}

function BadgeCard({ badge, value }: { badge: BadgeState; value: number }) {
  const Icon = badge.unlocked ? Award : Lock;
  return (
    <div
      data-badge={badge.id}
      data-unlocked={badge.unlocked}
      className={cn(
        'grid h-full content-start gap-1.5 rounded-card border p-3',
        badge.unlocked ? 'border-gold-500/60 bg-gold-400/10' : 'border-line bg-raised/50',
      )}
    >
      <span className="flex items-center justify-between gap-2">
        <Icon aria-hidden className={cn('size-6 shrink-0', badge.unlocked ? 'text-gold-400' : 'text-ink-subtle')} />
        <span className={cn('text-[0.6875rem] font-semibold uppercase', badge.unlocked ? 'text-gold-300' : 'text-ink-subtle')}>
          {badge.unlocked ? 'Unlocked' : 'Locked'}
        </span>
      </span>
      <span className={cn('text-sm font-bold', !badge.unlocked && 'text-ink-muted')}>{badge.name}</span>
      <span className="text-xs text-ink-subtle">{badge.description}</span>
      {!badge.unlocked && (
        <span className="mt-1 grid gap-1">
          <span aria-hidden className="h-1 overflow-hidden rounded-full bg-overlay">
            <span className="block h-full rounded-full bg-gold-500" style={{ width: `${badge.progress * 100}%` }} />
          </span>
          <span className="text-[0.6875rem] text-ink-subtle tabular-nums">
            {formatCount(value)} / {formatCount(badge.threshold)}
          </span>
        </span>
      )}
    </div>
  );
}
