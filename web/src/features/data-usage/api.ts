import type { DataLimitRequest, DataUsage } from '@kora/contracts';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { getErrorMessage } from '../../api/error-message';
import { apiRequest } from '../../api/query-client';
import { toast } from '../../ui/use-toast';

/** GET /api/data-usage: the figures move with every song, so an opened Settings asks again. */
export const dataUsageQuery = queryOptions<DataUsage>({ queryKey: ['/api/data-usage'], staleTime: 0 });

/** PUT /api/data-usage/limit: answers the figures with the new limit, which replace the cached ones. */
export function useDataLimitMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (request: DataLimitRequest) => (await (await apiRequest('PUT', '/api/data-usage/limit', request)).json()) as DataUsage,
    onSuccess: (usage) => queryClient.setQueryData(dataUsageQuery.queryKey, usage),
    onError: (error) => toast({ title: 'Limit not saved', description: getErrorMessage(error), variant: 'destructive' }),
  });
}
