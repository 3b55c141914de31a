import { Suspense, type ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { preloadableLazy } from './preloadable-lazy';

function Page({ name }: { name: string }) {
  return <p>Hello {name}</p>;
}

const inSuspense = (element: ReactNode) => renderToString(<Suspense fallback={<p>Loading</p>}>{element}</Suspense>);

describe('preloadableLazy', () => {
  it('suspends until its code is loaded, like React.lazy', () => {
    const { Component } = preloadableLazy(async () => ({ default: Page }));
    expect(inSuspense(<Component name="Ada" />)).toContain('Loading');
  });

  it('renders at once, with no fallback, once preload has loaded the code', async () => {
    let loads = 0;
    const { Component, preload } = preloadableLazy(async () => {
      loads += 1;
      return { default: Page, extra: 'kept' };
    });
    const module = await preload();
    expect(module.extra).toBe('kept');
    const html = inSuspense(<Component name="Ada" />);
    expect(html).toContain('Hello <!-- -->Ada');
    expect(html).not.toContain('Loading');
    expect(loads).toBe(1);
  });
});
