import type { DeviceSession, DeviceSessions, SessionsSignedOut } from '@kora/contracts';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { getErrorMessage } from '../../api/error-message';
import { apiRequest } from '../../api/query-client';
import { toast } from '../../ui/use-toast';
import { describeSession } from './session-labels';

/** GET /api/user/sessions: other devices come and go, so an opened list always asks again. */
export const sessionsQuery = queryOptions<DeviceSessions>({ queryKey: ['/api/user/sessions'], staleTime: 0 });

function showSignOutFailed(error: Error) {
  toast({ title: 'Sign out failed', description: getErrorMessage(error), variant: 'destructive' });
}

/**
 * After a sign-out, worked or not, the list shows what the server has: a failure is most often a
 * device that was signed out already (elsewhere, or by expiry).
 */
function useRefreshSessions() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: sessionsQuery.queryKey });
}

/** DELETE /api/user/sessions/{id}: signs another device out (this one signs out from the account menu). */
export function useSignOutSession() {
  const refreshSessions = useRefreshSessions();
  return useMutation({
    mutationFn: async (session: DeviceSession) =>
      (await (await apiRequest('DELETE', `/api/user/sessions/${encodeURIComponent(session.id)}`)).json()) as SessionsSignedOut,
    onSuccess: (_result, session) => toast({ title: 'Signed out', description: `${describeSession(session)} is signed out.` }),
    onError: showSignOutFailed,
    onSettled: refreshSessions,
  });
}

/** POST /api/user/sessions/sign-out-others: every device but this one. */
export function useSignOutOtherSessions() {
  const refreshSessions = useRefreshSessions();
  return useMutation({
    mutationFn: async () => (await (await apiRequest('POST', '/api/user/sessions/sign-out-others')).json()) as SessionsSignedOut,
    onSuccess: ({ signedOut }) =>
      toast({ title: 'Signed out', description: signedOut === 1 ? '1 other device is signed out.' : `${signedOut} other devices are signed out.` }),
    onError: showSignOutFailed,
    onSettled: refreshSessions,
  });
}
