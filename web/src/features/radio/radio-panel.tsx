import { Radio, Settings2, Users } from 'lucide-react';
import { useId, useState } from 'react';
import { Button } from '../../ui/button';
import { cn } from '../../ui/cn';
import { ToggleSwitch } from '../settings/setting-controls';
import { RadioSettingsDialog } from './radio-settings-dialog';
import type { RadioDemo } from './use-radio-demo';

const countFormat = new Intl.NumberFormat('en-NG');

/** The broadcast controls shared by the Radio page and the sidebar's dialog: Go Live, status, listeners, quality. */
export function RadioPanel({ radio, compact = false }: { radio: RadioDemo; compact?: boolean }) {
  const switchId = useId();
  const listenersLabelId = useId();
  const qualityLabelId = useId();
  const [isSettingsOpen, setIsSettingsOpen] = useState(false);

  return (
    <div className={cn('grid gap-5 rounded-card border border-line bg-surface', compact ? 'p-4' : 'p-5 sm:p-6')}>
      <div className="flex items-center gap-4">
        <span
          className={cn(
            'grid size-14 shrink-0 place-items-center rounded-full',
            radio.isLive ? 'bg-coral-500 text-white' : 'bg-raised text-ink-subtle',
          )}
        >
          <Radio aria-hidden className="size-7" />
        </span>
        <div className="grid min-w-0 gap-1">
          <p className="text-lg font-bold">My Kora Radio</p>
          <p role="status" className="flex items-center gap-2 text-sm font-semibold">
            <span
              aria-hidden
              className={cn('size-2.5 rounded-full', radio.isLive ? 'animate-pulse bg-coral-400' : 'bg-ink-subtle')}
            />
            <span className={radio.isLive ? 'text-coral-300' : 'text-ink-subtle'}>{radio.isLive ? 'Live' : 'Offline'}</span>
          </p>
        </div>
      </div>

      <div className="grid grid-cols-2 gap-3">
        <div role="group" aria-labelledby={listenersLabelId} className="rounded-control bg-raised p-3">
          <p id={listenersLabelId} className="flex items-center gap-1.5 text-xs text-ink-subtle">
            <Users aria-hidden className="size-3.5" />
            Listeners
          </p>
          <p className="mt-1 text-2xl font-bold tabular-nums">
            {radio.listeners === null ? '—' : countFormat.format(radio.listeners)}
          </p>
        </div>
        <div role="group" aria-labelledby={qualityLabelId} className="rounded-control bg-raised p-3">
          <p id={qualityLabelId} className="text-xs text-ink-subtle">
            Quality
          </p>
          <p className="mt-1 text-2xl font-bold">
            {radio.quality} <span className="text-sm font-semibold text-ink-muted">kbps</span>
          </p>
        </div>
      </div>

      <div className="flex flex-wrap items-center justify-between gap-3">
        <div className="flex items-center gap-3">
          <ToggleSwitch id={switchId} checked={radio.isLive} onCheckedChange={radio.setLive} />
          <label htmlFor={switchId} className="text-sm font-semibold">
            Go Live
          </label>
        </div>
        <Button variant="outline" size="sm" onClick={() => setIsSettingsOpen(true)}>
          <Settings2 aria-hidden />
          Radio Settings
        </Button>
      </div>

      <p className="text-xs text-ink-subtle">
        A demo on this device: nothing is broadcast or sent anywhere, and the listener numbers are simulated.
      </p>

      <RadioSettingsDialog
        open={isSettingsOpen}
        onOpenChange={setIsSettingsOpen}
        quality={radio.quality}
        onQualityChange={radio.setQuality}
      />
    </div>
  );
}
