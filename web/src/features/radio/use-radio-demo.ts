import { useEffect, useState } from 'react';
import { DEFAULT_RADIO_QUALITY, LISTENER_REFRESH_MS, pickListenerCount, type ListenerRange, type RadioQuality } from './radio-demo';

export type RadioDemo = {
  isLive: boolean;
  /** The simulated audience, while live. */
  listeners: number | null;
  quality: RadioQuality;
  setLive: (live: boolean) => void;
  setQuality: (quality: RadioQuality) => void;
};

/**
 * The demo broadcast's state, on this device only. Going live shows a listener count from the
 * range (the first one may be fixed, as on the Radio page), which drifts while live.
 */
export function useRadioDemo(range: ListenerRange & { first?: number }): RadioDemo {
  const [isLive, setIsLive] = useState(false);
  const [listeners, setListeners] = useState<number | null>(null);
  const [hasBeenLive, setHasBeenLive] = useState(false);
  const [quality, setQuality] = useState<RadioQuality>(DEFAULT_RADIO_QUALITY);
  const { min, max } = range;

  useEffect(() => {
    if (!isLive) return;
    const timer = setInterval(() => setListeners(pickListenerCount({ min, max })), LISTENER_REFRESH_MS);
    return () => clearInterval(timer);
  }, [isLive, min, max]);

  function setLive(live: boolean) {
    setIsLive(live);
    if (!live) {
      setListeners(null);
      return;
    }
    setListeners(!hasBeenLive && range.first !== undefined ? range.first : pickListenerCount(range));
    setHasBeenLive(true);
  }

  return { isLive, listeners: isLive ? listeners : null, quality, setLive, setQuality };
}
