import { defineConfig } from 'vitest/config';
import type { TestProjectInlineConfiguration } from 'vitest/config';

// Tests import @kora/contracts from its TypeScript source (no build first); Vite resolves
// node-side imports through the ssr options, with Node's own conditions: no 'module', which
// the AWS SDK maps to bundler-only ESM (extensionless imports) that Node cannot load.
const resolve = { conditions: ['kora-source', 'module', 'browser', 'development|production'] };
const ssr = { resolve: { conditions: ['kora-source', 'node', 'development|production'] } };

// API suites run once per real database: always embedded PGlite, and PostgreSQL when one is given.
const databases = ['pglite', ...(process.env.TEST_DATABASE_URL ? ['postgres'] : [])];

const apiProjects: TestProjectInlineConfiguration[] = databases.map((db) => ({
  resolve,
  ssr,
  test: {
    name: `api-${db}`,
    include: ['server/test/**/*.test.ts'],
    exclude: ['server/test/process/**'],
    environment: 'node',
    env: { KORA_TEST_DB: db },
    // Hang guards, not budgets, in every project: with the CPU halved (as on CI) ffmpeg's tests took
    // up to 30 s, the 30 s limit they had, and a job-restart test's transcoding over a minute.
    testTimeout: 90_000,
    hookTimeout: 60_000,
  },
}));

export default defineConfig({
  test: {
    // Vitest leaves one core to itself by default: on CI's 2 cores that ran every file one after
    // another, while PostgreSQL, the stand-ins and the waits of the process tests left the core idle.
    maxWorkers: 2,
    projects: [
      {
        resolve,
        ssr,
        test: {
          name: 'unit',
          include: ['server/src/**/*.test.ts', 'contracts/src/**/*.test.ts', 'web/src/**/*.test.{ts,tsx}', 'web/build/**/*.test.ts'],
          environment: 'node',
          testTimeout: 90_000,
        },
      },
      ...apiProjects,
      {
        resolve,
        ssr,
        // The real server as a process: crashes, locks and shutdown (embedded PGlite).
        test: {
          name: 'process',
          include: ['server/test/process/**/*.test.ts'],
          environment: 'node',
          testTimeout: 300_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
