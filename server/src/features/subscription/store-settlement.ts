import { billingPeriodOf, premiumCharge } from './billing-calendar.js';
import type { SubscriptionWrites } from './queries.js';
import { isSettled, type Settlement } from './subscription-lapse.js';
import { lapseNotice, passEndingNotice, renewalNotice } from './subscription-notices.js';

/**
 * Writes what settling decided, in the locked subscription's transaction: the row, one pending
 * charge per renewal and the notifications. Shared by every path that settles (reads, changes,
 * payment events), so a lapse is written and announced the same way whichever request sees it first.
 */
export async function storeSettlement(settlement: Settlement, writes: SubscriptionWrites): Promise<void> {
  if (isSettled(settlement)) return;
  await writes.saveSubscription(settlement.state);
  const periods = settlement.renewals.map(billingPeriodOf);
  for (const [index, renewedAt] of settlement.renewals.entries()) {
    await writes.insertCharge(premiumCharge(periods[index]!), renewedAt);
  }
  if (settlement.lapse) await writes.notify(lapseNotice(settlement.lapse.reason, settlement.lapse.endedAt));
  if (periods.length > 0) await writes.notify(renewalNotice(settlement.state.nextBillingDate!, periods));
  if (settlement.endingSoon) await writes.notify(passEndingNotice(settlement.endingSoon.endsAt));
}
