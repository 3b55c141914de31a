import type { Subscription, SubscriptionUpdateRequest, Transaction } from '@kora/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../api/query-client';
import { toast, type ToastOptions } from '../../ui/use-toast';

export const subscriptionQuery = queryOptions<Subscription>({ queryKey: ['/api/user/subscription'] });
export const transactionsQuery = queryOptions<Transaction[]>({ queryKey: ['/api/user/transactions'] });

export function isPremium(subscription: Subscription | undefined): boolean {
  return subscription?.subscriptionPlan === 'premium';
}

/** Spec section 6: transactions are fetched only for premium users. */
export function useTransactions() {
  const { data: subscription } = useQuery(subscriptionQuery);
  return useQuery({ ...transactionsQuery, enabled: isPremium(subscription) });
}

/** After any change: the subscription, its transactions and the notifications it raised. */
function refreshAfterChange(queryClient: QueryClient, subscription: Subscription) {
  queryClient.setQueryData(subscriptionQuery.queryKey, subscription);
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: subscriptionQuery.queryKey }),
    queryClient.invalidateQueries({ queryKey: transactionsQuery.queryKey }),
    queryClient.invalidateQueries({ queryKey: ['/api/notifications'] }),
    queryClient.invalidateQueries({ queryKey: ['/api/notifications/unread-count'] }),
  ]);
}

/**
 * One change of the subscription (POST /api/user/subscription) with the spec's toasts
 * (section 8). Only the change itself is sent: the server sets prices and dates.
 */
export function useSubscriptionChange({ success, failure }: { success: ToastOptions; failure: ToastOptions }) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (change: SubscriptionUpdateRequest) =>
      (await (await apiRequest('POST', '/api/user/subscription', change)).json()) as Subscription,
    onSuccess: async (subscription) => {
      toast(success);
      await refreshAfterChange(queryClient, subscription);
    },
    onError: () => toast({ ...failure, variant: 'destructive' }),
  });
}
