import { PLAN_MAX_BITRATE_KBPS, PREMIUM_PRICE_MINOR, type Subscription } from '@kora/contracts';
import { Check } from 'lucide-react';
import { cn } from '../../ui/cn';
import { formatNaira } from '../../ui/format-naira';
import { PanelCard } from './panel-card';
import { StatusPill } from './status-pill';

type PlanEntry = { id: string; name: string; price: string; features: string[] };

/** What Premium really gives on this server (the server enforces both). */
export const PREMIUM_FEATURES = [`High quality up to ${PLAN_MAX_BITRATE_KBPS.premium} kbps`, 'Download songs to play offline'];

/** Spec section 9: Free and Premium, with Family and Student listed though not offered yet. */
const PLANS: PlanEntry[] = [
  {
    id: 'free',
    name: 'Free',
    price: `${formatNaira(0)}/month`,
    features: [`Standard quality up to ${PLAN_MAX_BITRATE_KBPS.free} kbps`, 'Stream only'],
  },
  {
    id: 'premium',
    name: 'Premium',
    price: `${formatNaira(PREMIUM_PRICE_MINOR)}/month`,
    features: PREMIUM_FEATURES,
  },
  { id: 'family', name: 'Family', price: 'Coming soon', features: ['Premium for up to six people'] },
  { id: 'student', name: 'Student', price: 'Coming soon', features: ['Premium at a student price'] },
];

export function PlansList({ subscription }: { subscription: Subscription }) {
  return (
    <PanelCard title="Plans">
      <ul aria-label="Plans" className="grid gap-2 sm:grid-cols-2">
        {PLANS.map((plan) => {
          const current = plan.id === subscription.subscriptionPlan;
          const offered = plan.id === 'free' || plan.id === 'premium';
          return (
            <li
              key={plan.id}
              aria-current={current ? 'true' : undefined}
              className={cn(
                'grid content-start gap-1.5 rounded-control border p-3',
                current ? 'border-gold-400/60 bg-gold-400/10' : 'border-line',
                !offered && 'opacity-70',
              )}
            >
              <div className="flex items-center justify-between gap-2">
                <p className="font-semibold">{plan.name}</p>
                {current && <StatusPill tone="good">Current</StatusPill>}
              </div>
              <p className="text-sm text-ink-muted">{plan.price}</p>
              <ul className="grid gap-1 text-xs text-ink-subtle">
                {plan.features.map((feature) => (
                  <li key={feature} className="flex items-start gap-1.5">
                    <Check aria-hidden className="mt-px size-3.5 shrink-0 text-jade-400" />
                    {feature}
                  </li>
                ))}
              </ul>
            </li>
          );
        })}
      </ul>
    </PanelCard>
  );
}
