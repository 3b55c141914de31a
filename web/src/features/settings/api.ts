import type { UpdateProfileRequest, User } from '@kora/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { getErrorMessage } from '../../api/error-message';
import { apiRequest } from '../../api/query-client';
import { toast } from '../../ui/use-toast';
import { accountEmailQuery } from '../account-email/api';
import { currentUserQuery } from '../auth/api';

/**
 * PATCH /api/user/profile, for the Settings dialog's rows and the Profile dialog's form; the answer
 * is the updated user, which replaces the cached one. A new e-mail address comes back unchanged
 * where the server confirms addresses: it waits for the link sent to it.
 */
export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (changes: UpdateProfileRequest) => {
      const res = await apiRequest('PATCH', '/api/user/profile', changes);
      return (await res.json()) as User;
    },
    onSuccess: (user, changes) => {
      queryClient.setQueryData(currentUserQuery.queryKey, user);
      // The server stores addresses trimmed and lowercased: the same address typed differently is no change.
      const newEmail = changes.email?.trim().toLowerCase();
      if (newEmail !== undefined && newEmail !== user.email) {
        void queryClient.invalidateQueries({ queryKey: accountEmailQuery.queryKey });
        // The Profile form saves its other fields with it: say they are saved, not only what waits.
        const othersSaved = Object.keys(changes).some((field) => field !== 'email' && field !== 'currentPassword');
        toast({
          title: 'Confirm Your New Address',
          description: `${othersSaved ? 'Your other changes are saved. ' : ''}We sent a link to ${newEmail}. Your address changes once you open it.`,
        });
      } else {
        toast({ title: 'Profile Updated', description: 'Your changes have been saved.' });
      }
    },
    onError: (error) => {
      toast({ title: 'Update Failed', description: getErrorMessage(error), variant: 'destructive' });
    },
  });
}
