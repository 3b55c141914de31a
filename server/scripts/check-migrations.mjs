// Fails when the Drizzle schema has changes that no committed migration holds
// (migrations are generated with `npm run db:generate`, committed, and never edited).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const committed = path.join(serverDir, 'drizzle');
const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'kora-migrations-'));
fs.cpSync(committed, scratch, { recursive: true });

const result = spawnSync(
  'npx',
  ['drizzle-kit', 'generate', '--dialect', 'postgresql', '--schema', './src/db/schema.ts', '--out', path.relative(serverDir, scratch)],
  { cwd: serverDir, encoding: 'utf8' },
);
const added = fs.readdirSync(scratch).filter((file) => !fs.existsSync(path.join(committed, file)));
fs.rmSync(scratch, { recursive: true, force: true });

if (result.status !== 0) {
  console.error(result.stdout, result.stderr);
  console.error('drizzle-kit generate failed.');
  process.exit(1);
}
if (added.length > 0) {
  console.error(`The schema has changes with no migration (would add ${added.join(', ')}). Run npm run db:generate and commit it.`);
  process.exit(1);
}
console.log('Migrations match the schema.');
