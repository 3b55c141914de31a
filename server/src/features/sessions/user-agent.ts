/** A session's browser and system as a listener knows them: "Chrome" on "Android". */
export type DeviceDescription = { browser: string; system: string };

export const UNKNOWN_BROWSER = 'Unknown browser';
export const UNKNOWN_SYSTEM = 'Unknown system';

type Rule = [name: string, pattern: RegExp];

// First match wins, so a browser built on another comes before it: nearly every browser says
// "Chrome" or "Safari" somewhere, and every Chromium one says both.
const BROWSERS: Rule[] = [
  // Before Opera: Opera Mini's User-Agent starts with "Opera/" as well.
  ['Opera Mini', /Opera Mini\//],
  ['Samsung Internet', /SamsungBrowser\//],
  ['UC Browser', /UCBrowser\//],
  ['Edge', /\bEdg(?:e|A|iOS)?\//],
  ['Opera', /\bOPR\/|\bOPT\/|^Opera\//],
  // An app's embedded page (a link opened inside another app) says Chrome, but is not Chrome.
  ['Android WebView', /; wv\)/],
  ['Firefox', /\bFirefox\/|\bFxiOS\//],
  // No word boundary before Chrome: headless Chromium says HeadlessChrome.
  ['Chrome', /Chrome\/|\bCriOS\//],
  ['Safari', /\bVersion\/[\d.]+.*\bSafari\//],
];

// Versions are left out: Chrome reports every Android as "Android 10" and every macOS as 10.15.
const SYSTEMS: Rule[] = [
  ['KaiOS', /\bKAIOS\//i],
  ['Android', /\bAndroid\b/],
  // iPhones say "like Mac OS X", so iOS comes before macOS.
  ['iOS', /\b(?:iPhone|iPad|iPod)\b/],
  ['ChromeOS', /\bCrOS\b/],
  ['Windows', /\bWindows\b/],
  ['macOS', /\bMacintosh\b|\bMac OS X\b/],
  ['Linux', /\bLinux\b|\bX11\b/],
];

function firstMatch(rules: Rule[], userAgent: string): string | undefined {
  return rules.find(([, pattern]) => pattern.test(userAgent))?.[0];
}

/**
 * Reads the browser and system a User-Agent names, saying honestly when it names none Kora knows.
 * Only for showing: a User-Agent is whatever the client chose to send.
 */
export function describeUserAgent(userAgent: string | null | undefined): DeviceDescription {
  const ua = userAgent ?? '';
  return { browser: firstMatch(BROWSERS, ua) ?? UNKNOWN_BROWSER, system: firstMatch(SYSTEMS, ua) ?? UNKNOWN_SYSTEM };
}

/** "Chrome on Android", "Unknown browser on Windows", or "Unknown browser" when neither is known. */
export function describeDevice({ browser, system }: DeviceDescription): string {
  return system === UNKNOWN_SYSTEM ? browser : `${browser} on ${system}`;
}
