import { LocalSettingSelect, LocalSettingSwitch, SettingGroup } from './setting-controls';

/** How songs meet and how loud they play: the player reads these at each song (player/playback-settings.ts). */
export function SoundSettings() {
  return (
    <SettingGroup title="Sound">
      <LocalSettingSelect setting="crossfade" label="Crossfade" description="The next song fades in while this one fades out." />
      <LocalSettingSwitch
        setting="gapless"
        label="Gapless playback"
        description="An album's tracks run into each other with no silence between them, as recorded."
      />
      <LocalSettingSwitch
        setting="normalizeVolume"
        label="Normalize volume"
        description="Plays every song at the same loudness, never clipping. Off plays each song as it was mastered."
      />
    </SettingGroup>
  );
}
