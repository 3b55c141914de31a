import { BYTES_PER_MB, type DataUsage } from '@kora/contracts';
import type { ToastOptions } from '../../ui/use-toast';
import { describeSaverRendition } from '../settings/setting-labels';
import { limitStageOf, type LimitNotice } from './data-limit';
import { formatDataAmount, formatLimit, monthNameOf } from './usage-labels';

const changeIt = (where: string) => `Change the streaming quality or the data saver ${where} to choose another.`;

/** The toast for each notice, shown once (use-data-limit-watch.ts). */
export function limitNoticeToast(notice: LimitNotice, usage: DataUsage & { limitMb: number }, playsOpus: boolean): ToastOptions {
  const used = `${formatDataAmount(usage.account.thisMonth)} of your ${formatLimit(usage.limitMb)}`;
  const month = monthNameOf(usage.month);
  if (notice === 'near') return { title: 'Data limit nearly reached', description: `You have used ${used} for ${month}.` };
  if (notice === 'reached') return { title: 'Data limit reached', description: `You have used ${used} for ${month}.` };
  return {
    title: 'Data limit reached',
    description: `Kora now streams the extreme data saver (${describeSaverRendition('extreme-saver', playsOpus)}) until the end of ${month}. ${changeIt('in Settings')}`,
  };
}

/** What Settings says under the limit: how much of it is used, and what Kora does about it (null: nothing to do). */
export function describeLimitStatus(usage: DataUsage, saverOn: boolean): { used: string; action: string | null } {
  if (usage.limitMb === null) return { used: 'No limit: Kora streams at the quality you choose.', action: null };
  const month = monthNameOf(usage.month);
  const percent = Math.floor((usage.account.thisMonth / (usage.limitMb * BYTES_PER_MB)) * 100);
  const used = `${formatDataAmount(usage.account.thisMonth)} of ${formatLimit(usage.limitMb)} used in ${month} (${percent}%)`;
  const stage = limitStageOf(usage.account.thisMonth, usage.limitMb);
  const switches = 'at 100% Kora switches to the extreme data saver until the month ends.';
  if (stage === 'under') return { used, action: `A notice at 80%; ${switches}` };
  if (stage === 'near') return { used, action: `Nearly at your limit: ${switches}` };
  if (saverOn) return { used, action: `Limit reached: Kora streams the extreme data saver until the end of ${month}. ${changeIt('below')}` };
  return { used, action: `Limit reached: you chose your own streaming quality for the rest of ${month}.` };
}
