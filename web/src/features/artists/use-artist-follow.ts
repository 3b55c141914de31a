import type { Artist, FollowState } from '@kora/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { getErrorMessage } from '../../api/error-message';
import { apiRequest } from '../../api/query-client';
import { toast } from '../../ui/use-toast';
import { followedArtistsQueryKey } from '../library/api';

export function artistFollowQuery(artistId: Artist['id']) {
  return queryOptions<FollowState>({ queryKey: ['/api/artists', String(artistId), 'follow'] });
}

/**
 * The Follow/Following toggle of an artist page, kept on the server (beyond the spec's local
 * toggle) so the stats' following count and the Library's artists tab are true. Ignored while a
 * change is pending. An external artist ('deezer-{id}') is followed through the same routes.
 */
export function useArtistFollow(artist: Artist) {
  const queryClient = useQueryClient();
  const { data } = useQuery(artistFollowQuery(artist.id));
  const { mutate, isPending } = useMutation({
    mutationFn: async ({ id, follow }: { id: Artist['id']; follow: boolean }) => {
      const path = `/api/artists/${encodeURIComponent(String(id))}/follow`;
      return (await (await apiRequest(follow ? 'POST' : 'DELETE', path)).json()) as FollowState;
    },
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
    if (!isPending) mutate({ id: artist.id, follow: !isFollowing });
  }
  return { isFollowing, isPending, toggle };
}
