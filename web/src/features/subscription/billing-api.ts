import type { BillingOptions, CardManagementLink, Checkout, CheckoutStart, Receipt } from '@kora/contracts';
import { queryOptions, useMutation } from '@tanstack/react-query';
import { getErrorMessage } from '../../api/error-message';
import { apiRequest } from '../../api/query-client';
import { toast } from '../../ui/use-toast';
import type { CheckoutMethod } from './upgrade-choices';

/** Whether this server takes payments (a payment provider is configured), how, and at what price. */
export const billingOptionsQuery = queryOptions<BillingOptions>({ queryKey: ['/api/billing/options'] });

/** A checkout as the server confirmed it with the provider; refetched while it is pending. */
export const checkoutQuery = (reference: string) => queryOptions<Checkout>({ queryKey: ['/api/billing/checkouts', reference], staleTime: 0 });

export const receiptQuery = (transactionId: number) => queryOptions<Receipt>({ queryKey: ['/api/billing/receipts', String(transactionId)] });

/** Leaves the app for the payment provider's page. */
function goTo(url: string) {
  window.location.assign(url);
}

/**
 * Starts a checkout and sends the browser to the provider's page. Nothing is created before the
 * listener confirms; a refusal (Premium already renewing, say) is told with the server's reason.
 */
export function useStartCheckout() {
  return useMutation({
    mutationFn: async (method: CheckoutMethod) =>
      (await (await apiRequest('POST', '/api/billing/checkout', { method })).json()) as CheckoutStart,
    onSuccess: ({ authorizationUrl }) => goTo(authorizationUrl),
    onError: (error) => toast({ title: 'Update Failed', description: getErrorMessage(error), variant: 'destructive' }),
  });
}

/** Change payment method: the provider's own page for the card of a subscription it renews. */
export function useOpenCardManagement() {
  return useMutation({
    mutationFn: async () => (await (await apiRequest('GET', '/api/billing/manage-link')).json()) as CardManagementLink,
    onSuccess: ({ url }) => goTo(url),
    onError: (error) => toast({ title: 'Setup Failed', description: getErrorMessage(error), variant: 'destructive' }),
  });
}
