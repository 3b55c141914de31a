// npm start: build whatever is missing or out of date, then run the server in this process
// (so SIGTERM reaches it directly and it can drain requests and close the database).
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { root, staleTargets } from './build-state.mjs';

for (const { workspace } of staleTargets()) {
  console.log(`Building ${workspace}...`);
  const result = spawnSync('npm', ['run', 'build', '--silent', '-w', workspace], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) {
    console.error(`Building ${workspace} failed; see the output above.`);
    process.exit(result.status ?? 1);
  }
}

await import(pathToFileURL(path.join(root, 'server/dist/main.js')).href);
