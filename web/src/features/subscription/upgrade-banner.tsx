import { PLAN_MAX_BITRATE_KBPS, PREMIUM_PRICE_MINOR } from '@kora/contracts';
import { Sparkles } from 'lucide-react';
import { Button } from '../../ui/button';
import { formatNaira } from '../../ui/format-naira';
import { openUpgradeSheet } from './upgrade-sheet-state';

/**
 * Free only: what Premium adds, and the button that opens the upgrade sheet. The spec's "Start
 * Premium Trial" is named for what it does: there is no trial, Premium is paid from the first day.
 */
export function UpgradeBanner() {
  return (
    <section
      aria-label="Go Premium"
      className="grid gap-3 rounded-card border border-gold-400/40 bg-gradient-to-br from-gold-400/20 via-raised to-raised p-4"
    >
      <div className="flex items-start gap-3">
        <Sparkles aria-hidden className="mt-0.5 size-5 shrink-0 text-gold-400" />
        <div className="grid gap-1">
          <p className="font-bold">Go Premium for {formatNaira(PREMIUM_PRICE_MINOR)}/month</p>
          <p className="text-sm text-ink-muted">
            High quality {PLAN_MAX_BITRATE_KBPS.premium} kbps streaming and song downloads. Cancel any time and keep Premium
            until your billing date.
          </p>
        </div>
      </div>
      <Button onClick={openUpgradeSheet}>Get Premium</Button>
    </section>
  );
}
