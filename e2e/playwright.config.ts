import { defineConfig } from '@playwright/test';

const port = Number(process.env.E2E_PORT ?? 3210);
const chromium = {
  // Debian's Chromium: Playwright's own browser download is not available here.
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
};

export default defineConfig({
  testDir: './tests',
  outputDir: './test-results',
  fullyParallel: true,
  workers: Number(process.env.E2E_WORKERS ?? 2),
  retries: 0,
  timeout: 30_000,
  expect: { timeout: 7_000 },
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    launchOptions: chromium,
    // Recording a trace of every test (kept only for failures) made the run about a third longer
    // on two cores, and CI shows only the log. E2E_TRACE=1 records them for a local investigation.
    trace: process.env.E2E_TRACE ? 'retain-on-failure' : 'off',
    screenshot: 'only-on-failure',
  },
  projects: [
    { name: 'phone', use: { viewport: { width: 360, height: 800 }, isMobile: true, hasTouch: true } },
    { name: 'desktop', use: { viewport: { width: 1440, height: 900 } } },
  ],
  webServer: {
    command: 'node start-server.mjs',
    url: `http://127.0.0.1:${port}/api/health`,
    // npm test starts this server itself while the unit and API tests run (scripts/test.mjs).
    reuseExistingServer: process.env.E2E_SERVER_STARTED === '1',
    // Seeding the demo catalogue and transcoding its renditions (LISTEN_AFTER_BACKFILL): under two
    // minutes here, with room for a slower machine.
    timeout: 600_000,
    env: { PORT: String(port), HOST: '127.0.0.1' },
    stdout: 'pipe',
    stderr: 'pipe',
  },
});
