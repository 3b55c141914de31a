import { type ComponentType, createElement, lazy, useState } from 'react';


/**
 * React.lazy with a `preload` that lets the component render at once once its module is here.
 * Lazy alone suspends on its first render even when the module has already loaded: the fallback
 * is committed and React holds the page back by its 300 ms reveal throttle, a step per nested
 * page (the shell, then Home) on the way to the first screen.
 */
export function preloadableLazy<P extends object, M extends object>(
  load: () => Promise<M & { default: ComponentType<P> }>,
): { Component: ComponentType<P>; preload: () => Promise<M & { default: ComponentType<P> }> } {
  let loaded: ComponentType<P> | undefined;
  const preload = () =>
    load().then((module) => {
      loaded = module.default;
      return module;
    });
  const Lazy = lazy(preload);
  function Component(props: P) {
    // Chosen once per mount: switching types on a later render would remount the whole page.
    const [type] = useState<ComponentType<P>>(() => loaded ?? Lazy);
    return createElement(type, props);
  }
  return { Component, preload };
}
