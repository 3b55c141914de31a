// The built server on a fresh data folder, for the browser tests, with the Deezer stand-in as its
// catalogue, the Paystack stand-in as its payment provider and the SMTP stand-in as its mail server.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import readline from 'node:readline';
import { fileURLToPath, pathToFileURL } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const repoRoot = path.join(here, '..');
// One folder per port, so two runs on different ports (E2E_PORT) never delete each other's data.
const dataDir = path.join(here, '.test-data', process.env.PORT ?? 'default');
fs.rmSync(dataDir, { recursive: true, force: true });
fs.mkdirSync(dataDir, { recursive: true });

/**
 * A stand-in from server/test/helpers as a child process: Deezer's API and preview CDN, or
 * Paystack's API, checkout page and webhooks. No test reaches the internet. Each prints one JSON
 * line with its addresses.
 */
async function startStandin(script, env = {}) {
  const child = spawn(process.execPath, ['--conditions=kora-source', '--import', 'tsx', script], {
    cwd: repoRoot,
    stdio: ['ignore', 'pipe', 'inherit'],
    env: { ...process.env, ...env },
  });
  // However the server process ends (its own shutdown on SIGTERM/SIGINT exits too), the stand-in ends with it.
  process.once('exit', () => child.kill());
  const line = await new Promise((resolve, reject) => {
    readline.createInterface({ input: child.stdout }).once('line', resolve);
    child.once('exit', (code) => reject(new Error(`The stand-in ${script} exited early (${code})`)));
  });
  return JSON.parse(line);
}

const standin = await startStandin('server/test/helpers/deezer-standin-main.ts');
// Paid checkouts, renewals and failures are posted to this server's webhook, signed as Paystack signs them.
const paystack = await startStandin('server/test/helpers/paystack-standin-main.ts', {
  STANDIN_WEBHOOK_URL: `http://127.0.0.1:${process.env.PORT ?? 3000}/api/payments/paystack/webhook`,
});
// Every e-mail the server sends arrives here; the tests read a listener's inbox through its control address.
const smtp = await startStandin('server/test/helpers/smtp-standin-main.ts');
// The tests read where the stand-ins are: to expire a preview URL as Deezer's CDN would, to have
// Paystack charge a renewal, fail one, or pay a checkout on a given day, and to read e-mails.
fs.writeFileSync(
  path.join(dataDir, 'standin.json'),
  JSON.stringify({ apiUrl: standin.apiUrl, mediaOrigin: standin.mediaOrigin, paystackControlUrl: paystack.controlUrl, mailControlUrl: smtp.controlUrl }),
);

Object.assign(process.env, {
  DATA_DIR: dataDir,
  SEED: process.env.E2E_SEED ?? 'demo',
  LOG_LEVEL: 'warn',
  // The tests start on a ready catalogue: ffmpeg making the demo songs' renditions while they run
  // took the CPU from the browsers and timed tests out.
  LISTEN_AFTER_BACKFILL: 'true',
  // Many accounts are created from one address in a run.
  AUTH_RATE_LIMIT_MAX: '10000',
  DEEZER_ENABLED: 'true',
  DEEZER_API_URL: standin.apiUrl,
  // The stand-in's CDN is on loopback with its own certificate: allowed and trusted here only.
  AUDIO_PROXY_ALLOWED_HOSTS: standin.mediaHost,
  AUDIO_PROXY_TRUSTED_ADDRESSES: '127.0.0.1',
  AUDIO_PROXY_CA_FILE: standin.caFile,
  // The whole suite runs with payments configured, as a server taking money does.
  PAYSTACK_API_URL: paystack.apiUrl,
  PAYSTACK_SECRET_KEY: paystack.secretKey,
  // E-mail goes out as from a real server, so new accounts confirm their address (and the tests'
  // sign-ups open the link they were sent); links lead back to this server.
  SMTP_URL: smtp.smtpUrl,
  MAIL_FROM: 'Kora <no-reply@kora.test>',
  PUBLIC_ORIGIN: `http://127.0.0.1:${process.env.PORT ?? 3000}`,
});
await import(pathToFileURL(path.join(here, '../server/dist/main.js')).href);
