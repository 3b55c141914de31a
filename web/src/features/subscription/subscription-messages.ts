import type { ToastOptions } from '../../ui/use-toast';

/** The toasts of spec section 8 for the subscription panels. */
export const SUBSCRIPTION_TOASTS = {
  upgraded: { title: 'Subscription Updated', description: 'Welcome to Premium! Your payment is pending.' },
  upgradeFailed: { title: 'Update Failed', description: 'Could not update subscription. Please try again.' },
  canceled: { title: 'Subscription Canceled', description: 'You keep Premium until your billing date.' },
  cancelFailed: { title: 'Cancellation Failed', description: 'Could not cancel subscription. Please try again.' },
  bankTransferSetup: { title: 'Bank Transfer Setup', description: 'Bank transfer is now your payment method.' },
  setupFailed: { title: 'Setup Failed', description: 'Could not setup payment method. Please try again.' },
  paymentMethodRemoved: { title: 'Payment Method Removed', description: 'Set up a payment method to keep Premium.' },
} satisfies Record<string, ToastOptions>;

export const NO_BILLING_TITLE = 'No billing history yet';
export const NO_BILLING_DESCRIPTION = 'Complete payment setup to see transactions';
