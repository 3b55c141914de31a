import * as Switch from '@radix-ui/react-switch';
import { useId, type ReactNode } from 'react';
import { Button } from '../../ui/button';
import { cn } from '../../ui/cn';
import { SETTING_CHOICES, type ChoiceSetting, type LocalSettings, type SwitchSetting } from './local-settings';
import { CHOICE_LABELS } from './setting-labels';
import { updateLocalSettings, useLocalSettings } from './use-local-settings';

interface SettingRowProps {
  label: ReactNode;
  description?: ReactNode;
  /** Ties the label to the control it names. */
  controlId?: string;
  descriptionId?: string;
  children: ReactNode;
}

/** One line of a settings group: what it is on the left, its control or value on the right. */
export function SettingRow({ label, description, controlId, descriptionId, children }: SettingRowProps) {
  const LabelTag = controlId ? 'label' : 'p';
  return (
    <div className="flex min-h-14 items-center justify-between gap-4 py-2">
      <div className="grid min-w-0 gap-0.5">
        <LabelTag htmlFor={controlId} className="text-sm font-medium text-ink">
          {label}
        </LabelTag>
        {description && (
          <p id={descriptionId} className="text-xs text-ink-subtle">
            {description}
          </p>
        )}
      </div>
      <div className="flex shrink-0 items-center gap-2">{children}</div>
    </div>
  );
}

/** A row's button that opens what the row names: its accessible name says what, as "Manage your data". */
export function RowButton({ label, name, onClick }: { label: string; name: string; onClick: () => void }) {
  return (
    <Button variant="secondary" size="sm" aria-label={`${label} ${name}`} onClick={onClick}>
      {label}
    </Button>
  );
}

interface SettingGroupProps {
  title: string;
  /** A sentence under the heading (where the settings are kept, for example). */
  note?: string;
  children: ReactNode;
}

/** A titled block of the Settings dialog; the heading names the section for screen readers. */
export function SettingGroup({ title, note, children }: SettingGroupProps) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="grid gap-1">
      <h3 id={headingId} className="text-xs font-semibold tracking-wider text-gold-400 uppercase">
        {title}
      </h3>
      {note && <p className="text-xs text-ink-subtle">{note}</p>}
      <div className="divide-y divide-line">{children}</div>
    </section>
  );
}

interface SwitchProps {
  checked: boolean;
  onCheckedChange?: (checked: boolean) => void;
  disabled?: boolean;
  id: string;
  describedBy?: string;
}

/**
 * A Radix Switch: role switch, Space toggles it, the label names it. The button itself is the
 * 44 px touch target; the track and the knob are drawn inside it.
 */
export function ToggleSwitch({ checked, onCheckedChange, disabled, id, describedBy }: SwitchProps) {
  return (
    <Switch.Root
      id={id}
      checked={checked}
      onCheckedChange={onCheckedChange}
      disabled={disabled}
      aria-describedby={describedBy}
      className="group relative h-11 w-14 shrink-0 cursor-pointer rounded-full disabled:cursor-not-allowed disabled:opacity-60"
    >
      <span
        aria-hidden
        className={cn(
          'absolute inset-x-1 inset-y-2 rounded-full border border-line-strong bg-overlay transition-colors',
          'group-data-[state=checked]:border-gold-500 group-data-[state=checked]:bg-gold-400',
        )}
      />
      <Switch.Thumb className="absolute top-3 left-2.25 block size-5 rounded-full bg-ink shadow transition-transform data-[state=checked]:translate-x-5 data-[state=checked]:bg-on-gold" />
    </Switch.Root>
  );
}

interface LocalSwitchProps {
  setting: SwitchSetting;
  label: string;
  description?: string;
}

