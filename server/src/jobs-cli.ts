import { ConfigError, loadConfig } from './config.js';
import { openDatabase } from './db/client.js';
import { DataDirLockedError } from './db/data-dir-lock.js';
import { EXIT, JOBS_USAGE, parseJobsCommand, runJobsCommand } from './jobs/operator.js';

/**
 * `npm run jobs -- <command>`: the operator's view of dead jobs (jobs/operator.ts), on the database
 * the server's settings name. On embedded PGlite the server must be stopped first (one process per DATA_DIR).
 */
async function main(): Promise<number> {
  const command = parseJobsCommand(process.argv.slice(2));
  if (typeof command === 'string') {
    console.error(`${command}\n\n${JOBS_USAGE}`);
    return EXIT.refused;
  }
  const database = await openDatabase(loadConfig());
  try {
    return await runJobsCommand(database.db, command, { out: (line) => process.stdout.write(`${line}\n`), err: (line) => console.error(line) });
  } finally {
    await database.close();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    if (error instanceof ConfigError || error instanceof DataDirLockedError) console.error(`Cannot open the database: ${error.message}`);
    else console.error('The jobs command failed:', error);
    process.exit(1);
  },
);
