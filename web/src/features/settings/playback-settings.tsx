import { OPUS_RENDITION_BITRATES_KBPS, PLAN_MAX_BITRATE_KBPS, RENDITION_BITRATES_KBPS } from '@kora/contracts';
import { browserPlaysOpus } from '../../player/playable-codecs';
import { LocalSettingSelect, LocalSettingSwitch, SettingGroup } from './setting-controls';

/** The two settings the player reads when it asks for the next song's stream (player/stream-url.ts). */
export function PlaybackSettings() {
  return (
    <SettingGroup title="Playback">
      <LocalSettingSelect
        setting="streamingQuality"
        label="Streaming quality"
        description={`Free plays up to ${PLAN_MAX_BITRATE_KBPS.free} kbps, Premium up to ${PLAN_MAX_BITRATE_KBPS.premium} kbps. Applies from the next song.`}
      />
      <LocalSettingSwitch
        setting="dataSaver"
        label="Mobile data saver"
        description={`Streams the lowest quality (${dataSaverRendition()}), whatever the quality above`}
      />
    </SettingGroup>
  );
}

/** What data saver streams on this device: Opus where the browser plays it, else the lowest MP3. */
function dataSaverRendition(): string {
  return browserPlaysOpus() ? `Opus ${OPUS_RENDITION_BITRATES_KBPS.dataSaver} kbps` : `MP3 ${RENDITION_BITRATES_KBPS.dataSaver} kbps`;
}
