import { IMPORT_COMPLETE_TITLE, IMPORT_FAILED_TITLE, type ImportResponse, type Song } from '@kora/contracts';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { getErrorMessage } from '../../api/error-message';
import { apiRequest } from '../../api/query-client';
import { formatQuantity } from '../../ui/format';
import { toast } from '../../ui/use-toast';

// Keys are the API paths; invalidating ['/api/songs'] refreshes every song list below.
export const songsQuery = queryOptions<Song[]>({ queryKey: ['/api/songs'] });
export const recentlyPlayedQuery = queryOptions<Song[]>({ queryKey: ['/api/songs', 'recently-played'] });
export const trendingQuery = queryOptions<Song[]>({ queryKey: ['/api/songs', 'trending'] });

/** What the 'Import Complete!' toast says: a second run of the same chart adds nothing, and says why. */
export function describeImport({ importedCount }: ImportResponse): string {
  if (importedCount === 0) return 'Your catalogue already has the current chart.';
  return `Imported ${formatQuantity(importedCount, 'song')}.`;
}

/** POST /api/import/popular-music (spec section 7): the chart's previews join every song list. */
export function useImportPopularMusic() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => (await (await apiRequest('POST', '/api/import/popular-music')).json()) as ImportResponse,
    onSuccess: (result) => {
      toast({ title: IMPORT_COMPLETE_TITLE, description: describeImport(result) });
      return queryClient.invalidateQueries({ queryKey: songsQuery.queryKey });
    },
    onError: (error) => toast({ title: IMPORT_FAILED_TITLE, description: getErrorMessage(error), variant: 'destructive' }),
  });
}
