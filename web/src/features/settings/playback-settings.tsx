import { PLAN_MAX_BITRATE_KBPS, RENDITION_BITRATES_KBPS } from '@kora/contracts';
import { browserPlaysOpus } from '../../player/playable-codecs';
import { LocalSettingRadios, LocalSettingSelect, SettingGroup } from './setting-controls';
import { describeSaverRendition } from './setting-labels';

/** The two settings the player reads when it asks for the next song's stream (player/stream-url.ts). */
export function PlaybackSettings() {
  const playsOpus = browserPlaysOpus();
  return (
    <SettingGroup title="Playback">
      <LocalSettingSelect
        setting="streamingQuality"
        label="Streaming quality"
        description={`Free plays up to ${PLAN_MAX_BITRATE_KBPS.free} kbps, Premium up to ${PLAN_MAX_BITRATE_KBPS.premium} kbps. Applies from the next song.`}
      />
      {/* Most browsers do not say whether they are on mobile data, so a saver applies on any connection and says so. */}
      <LocalSettingRadios
        setting="dataSaver"
        label="Mobile data saver"
        description={
          playsOpus
            ? 'Streams less, whatever the quality above, on any connection. Applies from the next song.'
            : `Streams less, whatever the quality above, on any connection. This browser does not play Opus, so both savers stream MP3 ${RENDITION_BITRATES_KBPS.dataSaver} kbps. Applies from the next song.`
        }
        details={{
          'data-saver': describeSaverRendition('data-saver', playsOpus),
          'extreme-saver': describeSaverRendition('extreme-saver', playsOpus),
        }}
      />
    </SettingGroup>
  );
}
