import fs from 'node:fs';
import { createRequire } from 'node:module';
import type { Plugin } from 'vite';

/**
 * Rewrites `import { Play, Pause } from 'lucide-react'` into one import per icon module
 * (`lucide-react/icons/play`), as Next.js's optimizePackageImports does. The package's index
 * re-exports all 1,700 icons, so following imports through it (build/chunk-groups.ts) would
 * put every icon in the first chunk that imports any; per-icon imports let each icon go with the
 * page that shows it.
 */
export function lucideDeepImports(): Plugin {
  let iconFiles: Map<string, string> | undefined;
  const IMPORT = /import\s*\{([^}]*)\}\s*from\s*['"]lucide-react['"];?/g;

  /** Each exported icon name (with its aliases) to its file, read from the package's index. */
  function readIconFiles(): Map<string, string> {
    const require = createRequire(import.meta.url);
    const index = fs.readFileSync(require.resolve('lucide-react/dist/esm/lucide-react.mjs'), 'utf8');
    const files = new Map<string, string>();
    for (const [, names, file] of index.matchAll(/export \{([^}]*)\} from '\.\/icons\/([a-z0-9-]+)\.mjs';/g)) {
      for (const [, name] of names!.matchAll(/default as (\w+)/g)) files.set(name!, file!);
    }
    if (files.size === 0) throw new Error("lucide-react's index lists no icons: its layout has changed");
    return files;
  }

  return {
    name: 'kora:lucide-deep-imports',
    enforce: 'pre',
    transform(code, id) {
      if (id.includes('/node_modules/') || !/\.[jt]sx?$/.test(id) || !code.includes('lucide-react')) return null;
      iconFiles ??= readIconFiles();
      const files = iconFiles;
      const rewritten = code.replace(IMPORT, (statement, list: string) => {
        const kept: string[] = [];
        const types: string[] = [];
        const icons: string[] = [];
        for (const specifier of list.split(',').map((part) => part.trim()).filter(Boolean)) {
          if (specifier.startsWith('type ')) {
            types.push(specifier.slice('type '.length));
            continue;
          }
          const [imported, local = imported] = specifier.split(/\s+as\s+/) as [string, string?];
          const file = files.get(imported);
          if (file) icons.push(`import ${local} from 'lucide-react/icons/${file}';`);
          else kept.push(specifier);
        }
        if (icons.length === 0) return statement;
        // Types as `import type`: an import left with only inline type specifiers would stay as a
        // side-effect import of the whole index.
        const imports = [
          ...(kept.length > 0 ? [`import { ${kept.join(', ')} } from 'lucide-react';`] : []),
          ...(types.length > 0 ? [`import type { ${types.join(', ')} } from 'lucide-react';`] : []),
          ...icons,
        ];
        // On as many lines as the statement it replaces, so the rest of the file keeps its line numbers.
        return imports.join(' ') + '\n'.repeat(statement.split('\n').length - 1);
      });
      return rewritten === code ? null : { code: rewritten, map: null };
    },
  };
}
