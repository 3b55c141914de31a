// Decides which workspaces need a build: a missing output, or sources newer than it.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export const targets = [
  { workspace: 'contracts', output: 'contracts/dist/index.js', sources: ['contracts/src', 'contracts/package.json'] },
  { workspace: 'server', output: 'server/dist/main.js', sources: ['server/src', 'server/package.json', 'contracts/src'] },
  {
    workspace: 'web',
    output: 'web/dist/index.html',
    sources: ['web/src', 'web/index.html', 'web/vite.config.ts', 'web/public', 'contracts/src'],
  },
];

function newestMtime(target) {
  if (!fs.existsSync(target)) return 0;
  const stat = fs.statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of fs.readdirSync(target)) newest = Math.max(newest, newestMtime(path.join(target, entry)));
  return newest;
}

export function staleTargets() {
  return targets.filter(({ output, sources }) => {
    const out = path.join(root, output);
    if (!fs.existsSync(out)) return true;
    const built = fs.statSync(out).mtimeMs;
    return sources.some((source) => newestMtime(path.join(root, source)) > built);
  });
}
