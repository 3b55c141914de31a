import type { TwoFactorDisableRequest, TwoFactorSetup, TwoFactorStatus, TwoFactorVerifyRequest } from '@kora/contracts';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { getErrorMessage } from '../../api/error-message';
import { apiRequest } from '../../api/query-client';
import { toast } from '../../ui/use-toast';

export const twoFactorStatusQuery = queryOptions<TwoFactorStatus>({ queryKey: ['/api/auth/2fa/status'] });

/** Turning two-factor on or off changes its status and adds a notification (the prefix covers the unread count). */
function useRefreshAfterChange() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: twoFactorStatusQuery.queryKey }),
      queryClient.invalidateQueries({ queryKey: ['/api/notifications'] }),
    ]);
}

async function postJson<T>(url: string, body?: unknown): Promise<T> {
  const res = await apiRequest('POST', url, body);
  return (await res.json()) as T;
}

export function useTwoFactorSetup() {
  return useMutation({
    mutationFn: () => postJson<TwoFactorSetup>('/api/auth/2fa/setup'),
    onError: (error) => {
      toast({ title: 'Setup Failed', description: getErrorMessage(error), variant: 'destructive' });
    },
  });
}

export function useTwoFactorVerify() {
  const refresh = useRefreshAfterChange();
  return useMutation({
    mutationFn: (body: TwoFactorVerifyRequest) => postJson<TwoFactorStatus>('/api/auth/2fa/verify', body),
    onSuccess: () => {
      toast({ title: '2FA Enabled', description: 'Two-factor authentication has been enabled successfully' });
      void refresh();
    },
    onError: (error) => {
      toast({ title: 'Verification Failed', description: getErrorMessage(error), variant: 'destructive' });
    },
  });
}

export function useTwoFactorDisable() {
  const refresh = useRefreshAfterChange();
  return useMutation({
    mutationFn: (body: TwoFactorDisableRequest) => postJson<TwoFactorStatus>('/api/auth/2fa/disable', body),
    onSuccess: () => {
      toast({ title: '2FA Disabled', description: 'Two-factor authentication has been disabled.' });
      void refresh();
    },
    onError: (error) => {
      toast({ title: 'Disable Failed', description: getErrorMessage(error), variant: 'destructive' });
    },
  });
}
