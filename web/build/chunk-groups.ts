import path from 'node:path';
import type { ChunkingContext, CodeSplittingGroup } from 'rolldown';

/**
 * One chunk per moment of loading instead of dozens of small shared ones: on a 400 ms link each
 * file is a request, and the signed-in shell used to pull 35 of them. Modules are grouped by the
 * page that first needs them, following static imports from each page's module:
 * - `main`: what the entry script loads for everyone, and what the first page of both a visitor
 *   (the landing page) and a listener (the shell and Home) needs;
 * - `landing`: the landing page, beyond `main`;
 * - `auth`: the sign-in page, beyond `main`;
 * - `app`: the signed-in shell and Home, beyond `main` (every listener's page loads the shell);
 * - `wide`: the footer player the shell adds on a wide screen, beyond those (with its sliders,
 *   which the full-screen player and the equalizer then load from it);
 * - `overlay`: what the toaster (loaded on every page a little after it has loaded) shares with
 *   `app` and `wide` (Radix's layers, portals and collection), so a visitor's landing page loads
 *   the toaster without the signed-in shell and the footer player it would otherwise import;
 * anything else (the other pages, dialogs and menus loaded on demand, and what the sign-in page
 * shares with them) is split as Rolldown chooses, so no page ever fetches another page's chunk.
 */
export function pageChunkGroups(webRoot: string): CodeSplittingGroup[] {
  const source = (file: string) => path.join(webRoot, 'src', file);
  const roots = {
    main: [source('main.tsx')],
    landing: [source('features/landing/landing-page.tsx')],
    auth: [source('features/auth/auth-page.tsx')],
    app: [source('features/shell/app-shell.tsx'), source('features/home/home-page.tsx')],
    wide: [source('player/player-bar.tsx')],
    toaster: [source('ui/toaster.tsx')],
  };
  let groupOf: Map<string, string> | undefined;

  /** Every module the starts reach through static imports (or through dynamic ones too). */
  function reach(ctx: ChunkingContext, starts: Iterable<string>, dynamic = false): Set<string> {
    const seen = new Set<string>();
    const stack = [...starts];
    while (stack.length > 0) {
      const id = stack.pop()!;
      if (seen.has(id)) continue;
      seen.add(id);
      const info = ctx.getModuleInfo(id);
      stack.push(...(info?.importedIds ?? []), ...(dynamic ? (info?.dynamicallyImportedIds ?? []) : []));
    }
    return seen;
  }

  function assign(ctx: ChunkingContext): Map<string, string> {
    const main = reach(ctx, roots.main);
    const landing = reach(ctx, roots.landing);
    const auth = reach(ctx, roots.auth);
    const app = reach(ctx, roots.app);
    const wide = reach(ctx, roots.wide);
    const toaster = reach(ctx, roots.toaster);
    // What the other pages, dialogs and menus (each loaded on demand) reach.
    const pageRoots = new Set([...roots.landing, ...roots.auth, ...roots.app, ...roots.wide]);
    const onDemand = [...reach(ctx, roots.main, true)].flatMap((id) => ctx.getModuleInfo(id)?.dynamicallyImportedIds ?? []);
    const elsewhere = reach(ctx, new Set(onDemand.filter((id) => !pageRoots.has(id))));
    const assigned = new Map<string, string>();
    for (const id of main) assigned.set(id, 'main');
    // The landing page is small and what it shares is smaller (the logo, buttons, a few icons):
    // shared parts go with `main`, so a visitor's first page is two scripts and no page ever
    // fetches the landing page's chunk.
    for (const id of landing) {
      if (!assigned.has(id)) assigned.set(id, app.has(id) || auth.has(id) || elsewhere.has(id) ? 'main' : 'landing');
    }
    // What the sign-in page shares with the app (Radix's collection, under both Tabs and the
    // player's sliders) goes with `main`, so a listener never fetches the sign-in page's chunk; so
    // does what it shares with the footer player alone (Radix's direction: left in `wide`, it made
    // the sign-in page load `wide` and, through it, the shell), unless the toaster needs it too,
    // which puts it in `overlay`, loaded on every page anyway. What it shares only with pages
    // opened later (form fields) is left to Rolldown's split.
    for (const id of auth) {
      if (assigned.has(id)) continue;
      if (app.has(id) || (wide.has(id) && !toaster.has(id))) assigned.set(id, 'main');
      else if (!elsewhere.has(id)) assigned.set(id, 'auth');
    }
    for (const id of toaster) {
      if (!assigned.has(id) && (app.has(id) || wide.has(id))) assigned.set(id, 'overlay');
    }
    for (const id of app) if (!assigned.has(id)) assigned.set(id, 'app');
    for (const id of wide) if (!assigned.has(id)) assigned.set(id, 'wide');
    return assigned;
  }

  return [
    {
      debugName: 'page groups',
      name: (id, ctx) => (groupOf ??= assign(ctx)).get(id) ?? null,
      includeDependenciesRecursively: false,
      // Before the icons group: an icon the first screen shows comes with its page, not in a file of every icon.
      priority: 2,
    },
  ];
}
