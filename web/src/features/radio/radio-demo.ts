/** Spec sections 2 and 9: the radio is a local demo, nothing is broadcast or sent to a server. */
export const RADIO_QUALITIES_KBPS = [320, 256, 128] as const;
export type RadioQuality = (typeof RADIO_QUALITIES_KBPS)[number];
export const DEFAULT_RADIO_QUALITY: RadioQuality = 320;

export type ListenerRange = { min: number; max: number };

/** The Radio page's simulated audience; its first broadcast starts from 247 listeners. */
export const PAGE_LISTENERS: ListenerRange & { first: number } = { min: 100, max: 599, first: 247 };
/** The sidebar's Extra Radio dialog has a smaller simulated audience. */
export const DIALOG_LISTENERS: ListenerRange = { min: 50, max: 549 };

/** How often the simulated audience changes while live. */
export const LISTENER_REFRESH_MS = 5000;

/** A whole number of listeners from min to max, both included. */
export function pickListenerCount(range: ListenerRange, random: () => number = Math.random): number {
  const span = range.max - range.min + 1;
  return range.min + Math.min(span - 1, Math.floor(random() * span));
}

export function isRadioQuality(value: number): value is RadioQuality {
  return (RADIO_QUALITIES_KBPS as readonly number[]).includes(value);
}
