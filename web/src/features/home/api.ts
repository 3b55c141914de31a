import type { Song } from '@kora/contracts';
import { queryOptions } from '@tanstack/react-query';

export const songsQuery = queryOptions<Song[]>({ queryKey: ['/api/songs'] });
