import { buildApp } from './app.js';
import { ConfigError, loadConfig } from './config.js';
import { openDatabase } from './db/client.js';
import { DataDirLockedError } from './db/data-dir-lock.js';
import { makeDemoMediaInChild } from './db/seed/demo-media-process.js';
import { seedDemoCatalogue } from './db/seed/demo-seed.js';
import { startBackgroundWork } from './jobs/background.js';
import { openStorage } from './media/open-storage.js';

async function main(): Promise<void> {
  const config = loadConfig();
  const database = await openDatabase(config);
  const storage = await openStorage(config);
  const app = await buildApp({ config, database, storage });

  if (config.seed === 'demo') {
    await seedDemoCatalogue({ db: database.db, storage, log: app.log, makeMedia: makeDemoMediaInChild });
  }
  const background = startBackgroundWork({ config, db: database.db, listen: database.listen, storage, mailer: app.mailer, log: app.log });

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    // Readiness answers 'draining' from now on; requests that still come in are served until the drain time is up.
    app.serving.startDraining();
    if (config.shutdownDrainMs > 0) {
      app.log.info(`${signal}: draining for ${config.shutdownDrainMs} ms before closing`);
      await new Promise((resolve) => setTimeout(resolve, config.shutdownDrainMs));
    }
    app.log.info(`${signal}: finishing in-flight requests and jobs, then closing the database`);
    const timer = setTimeout(() => {
      app.log.error('Shutdown took too long; exiting');
      process.exit(1);
    }, config.shutdownTimeoutMs);
    timer.unref();
    // Keep-alive sockets become idle as their last answer goes out; close them as they do,
    // or the server would wait out their idle timeout before it can finish closing.
    const sweep = setInterval(() => app.server.closeIdleConnections(), 50);
    try {
      // Running jobs get half the shutdown time to finish; the rest are given back for another process.
      await Promise.all([app.close().finally(() => clearInterval(sweep)), background.stop(config.shutdownTimeoutMs / 2)]);
      await database.close();
      process.exit(0);
    } catch (error) {
      app.log.error({ err: error }, 'Shutdown failed');
      process.exit(1);
    }
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  if (config.listenAfterBackfill) {
    const started = Date.now();
    try {
      await background.backfilled();
    } catch (error) {
      // Stopped while waiting: the shutdown under way ends the process.
      if (closing) return;
      throw error;
    }
    if (closing) return;
    app.log.info(`Start-up backfill transcoded in ${((Date.now() - started) / 1000).toFixed(1)} s; now listening.`);
  }
  await app.listen({ host: config.host, port: config.port });
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError || error instanceof DataDirLockedError) {
    console.error(`Kora cannot start: ${error.message}`);
  } else {
    console.error('Kora failed to start:', error);
  }
  process.exit(1);
});
