import { startDeezerStandin } from './deezer-standin.js';

/**
 * The Deezer stand-in as its own process, for the browser tests and the benchmark: prints one
 * JSON line with its addresses, then serves until it is killed.
 */
const standin = await startDeezerStandin({ previewSeconds: Number(process.env.STANDIN_PREVIEW_SECONDS ?? 30) });
process.stdout.write(`${JSON.stringify({ apiUrl: standin.apiUrl, mediaOrigin: standin.mediaOrigin, mediaHost: standin.mediaHost, caFile: standin.caFile })}\n`);
const stop = () => void standin.close().then(() => process.exit(0));
process.once('SIGTERM', stop);
process.once('SIGINT', stop);
