// The child process of demo-media-process.ts: makes the demo media into the configured store and
// sends back where it went.
import { loadConfig } from '../../config.js';
import { openStorage } from '../../media/open-storage.js';
import { makeDemoMedia } from './demo-media.js';

const media = await makeDemoMedia(await openStorage(loadConfig()));
process.send!(media, () => process.exit(0));
