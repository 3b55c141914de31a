import { useLayoutEffect, useRef, useState } from 'react';
import { countGridTracks } from './shelf-fit';

/**
 * The number of columns of the list inside the returned ref's element, as the browser lays it
 * out (the grid classes decide them per breakpoint), kept current as the screen changes. Measured
 * before paint, so trimming a shelf to whole rows never shows a half-filled row first. `isShown`:
 * the list is rendered (a shelf that was empty may fill later).
 */
export function useGridColumns<T extends HTMLElement>(isShown: boolean) {
  const ref = useRef<T>(null);
  const [columns, setColumns] = useState<number | undefined>(undefined);

  useLayoutEffect(() => {
    const list = ref.current?.firstElementChild;
    if (!list) return undefined;
    const measure = () => setColumns(countGridTracks(getComputedStyle(list).gridTemplateColumns));
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(list);
    return () => observer.disconnect();
  }, [isShown]);

  return [ref, columns] as const;
}
