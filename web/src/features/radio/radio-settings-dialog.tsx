import { useId } from 'react';
import { Button } from '../../ui/button';
import { cn } from '../../ui/cn';
import { Modal } from '../../ui/dialog';
import { RADIO_QUALITIES_KBPS, type RadioQuality } from './radio-demo';

interface RadioSettingsDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  quality: RadioQuality;
  onQualityChange: (quality: RadioQuality) => void;
}

/** Radio Settings: the broadcast quality, one of 320, 256 or 128 kbps. */
export function RadioSettingsDialog({ open, onOpenChange, quality, onQualityChange }: RadioSettingsDialogProps) {
  const name = useId();
  return (
    <Modal open={open} onOpenChange={onOpenChange} title="Radio Settings" description="The quality your broadcast goes out at.">
      <fieldset className="grid gap-2">
        <legend className="mb-2 text-sm font-medium text-ink-muted">Broadcast quality</legend>
        {RADIO_QUALITIES_KBPS.map((kbps) => (
          <label
            key={kbps}
            className={cn(
              'flex h-12 cursor-pointer items-center gap-3 rounded-control border px-4 text-sm transition-colors',
              kbps === quality ? 'border-gold-400 bg-raised text-ink' : 'border-line text-ink-muted hover:border-line-strong',
            )}
          >
            <input
              type="radio"
              name={name}
              value={kbps}
              checked={kbps === quality}
              onChange={() => onQualityChange(kbps)}
              className="size-4 accent-gold-400"
            />
            {kbps} kbps
          </label>
        ))}
      </fieldset>
      <div className="flex justify-end">
        <Button onClick={() => onOpenChange(false)}>Done</Button>
      </div>
    </Modal>
  );
}
