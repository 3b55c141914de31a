import path from 'node:path';
import type { ChunkingContext, CodeSplittingGroup } from 'rolldown';

/**
 * One chunk per moment of loading instead of dozens of small shared ones: on a 400 ms link each
 * file is a request, and the signed-in shell used to pull 35 of them. Modules are grouped by the
 * page that first needs them, following static imports from each page's module:
 * - `main`: what the entry script loads for everyone;
 * - `signed-out`: the landing and sign-in pages, beyond `main`;
 * - `app`: the signed-in shell and Home, beyond `main` (every listener's page loads the shell);
 * what both of the last two use goes with `main`;
 * anything else (the other pages, dialogs and menus loaded on demand) is split as Rolldown chooses.
 */
const RADIX_UMBRELLA = /[\\/]node_modules[\\/]radix-ui[\\/]/;
const RADIX_BASE =
  /[\\/]node_modules[\\/]@radix-ui[\\/]react-(slot|tabs|roving-focus|collection|presence|context|primitive|compose-refs|use-controllable-state|direction|id|use-callback-ref|use-layout-effect|use-effect-event)[\\/]/;

export function pageChunkGroups(webRoot: string): CodeSplittingGroup[] {
  const source = (file: string) => path.join(webRoot, 'src', file);
  const roots = {
    main: [source('main.tsx')],
    'signed-out': [source('features/landing/landing-page.tsx'), source('features/auth/auth-page.tsx')],
    app: [source('features/shell/app-shell.tsx'), source('features/home/home-page.tsx')],
  };
  let groupOf: Map<string, string> | undefined;

  /** Every module a root reaches through static imports. */
  function reach(ctx: ChunkingContext, starts: string[]): Set<string> {
    const seen = new Set<string>();
    const stack = [...starts];
    while (stack.length > 0) {
      const id = stack.pop()!;
      if (seen.has(id)) continue;
      seen.add(id);
      // The radix-ui package re-exports every Radix primitive; what a page uses is found by
      // tree-shaking, not by its imports, so its primitives are left to Rolldown's own split.
      if (!RADIX_UMBRELLA.test(id)) stack.push(...(ctx.getModuleInfo(id)?.importedIds ?? []));
    }
    return seen;
  }

  function assign(ctx: ChunkingContext): Map<string, string> {
    const main = reach(ctx, roots.main);
    const signedOut = reach(ctx, roots['signed-out']);
    const app = reach(ctx, roots.app);
    const assigned = new Map<string, string>();
    for (const id of main) assigned.set(id, 'main');
    // What both the signed-out pages and the app use (buttons, the logo) goes with `main`, so a
    // listener's first load never fetches the landing page's chunk for them.
    for (const id of signedOut) if (!assigned.has(id)) assigned.set(id, app.has(id) ? 'main' : 'signed-out');
    for (const id of app) if (!assigned.has(id)) assigned.set(id, 'app');
    return assigned;
  }

  return [
    // The Radix primitives every page builds on (Slot for links styled as buttons, Tabs on the
    // sign-in page, and what those use) in one file instead of a dozen; the heavier ones (menus,
    // dialogs, sliders) stay split by Rolldown and load with whatever first opens them.
    { name: 'radix-base', test: RADIX_BASE, priority: 2 },
    {
      debugName: 'page groups',
      name: (id, ctx) => (groupOf ??= assign(ctx)).get(id) ?? null,
      includeDependenciesRecursively: false,
    },
  ];
}
