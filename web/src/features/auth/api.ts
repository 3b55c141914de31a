import {
  CURRENT_USER_STALE_MS,
  type LoginChallenge,
  type LoginRequest,
  type LoginSecondStepRequest,
  type SignupRequest,
  type User,
} from '@kora/contracts';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate, useSearchParams } from 'react-router';
import { getErrorMessage } from '../../api/error-message';
import { apiRequest, getQueryFn } from '../../api/query-client';
import { currentUserOrKept, keepUser } from '../../offline/kept-user';
import { toast } from '../../ui/use-toast';
import { RETURN_PARAM, safeReturnPath } from './return-path';

const fetchCurrentUser = getQueryFn<User>({ on401: 'returnNull' });

/** With no network, the listener last signed in on this device, so the app opens offline. */
export const currentUserQuery = queryOptions({
  queryKey: ['/api/auth/user'],
  queryFn: (context) => currentUserOrKept(async () => fetchCurrentUser(context), localStorage),
  staleTime: CURRENT_USER_STALE_MS,
  retry: false,
});

async function postForUser(url: string, body: LoginSecondStepRequest | SignupRequest): Promise<User> {
  const res = await apiRequest('POST', url, body);
  return (await res.json()) as User;
}

/** Login answers the user, or, when the account has two-factor on, a challenge for the second step. */
export type LoginAnswer = User | LoginChallenge;

export function isLoginChallenge(answer: LoginAnswer): answer is LoginChallenge {
  return 'twoFactorRequired' in answer && answer.twoFactorRequired;
}

function useSignedIn() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  return (user: User) => {
    queryClient.setQueryData(currentUserQuery.queryKey, user);
    keepUser(localStorage, user);
    // Back to the page the visitor opened before being asked to sign in (a shared link).
    navigate(safeReturnPath(searchParams.get(RETURN_PARAM)), { replace: true });
  };
}

function useLoggedIn() {
  const handleSignedIn = useSignedIn();
  return (user: User) => {
    handleSignedIn(user);
    toast({ title: 'Welcome back!', description: 'You have successfully logged in.' });
  };
}

function showLoginFailed(error: Error) {
  toast({ title: 'Login failed', description: getErrorMessage(error), variant: 'destructive' });
}

/** The password step. A challenge answer signs nobody in: the caller shows the code step. */
export function useLoginMutation() {
  const handleLoggedIn = useLoggedIn();
  return useMutation({
    mutationFn: async (body: LoginRequest) => {
      const res = await apiRequest('POST', '/api/auth/login', body);
      return (await res.json()) as LoginAnswer;
    },
    onSuccess: (answer) => {
      if (!isLoginChallenge(answer)) handleLoggedIn(answer);
    },
    onError: showLoginFailed,
  });
}

/** The code step of a sign-in with two-factor: a TOTP code or a backup code; success is a normal login. */
export function useLoginSecondStepMutation() {
  const handleLoggedIn = useLoggedIn();
  return useMutation({
    mutationFn: (body: LoginSecondStepRequest) => postForUser('/api/auth/login/2fa', body),
    onSuccess: handleLoggedIn,
    onError: showLoginFailed,
  });
}

export function useSignupMutation() {
  const handleSignedIn = useSignedIn();
  return useMutation({
    mutationFn: (body: SignupRequest) => postForUser('/api/auth/signup', body),
    onSuccess: (user) => {
      handleSignedIn(user);
      toast({ title: 'Welcome to Kora!', description: 'Your account has been created successfully.' });
    },
    onError: (error) => {
      toast({ title: 'Signup failed', description: getErrorMessage(error), variant: 'destructive' });
    },
  });
}

/** Spec section 7: sign out on the server (or by full navigation if that fails), then forget everything local. */
export function useSignOut() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();

  return async function signOut() {
    let signedOutOnServer = true;
    try {
      await apiRequest('POST', '/api/auth/logout');
    } catch {
      signedOutOnServer = false;
    }

    localStorage.clear();
    sessionStorage.clear();
    // The service worker no longer plays this listener's downloads (offline/kept-user.ts).
    keepUser(localStorage, null);
    // Mark "nobody" first so the mounted auth observer switches to the signed-out routes,
    // then drop every other cached answer of the old session.
    queryClient.setQueryData(currentUserQuery.queryKey, null);
    queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== currentUserQuery.queryKey[0] });

    if (signedOutOnServer) navigate('/', { replace: true });
    else window.location.href = '/api/logout';
  };
}
