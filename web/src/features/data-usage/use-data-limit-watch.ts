import type { Song } from '@kora/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { getLocalStorage } from '../../player/browser-storage';
import { browserPlaysOpus } from '../../player/playable-codecs';
import { chooseStreamQuality } from '../../player/stream-url';
import { toast } from '../../ui/use-toast';
import { useLocalSettings } from '../settings/use-local-settings';
import { dataUsageQuery } from './api';
import { readDataLimitState, reviewDataLimit, streamingChoiceOf } from './data-limit';
import { limitNoticeToast } from './limit-notices';
import { updateDataLimitState } from './use-data-limit-state';

/** A song's first seconds are counted by then (the server counts as it sends). */
const AFTER_SONG_START_MS = 15_000;
/** A long song or mix is looked at again this often while it plays. */
const WHILE_PLAYING_MS = 5 * 60_000;

type Playing = { userId: number | null; songId: Song['id'] | null; isPlaying: boolean };

/**
 * Watches this month's data use against the listener's limit while music plays: asks the server a
 * little after each song starts and every few minutes of playing (an answer of a few hundred bytes),
 * and not at all once it says there is no limit, until Settings sets one. Each look shows the 80%
 * and 100% notices once and switches Kora's extreme saver on or off (data-limit.ts), which the
 * player reads for the next stream (player/stream-url.ts).
 */
export function useDataLimitWatch({ userId, songId, isPlaying }: Playing): void {
  const queryClient = useQueryClient();
  const settings = useLocalSettings();
  // Only read here: the answers come from this hook's own asking, or from Settings.
  const { data: usage } = useQuery({ ...dataUsageQuery, enabled: false });
  const watching = userId !== null && isPlaying && songId !== null && usage?.limitMb !== null;

  useEffect(() => {
    if (!watching) return;
    const look = () => void queryClient.fetchQuery(dataUsageQuery).catch(() => undefined);
    const afterStart = window.setTimeout(look, AFTER_SONG_START_MS);
    const whilePlaying = window.setInterval(look, WHILE_PLAYING_MS);
    return () => {
      window.clearTimeout(afterStart);
      window.clearInterval(whilePlaying);
    };
  }, [watching, songId, queryClient]);

  const choice = streamingChoiceOf(settings);
  const streamsExtremeSaver = chooseStreamQuality(settings) === 'extreme-saver';
  useEffect(() => {
    if (userId === null || !usage) return;
    const previous = readDataLimitState(getLocalStorage());
    const { state, notice } = reviewDataLimit(previous, {
      userId,
      month: usage.month,
      usedBytes: usage.account.thisMonth,
      limitMb: usage.limitMb,
      choice,
      streamsExtremeSaver,
    });
    if (JSON.stringify(state) !== JSON.stringify(previous)) updateDataLimitState(state);
    if (notice && usage.limitMb !== null) toast(limitNoticeToast(notice, { ...usage, limitMb: usage.limitMb }, browserPlaysOpus()));
  }, [userId, usage, choice, streamsExtremeSaver]);
}
