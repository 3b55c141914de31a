import type { DataUsage, DataUsageFigures } from '@kora/contracts';
import { useQuery } from '@tanstack/react-query';
import { RotateCw } from 'lucide-react';
import { useId } from 'react';
import { getErrorMessage } from '../../api/error-message';
import { Button } from '../../ui/button';
import { LoadingRegion, Skeleton } from '../../ui/skeleton';
import { SettingGroup, SettingRow } from '../settings/setting-controls';
import { useLocalSettings } from '../settings/use-local-settings';
import { dataUsageQuery, useDataLimitMutation } from './api';
import { isLimitSaverOn, streamingChoiceOf } from './data-limit';
import { describeLimitStatus } from './limit-notices';
import { useDataLimitState } from './use-data-limit-state';
import { describeQuality, formatDataAmount, formatLimit, KIND_LABELS } from './usage-labels';

/** The limits offered, in megabytes (the API takes any whole number from 50 to 1,000,000). */
const LIMIT_STEPS_MB = [250, 500, 1024, 2048, 5120, 10_240, 20_480];

/**
 * "Data used" (issue 16): what Kora's server sent this account and this browser today, this month
 * and last month (UTC days), this month by quality and by kind, and the monthly limit with what
 * Kora does about it. Every figure is the server's count of bytes it sent.
 */
export function DataUsageSettings() {
  const usage = useQuery(dataUsageQuery);
  return (
    <SettingGroup title="Data used" note="Counted by Kora as it sends music and pictures; days and months are UTC.">
      {usage.data ? (
        <>
          <UsageTable usage={usage.data} />
          <LimitSetting usage={usage.data} />
        </>
      ) : usage.isError ? (
        <SettingRow label="Could not load your data use" description={getErrorMessage(usage.error)}>
          <Button variant="outline" size="sm" onClick={() => void usage.refetch()}>
            <RotateCw aria-hidden />
            Try again
          </Button>
        </SettingRow>
      ) : (
        <LoadingRegion label="Loading your data use" className="grid gap-2 py-2">
          <Skeleton className="h-5 w-full" />
          <Skeleton className="h-5 w-full" />
          <Skeleton className="h-5 w-2/3" />
        </LoadingRegion>
      )}
    </SettingGroup>
  );
}

type Line = { label: string; account: number; device: number };

function breakdown<K extends string>(account: { key: K; bytes: number }[], device: { key: K; bytes: number }[], label: (key: K) => string): Line[] {
  return account.map(({ key, bytes }) => ({ label: label(key), account: bytes, device: device.find((entry) => entry.key === key)?.bytes ?? 0 }));
}

const byQuality = (figures: DataUsageFigures) => figures.byQuality.map(({ quality, bytes }) => ({ key: quality, bytes }));
const byKind = (figures: DataUsageFigures) => figures.byKind.map(({ kind, bytes }) => ({ key: kind, bytes }));

function UsageTable({ usage }: { usage: DataUsage }) {
  const { account, device } = usage;
  const totals: Line[] = [
    { label: 'Today', account: account.today, device: device.today },
    { label: 'This month', account: account.thisMonth, device: device.thisMonth },
    { label: 'Last month', account: account.lastMonth, device: device.lastMonth },
  ];
  const sections = [
    { title: 'This month by quality', lines: breakdown(byQuality(account), byQuality(device), describeQuality) },
    { title: 'This month by kind', lines: breakdown(byKind(account), byKind(device), (kind) => KIND_LABELS[kind]) },
  ].filter((section) => section.lines.length > 0);

  return (
    <table className="w-full py-2 text-sm">
      <thead>
        <tr className="text-xs text-ink-subtle">
          <th scope="col" className="py-2 text-left font-normal">
            <span className="sr-only">Period</span>
          </th>
          <th scope="col" className="py-2 text-right font-normal">
            All devices
          </th>
          <th scope="col" className="py-2 pl-3 text-right font-normal">
            This device
          </th>
        </tr>
      </thead>
      <tbody>
        {totals.map((line) => (
          <UsageLine key={line.label} line={line} strong />
        ))}
      </tbody>
      {sections.map((section) => (
        <tbody key={section.title}>
          <tr>
            <th scope="rowgroup" colSpan={3} className="pt-4 pb-1 text-left text-xs font-medium text-ink-muted">
              {section.title}
            </th>
          </tr>
          {section.lines.map((line) => (
            <UsageLine key={line.label} line={line} />
          ))}
        </tbody>
      ))}
    </table>
  );
}

function UsageLine({ line, strong = false }: { line: Line; strong?: boolean }) {
  return (
    <tr className="border-t border-line">
      <th scope="row" className={`py-2 text-left ${strong ? 'font-medium text-ink' : 'font-normal text-ink-muted'}`}>
        {line.label}
      </th>
      <td className="py-2 text-right text-ink tabular-nums">{formatDataAmount(line.account)}</td>
      <td className="py-2 pl-3 text-right text-ink-muted tabular-nums">{formatDataAmount(line.device)}</td>
    </tr>
  );
}

function LimitSetting({ usage }: { usage: DataUsage }) {
  const setLimit = useDataLimitMutation();
  const settings = useLocalSettings();
  const limitState = useDataLimitState();
  const status = describeLimitStatus(usage, isLimitSaverOn(limitState, streamingChoiceOf(settings), new Date()));
  const id = useId();
  const descriptionId = useId();
  // A limit set elsewhere (the API takes any whole number of MB) is offered as it is.
  const steps = usage.limitMb === null || LIMIT_STEPS_MB.includes(usage.limitMb) ? LIMIT_STEPS_MB : [...LIMIT_STEPS_MB, usage.limitMb].sort((a, b) => a - b);

  function handleChange(value: string) {
    setLimit.mutate({ limitMb: value === 'off' ? null : Number(value) });
  }

  return (
    <div>
      <SettingRow label="Monthly data limit" description={status.used} controlId={id} descriptionId={descriptionId}>
        <select
          id={id}
          aria-describedby={descriptionId}
          value={usage.limitMb === null ? 'off' : String(usage.limitMb)}
          disabled={setLimit.isPending}
          onChange={(event) => handleChange(event.target.value)}
          className="h-11 max-w-40 min-w-28 cursor-pointer rounded-control border border-line bg-canvas px-3 text-sm text-ink transition-colors hover:border-line-strong focus-visible:border-gold-400 disabled:opacity-60 md:h-10"
        >
          <option value="off">No limit</option>
          {steps.map((limitMb) => (
            <option key={limitMb} value={String(limitMb)}>
              {formatLimit(limitMb)}
            </option>
          ))}
        </select>
      </SettingRow>
      {status.action && (
        <p role="status" className="pb-2 text-xs text-ink-muted">
          {status.action}
        </p>
      )}
    </div>
  );
}
