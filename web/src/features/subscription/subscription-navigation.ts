export type SubscriptionView = 'subscription' | 'payment-methods' | 'billing-history';

/** Opens one of the subscription's sub-views in the Settings dialog. */
export type SubscriptionNavigation = (view: Exclude<SubscriptionView, 'subscription'>) => void;
