import { EQUALIZER_BANDS, EQUALIZER_GAIN_LIMIT_DB } from '../../player/equalizer-presets';
import { Slider } from '../../ui/slider';
import { LocalSettingSelect, SettingGroup } from './setting-controls';
import { updateLocalSettings, useLocalSettings } from './use-local-settings';

function formatGain(gain: number): string {
  return `${gain > 0 ? '+' : ''}${gain} dB`;
}

/** The equalizer preset, and for Custom one slider per band; the player applies changes at once. */
export function EqualizerSettings() {
  const { equalizerPreset, customEqualizerGains } = useLocalSettings();

  function handleGainChange(index: number, gain: number) {
    updateLocalSettings({ customEqualizerGains: customEqualizerGains.map((current, band) => (band === index ? gain : current)) });
  }

  return (
    <SettingGroup title="Equalizer">
      <LocalSettingSelect setting="equalizerPreset" label="Preset" description="Shapes the sound of every song you play" />
      {equalizerPreset === 'custom' && (
        <ul aria-label="Custom equalizer bands" className="grid gap-1 py-2">
          {EQUALIZER_BANDS.map((band, index) => {
            const gain = customEqualizerGains[index] ?? 0;
            return (
              <li key={band.frequency} className="grid grid-cols-[4.5rem_1fr_3.5rem] items-center gap-3">
                <span className="text-xs text-ink-muted">{band.label}</span>
                <Slider
                  aria-label={`${band.label} gain`}
                  min={-EQUALIZER_GAIN_LIMIT_DB}
                  max={EQUALIZER_GAIN_LIMIT_DB}
                  value={[gain]}
                  onValueChange={([value]) => {
                    if (value !== undefined) handleGainChange(index, value);
                  }}
                  className="h-11 md:h-8"
                />
                <span className="text-right text-xs text-ink-subtle tabular-nums">{formatGain(gain)}</span>
              </li>
            );
          })}
        </ul>
      )}
    </SettingGroup>
  );
}
