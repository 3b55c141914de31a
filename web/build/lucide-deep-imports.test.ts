import { describe, expect, it } from 'vitest';
import { lucideDeepImports } from './lucide-deep-imports';

type Transform = (code: string, id: string) => { code: string } | null;
const transform = lucideDeepImports().transform as Transform;
const rewrite = (code: string, id = '/app/web/src/page.tsx') => transform(code, id)?.code ?? null;

describe('lucideDeepImports', () => {
  it('imports each icon from its own module, under the name the file uses', () => {
    expect(rewrite("import { Play, Pause as PauseIcon } from 'lucide-react';\nplay(Play, PauseIcon);")).toBe(
      "import Play from 'lucide-react/icons/play'; import PauseIcon from 'lucide-react/icons/pause';\nplay(Play, PauseIcon);",
    );
  });

  it("follows the package's aliases to the icon's file", () => {
    expect(rewrite("import { Loader2 } from 'lucide-react';")).toBe("import Loader2 from 'lucide-react/icons/loader-circle';");
  });

  it('keeps types as a type-only import and what is not an icon from the index', () => {
    expect(rewrite("import { Crown, type LucideIcon, createLucideIcon } from 'lucide-react';")).toBe(
      "import { createLucideIcon } from 'lucide-react'; import type { LucideIcon } from 'lucide-react'; import Crown from 'lucide-react/icons/crown';",
    );
  });

  it('keeps the line numbers of the rest of the file', () => {
    const code = "import {\n  Play,\n  Pause,\n} from 'lucide-react';\nexport const line5 = 5;";
    const result = rewrite(code)!;
    expect(result.split('\n')).toHaveLength(code.split('\n').length);
    expect(result.split('\n')[4]).toBe('export const line5 = 5;');
  });

  it('leaves alone files without icon imports, type-only imports and the packages themselves', () => {
    expect(rewrite("import { useState } from 'react';")).toBeNull();
    expect(rewrite("import type { LucideIcon } from 'lucide-react';")).toBeNull();
    expect(rewrite("import { Play } from 'lucide-react';", '/app/node_modules/some-lib/index.js')).toBeNull();
  });
});
