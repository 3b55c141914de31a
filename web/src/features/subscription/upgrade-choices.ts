import {
  BILLING_PERIOD_DAYS,
  type BillingOptions,
  type CHECKOUT_METHODS,
  PASS_ENDING_NOTICE_DAYS,
  type Subscription,
} from '@kora/contracts';
import { formatBillingDate } from './billing-format';

export type CheckoutMethod = (typeof CHECKOUT_METHODS)[number];

const DAY_MS = 24 * 60 * 60 * 1000;

/** A running pass: Premium bought by bank transfer or USSD, which ends at its billing date and never renews. */
export function isRunningPass(subscription: Subscription, now: Date): boolean {
  return (
    subscription.subscriptionPlan === 'premium' &&
    subscription.renewal === 'none' &&
    subscription.nextBillingDate !== null &&
    Date.parse(subscription.nextBillingDate) > now.getTime()
  );
}

/** A pass in its last days: the listener is offered to renew it (the server's notification says the same). */
export function isPassEndingSoon(subscription: Subscription, now: Date): boolean {
  if (!isRunningPass(subscription, now)) return false;
  return Date.parse(subscription.nextBillingDate!) - now.getTime() <= PASS_ENDING_NOTICE_DAYS * DAY_MS;
}

export type UpgradeChoice = {
  method: CheckoutMethod;
  label: string;
  /** What this way of paying does, with the date it matters. */
  description: string;
  /** Why it cannot be chosen now; null when it can. */
  unavailable: string | null;
};

const LABELS: Record<CheckoutMethod, string> = { card: 'Card', bank_transfer: 'Bank transfer', ussd: 'USSD' };

/**
 * The ways to pay this server offers, each saying when Premium is billed or ends if chosen now.
 * A card renews every month from today; a pass lasts 30 days and never renews, and a pass bought
 * while one runs starts when it ends. A card cannot start while a pass runs (the server refuses
 * it), so it says from when it can.
 */
export function upgradeChoices(options: BillingOptions, subscription: Subscription, now: Date): UpgradeChoice[] {
  const runningPass = isRunningPass(subscription, now);
  const passStart = runningPass ? new Date(subscription.nextBillingDate!) : now;
  return options.methods.map((method) => {
    if (method === 'card') {
      const billed = formatBillingDate(new Date(now.getTime() + BILLING_PERIOD_DAYS * DAY_MS).toISOString());
      return {
        method,
        label: LABELS.card,
        description: `Renews automatically every month. Next billing date: ${billed}. Cancel any time.`,
        unavailable: runningPass ? `Available when your pass ends on ${formatBillingDate(subscription.nextBillingDate!)}.` : null,
      };
    }
    const ends = formatBillingDate(new Date(passStart.getTime() + options.passDays * DAY_MS).toISOString());
    return {
      method,
      label: LABELS[method],
      description: `A one-off ${options.passDays}-day pass until ${ends}. It never renews.`,
      unavailable: null,
    };
  });
}

/** The first way to pay that can be chosen now. */
export function defaultChoice(choices: UpgradeChoice[]): CheckoutMethod | undefined {
  return choices.find((choice) => choice.unavailable === null)?.method;
}
