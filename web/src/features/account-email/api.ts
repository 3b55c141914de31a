import type { AccountEmail, AccountLinkResult, PasswordResetLink } from '@kora/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { getErrorMessage } from '../../api/error-message';
import { apiRequest } from '../../api/query-client';
import { toast } from '../../ui/use-toast';
import { currentUserQuery } from '../auth/api';

async function postJson<T>(url: string, body: object): Promise<T> {
  const res = await apiRequest('POST', url, body);
  return (await res.json()) as T;
}

/** GET /api/account/email: the address and a change waiting for its link (Settings' Email row). */
export const accountEmailQuery = queryOptions<AccountEmail>({ queryKey: ['/api/account/email'] });

/** What a link did changes who is signed in and how: the current user and the address are asked again. */
function useRefreshAccount() {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: currentUserQuery.queryKey });
    void queryClient.invalidateQueries({ queryKey: accountEmailQuery.queryKey });
  };
}

/** POST /api/auth/password/forgot: its answer is the same whether or not an account uses the address. */
export function useForgotPassword() {
  return useMutation({
    mutationFn: (email: string) => postJson<{ message: string }>('/api/auth/password/forgot', { email }),
  });
}

/**
 * Whether a reset link still works, before its form is shown. A query, so the check runs once per
 * link even when React renders twice, and the page can say at once that a link expired.
 */
export function useResetLinkCheck(token: string | null) {
  return useQuery({
    queryKey: ['reset-link', token],
    queryFn: () => postJson<PasswordResetLink>('/api/auth/password/reset/check', { token }),
    enabled: token !== null,
    gcTime: 0,
  });
}

export function useResetPassword() {
  const refreshAccount = useRefreshAccount();
  return useMutation({
    mutationFn: (body: { token: string; newPassword: string }) => postJson<{ message: string }>('/api/auth/password/reset', body),
    // A listener resetting from a signed-in tab was signed out with every other device.
    onSuccess: refreshAccount,
  });
}

/**
 * The sign-up's (or Resend's) confirmation link, used as soon as its page opens: a query, so it is
 * sent once per link however often React renders the page.
 */
export function useEmailConfirmation(token: string | null) {
  const refreshAccount = useRefreshAccount();
  return useQuery({
    queryKey: ['email-confirmation', token],
    queryFn: async () => {
      const result = await postJson<AccountLinkResult>('/api/account/email/confirm', { token });
      refreshAccount();
      return result;
    },
    enabled: token !== null,
    gcTime: Infinity,
  });
}

/** The new address's link (confirm) or the old address's (undo), each used by a button. */
export function useAccountLink(path: '/api/account/email/change/confirm' | '/api/account/email/change/undo') {
  const refreshAccount = useRefreshAccount();
  return useMutation({
    mutationFn: (token: string) => postJson<AccountLinkResult>(path, { token }),
    onSuccess: refreshAccount,
  });
}

/** The banner's and the notices' Resend. */
export function useResendConfirmation() {
  return useMutation({
    mutationFn: () => postJson<{ message: string }>('/api/account/email/resend', {}),
    onSuccess: ({ message }) => toast({ title: 'Link Sent', description: message }),
    onError: (error) => toast({ title: 'Link Not Sent', description: getErrorMessage(error), variant: 'destructive' }),
  });
}