/** A switch kept in the local settings. */
export function LocalSettingSwitch({ setting, label, description }: LocalSwitchProps) {
  const settings = useLocalSettings();
  const id = useId();
  const descriptionId = useId();
  return (
    <SettingRow label={label} description={description} controlId={id} descriptionId={descriptionId}>
      <ToggleSwitch
        id={id}
        describedBy={description ? descriptionId : undefined}
        checked={settings[setting]}
        onCheckedChange={(checked) => updateLocalSettings({ [setting]: checked })}
      />
    </SettingRow>
  );
}

interface LocalSelectProps<K extends ChoiceSetting> {
  setting: K;
  label: string;
  description?: ReactNode;
}

/** A native select (the phone's own picker) over one choice setting's values. */
export function LocalSettingSelect<K extends ChoiceSetting>({ setting, label, description }: LocalSelectProps<K>) {
  const settings = useLocalSettings();
  const id = useId();
  const descriptionId = useId();
  const choices: readonly (string | number)[] = SETTING_CHOICES[setting];
  const labels = CHOICE_LABELS[setting] as Record<string, string>;

  function handleChange(value: string) {
    // The option values are the choices as text; the stored value keeps the choice's own type.
    const choice = choices.find((candidate) => String(candidate) === value);
    if (choice !== undefined) updateLocalSettings({ [setting]: choice } as Partial<LocalSettings>);
  }

  return (
    <SettingRow label={label} description={description} controlId={id} descriptionId={descriptionId}>
      <select
        id={id}
        aria-describedby={description ? descriptionId : undefined}
        value={String(settings[setting])}
        onChange={(event) => handleChange(event.target.value)}
        className="h-11 max-w-40 min-w-28 cursor-pointer rounded-control border border-line bg-canvas px-3 text-sm text-ink transition-colors hover:border-line-strong focus-visible:border-gold-400 md:h-10"
      >
        {choices.map((choice) => (
          <option key={String(choice)} value={String(choice)}>
            {labels[String(choice)]}
          </option>
        ))}
      </select>
    </SettingRow>
  );
}

interface LocalRadiosProps<K extends ChoiceSetting> {
  setting: K;
  label: string;
  description?: ReactNode;
  /** A short line beside a choice's name: what it really does on this device. */
  details?: Partial<Record<LocalSettings[K] & (string | number), string>>;
}

/**
 * Radio buttons over one choice setting's values, for a few choices that each need their own
 * line, which a select's closed box would cut. Arrow keys move between them, as native radios do.
 */
export function LocalSettingRadios<K extends ChoiceSetting>({ setting, label, description, details }: LocalRadiosProps<K>) {
  const settings = useLocalSettings();
  const name = useId();
  const descriptionId = useId();
  const choices: readonly (string | number)[] = SETTING_CHOICES[setting];
  const labels = CHOICE_LABELS[setting] as Record<string, string>;
  const detailTexts = (details ?? {}) as Record<string, string | undefined>;

  // The padding is around the fieldset: inside it, padding would fall between the legend and the rest.
  return (
    <div className="py-2">
      <fieldset aria-describedby={description ? descriptionId : undefined}>
        <legend className="text-sm font-medium text-ink">{label}</legend>
        {description && (
          <p id={descriptionId} className="mt-0.5 text-xs text-ink-subtle">
            {description}
          </p>
        )}
        <div className="mt-1 grid">
          {choices.map((choice) => (
            <label key={String(choice)} className="flex min-h-11 cursor-pointer items-center gap-3 text-sm md:min-h-9">
              <input
                type="radio"
                name={name}
                value={String(choice)}
                checked={settings[setting] === choice}
                onChange={() => updateLocalSettings({ [setting]: choice } as Partial<LocalSettings>)}
                className="size-4 shrink-0 cursor-pointer accent-gold-400"
              />
              <span className="text-ink">{labels[String(choice)]}</span>
              {detailTexts[String(choice)] && <span className="text-xs text-ink-subtle tabular-nums">{detailTexts[String(choice)]}</span>}
            </label>
          ))}
        </div>
      </fieldset>
    </div>
  );
}
