import type { User } from '@kora/contracts';
import { useQuery } from '@tanstack/react-query';
import { currentUserQuery } from './api';

export interface AuthState {
  user: User | null;
  isLoading: boolean;
  isAuthenticated: boolean;
}

export function useAuth(): AuthState {
  const { data, isLoading } = useQuery(currentUserQuery);
  const user = data ?? null;
  return { user, isLoading, isAuthenticated: user !== null };
}
