import type { Song } from '@kora/contracts';
import { toast } from '../ui/use-toast';

/** Spec section 8: a local file that fails gets a toast; an external preview goes to its recovery. */
export function reportAudioError(song: Song): void {
  if (song.isExternal) {
    recoverExternalTrack(song);
    return;
  }
  toast({ variant: 'destructive', title: 'Audio Error', description: 'Failed to load audio file.' });
}

/**
 * Seam for external previews. Spec section 4: fetch a fresh preview URL
 * (POST /api/songs/external-{trackId}/refresh-url), replay after REFRESH_RETRY_DELAY_MS, and toast
 * only if that fails. The refresh endpoint arrives with the external catalogue; until then this is
 * the failure branch on its own.
 */
export function recoverExternalTrack(_song: Song): void {
  toast({
    variant: 'destructive',
    title: 'Preview Unavailable',
    description: 'This preview is temporarily unavailable. Try searching again or use uploaded music.',
  });
}
