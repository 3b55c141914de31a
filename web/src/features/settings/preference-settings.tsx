import { PLAN_MAX_BITRATE_KBPS, RENDITION_BITRATES_KBPS } from '@kora/contracts';
import { FixedOnSwitch, LocalSettingSelect, LocalSettingSwitch, SettingGroup, SettingRow } from './setting-controls';

/** Spec section 9: a static figure; Kora keeps no downloads in the browser to measure. */
const STORAGE_USED_GB = 2.3;
const STORAGE_TOTAL_GB = 5;

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
        description={`Streams the lowest quality (about ${RENDITION_BITRATES_KBPS.dataSaver} kbps), whatever the quality above`}
      />
      <LocalSettingSelect setting="audioQuality" label="Audio quality" />
      <LocalSettingSelect setting="crossfadeSeconds" label="Crossfade" />
      <LocalSettingSwitch setting="gapless" label="Gapless playback" />
      <LocalSettingSwitch setting="explicitContent" label="Allow explicit content" />
    </SettingGroup>
  );
}

export function DownloadSettings() {
  const usedPercent = Math.round((STORAGE_USED_GB / STORAGE_TOTAL_GB) * 100);
  return (
    <SettingGroup title="Downloads & Storage">
      <LocalSettingSelect setting="downloadQuality" label="Download quality" />
      <LocalSettingSwitch setting="wifiOnlyDownloads" label="Download on Wi-Fi only" />
      <SettingRow label="Storage" description={`${STORAGE_USED_GB} GB of ${STORAGE_TOTAL_GB} GB`}>
        <div
          role="meter"
          aria-label="Storage used"
          aria-valuemin={0}
          aria-valuemax={STORAGE_TOTAL_GB}
          aria-valuenow={STORAGE_USED_GB}
          aria-valuetext={`${STORAGE_USED_GB} GB of ${STORAGE_TOTAL_GB} GB`}
          className="h-2 w-24 overflow-hidden rounded-full bg-overlay"
        >
          <div className="h-full rounded-full bg-gold-400" style={{ width: `${usedPercent}%` }} />
        </div>
      </SettingRow>
    </SettingGroup>
  );
}

export function NotificationSettings() {
  return (
    <SettingGroup title="Notifications">
      <LocalSettingSwitch setting="pushNotifications" label="Push notifications" />
      <LocalSettingSwitch setting="emailNotifications" label="Email notifications" />
      <LocalSettingSwitch setting="newReleases" label="New releases" />
      <LocalSettingSwitch setting="concertAlerts" label="Concert alerts" />
      <FixedOnSwitch label="Playlist updates" description="Always on" />
    </SettingGroup>
  );
}

export function PrivacySettings() {
  return (
    <SettingGroup title="Privacy">
      <LocalSettingSwitch setting="privateSession" label="Private session" />
      <LocalSettingSwitch setting="showActivity" label="Show my listening activity" />
      <LocalSettingSelect setting="whoCanFollow" label="Who can follow me" />
      <LocalSettingSwitch setting="sharePlaylists" label="Share new playlists by default" />
    </SettingGroup>
  );
}

export function LanguageSettings() {
  return (
    <SettingGroup title="Language & Region">
      <LocalSettingSelect setting="language" label="Language" description="Kora's screens are in English for now" />
      <LocalSettingSelect setting="region" label="Region" />
    </SettingGroup>
  );
}
