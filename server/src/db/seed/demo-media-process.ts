import { fork } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { DemoMedia } from './demo-media.js';

/**
 * Makes the demo media in a child process that exits once it is stored. Drawn in the server's own
 * process, sharp's worker threads left 80 to 120 MB in the allocator after the first start's
 * covers: that start idled at 335 MB where a later one idles at 215 (bench/memory.ts). The child
 * opens the same media store from the same settings (the environment) and hands back the keys.
 */
export function makeDemoMediaInChild(): Promise<DemoMedia> {
  const here = fileURLToPath(import.meta.url);
  // .js when built; .ts under tsx (npm run dev, the cluster test), whose loader the child inherits.
  const entry = path.join(path.dirname(here), `demo-media-child${path.extname(here)}`);
  return new Promise((resolve, reject) => {
    const child = fork(entry, { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
    let media: DemoMedia | undefined;
    child.on('message', (message) => {
      media = message as DemoMedia;
    });
    child.on('error', reject);
    child.on('exit', (code, signal) => {
      if (media && code === 0) resolve(media);
      else reject(new Error(`Making the demo catalogue's media failed (${signal ? `signal ${signal}` : `exit code ${code}`})`));
    });
  });
}
