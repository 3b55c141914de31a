import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyCookie from '@fastify/cookie';
import fastifyRateLimit from '@fastify/rate-limit';
import Fastify, { type FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import type { Config } from './config.js';
import type { Database } from './db/client.js';
import type { LookupFunction } from 'node:net';
import { createDeletionQueries } from './features/account-data/deletion-queries.js';
import { createDeletionService } from './features/account-data/deletion-service.js';
import { createExportQueries } from './features/account-data/export-queries.js';
import { createExportService } from './features/account-data/export-service.js';
import { accountDataRoutes } from './features/account-data/routes.js';
import { confirmsEmail, registerConfirmedEmailCheck } from './features/account-email/confirmed-email-check.js';
import { createEmailAddressService } from './features/account-email/email-address.js';
import { createLinkMailLimiter } from './features/account-email/link-mail-limits.js';
import { createPasswordResetService } from './features/account-email/password-reset.js';
import { createAccountEmailQueries } from './features/account-email/queries.js';
import { accountEmailRoutes } from './features/account-email/routes.js';
import { createAlbumQueries } from './features/albums/queries.js';
import { albumRoutes } from './features/albums/routes.js';
import { createFollowQueries } from './features/artists/follow-queries.js';
import { followRoutes } from './features/artists/follow-routes.js';
import { createArtistQueries } from './features/artists/queries.js';
import { artistRoutes } from './features/artists/routes.js';
import { createAuthQueries } from './features/auth/queries.js';
import { authRoutes } from './features/auth/routes.js';
import { createAuthService } from './features/auth/service.js';
import { createSessionCache, type SessionCache } from './features/auth/session-cache.js';
import { shareSessionCache } from './features/auth/shared-session-cache.js';
import { registerSessionGuard } from './features/auth/session-guard.js';
import { healthRoutes } from './features/health/routes.js';
import { createServingState } from './features/health/serving-state.js';
import { createDataMeter } from './features/data-usage/data-meter.js';
import { registerSentBytesCounter } from './features/data-usage/count-sent-bytes.js';
import { createDataUsageQueries } from './features/data-usage/queries.js';
import { dataUsageRoutes } from './features/data-usage/routes.js';
import { createHomeService } from './features/home/home-service.js';
import { homeRoutes } from './features/home/routes.js';
import { createMailer } from './features/mail/create-mailer.js';
import { registerMetrics } from './features/metrics/register-metrics.js';
import { devMailRoutes } from './features/mail/dev-mail-routes.js';
import { createLikeQueries } from './features/likes/queries.js';
import { likeRoutes } from './features/likes/routes.js';
import { mediaRoutes } from './features/media/routes.js';
import { createNotificationQueries } from './features/notifications/queries.js';
import { notificationRoutes } from './features/notifications/routes.js';
import { supportRoutes } from './features/support/routes.js';
import { createNotificationService } from './features/notifications/service.js';
import { offlineRoutes } from './features/offline/routes.js';
import { createOfflineLicenceService } from './features/offline/service.js';
import { createSigningKeyStore } from './features/offline/signing-keys.js';
import { placeholderRoutes } from './features/placeholder/routes.js';
import { createOfflinePlayService } from './features/plays/offline-plays.js';
import { createPlayQueries } from './features/plays/queries.js';
import { playRoutes } from './features/plays/routes.js';
import { createPlayService } from './features/plays/service.js';
import { playlistRoutes } from './features/playlists/routes.js';
import { createPlaylistQueries } from './features/playlists/queries.js';
import { createProfileQueries } from './features/profile/queries.js';
import { profileRoutes } from './features/profile/routes.js';
import { createProfileService } from './features/profile/service.js';
import { audioProxyRoutes } from './features/audio-proxy/routes.js';
import { externalCatalogueRoutes } from './features/external/routes.js';
import { createCatalogueSearchSources } from './features/external/search-sources.js';
import { createExternalCatalogue } from './features/external/service.js';
import { searchRoutes } from './features/search/routes.js';
import { createSessionQueries } from './features/sessions/queries.js';
import { sessionRoutes } from './features/sessions/routes.js';
import { createSessionService } from './features/sessions/service.js';
import { createCatalogueProviders } from './providers/registry.js';
import { songDownloadRoute } from './features/songs/download-route.js';
import { createSongQueries } from './features/songs/queries.js';
import { songRoutes } from './features/songs/routes.js';
import { createStatsQueries } from './features/stats/queries.js';
import { statsRoutes } from './features/stats/routes.js';
import { createPaystackProvider } from './features/billing/paystack/paystack-client.js';
import { createBillingQueries } from './features/billing/queries.js';
import { billingRoutes, paystackWebhookRoute } from './features/billing/routes.js';
import { createBillingService } from './features/billing/service.js';
import { createSubscriptionQueries } from './features/subscription/queries.js';
import { subscriptionRoutes } from './features/subscription/routes.js';
import { createSubscriptionService } from './features/subscription/service.js';
import { createMemoryAttemptLimiter, createRedisAttemptLimiter } from './features/two-factor/attempt-limiter.js';
import { createTwoFactorQueries } from './features/two-factor/queries.js';
import { twoFactorRoutes } from './features/two-factor/routes.js';
import { ATTEMPT_LIMIT, createTwoFactorService } from './features/two-factor/service.js';
import { uploadRoutes } from './features/uploads/routes.js';
import { answerFrameworkError, registerErrorHandler } from './http/error-handler.js';
import { registerOriginCheck } from './http/origin-check.js';
import { registerRequestTargetCheck } from './http/request-target.js';
import { registerSecurityHeaders } from './http/security-headers.js';
import { createServerFactory } from './http/server-timeouts.js';
import { registerNulCheck } from './http/validate.js';
import { registerWebApp } from './http/web-app.js';
import { registerCompression } from './http/compression.js';
import type { MediaStorage } from './media/storage.js';

export type AppDeps = {
  config: Config;
  database: Database;
  storage: MediaStorage;
  logger?: boolean;
  /** How the audio proxy resolves host names (tests stand in a resolver whose answers change). */
  audioProxyLookup?: LookupFunction;
  /** How often the data meter writes what it counted: 5 s by default (tests lengthen it to see what waits in memory). */
  dataMeterFlushMs?: number;
};

export const defaultWebDist = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../web/dist');

export async function buildApp({ config, database, storage, logger = true, audioProxyLookup, dataMeterFlushMs = 5_000 }: AppDeps): Promise<FastifyInstance> {
  const app = Fastify({
    // JSON lines everywhere but under `npm run dev`, where a person reads them (pino-pretty is a dev dependency).
    logger: logger ? { level: config.logLevel, ...(config.env === 'development' ? { transport: { target: 'pino-pretty' } } : {}) } : false,
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
    // Idle keep-alive sockets are closed at shutdown; busy ones finish their request first.
    forceCloseConnections: 'idle',
    // A URL the router cannot read is answered in the app's own shape, without echoing it.
    frameworkErrors: answerFrameworkError,
    // Bounds on heads, idle keep-alive sockets, stalled bodies and whole requests (http/server-timeouts.ts).
    serverFactory: createServerFactory(config.timeouts),
  });

  registerErrorHandler(app);
  await app.register(fastifyCookie);
  registerSecurityHeaders(app);

  const redis = config.redisUrl ? new Redis(config.redisUrl, { lazyConnect: false, maxRetriesPerRequest: 1 }) : undefined;
  await app.register(fastifyRateLimit, {
    global: false,
    ...(redis ? { redis, nameSpace: 'kora-rl-' } : {}),
  });
  if (redis) app.addHook('onClose', async () => void (await redis.quit()));

  await registerCompression(app);
  registerOriginCheck(app, { publicOrigin: config.publicOrigin });
  registerRequestTargetCheck(app);
  registerNulCheck(app);

  let sessionCache: SessionCache = createSessionCache({ maxEntries: 10_000, ttlMs: 60_000 });
  // One writer on the embedded database; on PostgreSQL every process hears the others' sign-outs.
  if (!database.exclusive) {
    const shared = shareSessionCache(sessionCache, database, app.log);
    app.addHook('onClose', async () => shared.close());
    sessionCache = shared;
  }
  const twoFactor = createTwoFactorService({
    queries: createTwoFactorQueries(database.db),
    limiter: redis ? createRedisAttemptLimiter(redis, ATTEMPT_LIMIT) : createMemoryAttemptLimiter(ATTEMPT_LIMIT),
  });
  const sessions = createSessionService({ queries: createSessionQueries(database.db), cache: sessionCache, linkOrigin: config.linkOrigin });
  // The account's e-mail links (issue 18): a forgotten password, the address confirmed or changed.
  const accountEmailQueries = createAccountEmailQueries(database.db);
  const linkMailLimiter = createLinkMailLimiter(redis);
  const forgetUser = (userId: number) => sessionCache?.deleteUser(userId);
  const addressesConfirmed = confirmsEmail(config.mail);
  const emailAddress = createEmailAddressService({
    queries: accountEmailQueries,
    limiter: linkMailLimiter,
    linkOrigin: config.linkOrigin,
    confirmsEmail: addressesConfirmed,
    forgetUser,
  });
  const passwordReset = createPasswordResetService({ queries: accountEmailQueries, limiter: linkMailLimiter, linkOrigin: config.linkOrigin, forgetUser });
  // Settings → Your data (issue 18): a copy of the listener's data, and deleting the account.
  const exportQueries = createExportQueries(database.db);
  const accountDeletion = createDeletionService({
    db: database.db,
    queries: createDeletionQueries(database.db),
    exports: exportQueries,
    storage,
    secondFactor: twoFactor,
    forgetUser,
    linkOrigin: config.linkOrigin,
  });
  const auth = createAuthService({
    queries: createAuthQueries(database.db),
    secondFactor: twoFactor,
    sessionTtlMs: config.sessionTtlMs,
    // Signing in during a deletion's grace period brings the account back (features/account-data).
    recordSession: async (session) => {
      await accountDeletion.restoreOnSignIn(session.user.id);
      await sessions.recordSession(session);
    },
    cache: sessionCache,
    onSignedUp: emailAddress.onSignedUp,
  });
  registerSessionGuard(app, auth);
  registerConfirmedEmailCheck(app, { required: addressesConfirmed });
  const dataUsage = createDataUsageQueries(database.db);
  const dataMeter = createDataMeter({ write: dataUsage.addUsage, log: app.log, flushIntervalMs: dataMeterFlushMs });
  // A killed process loses at most its last few seconds of counts; a clean shutdown writes them as
  // the app closes, before main.ts closes the database.
  app.addHook('onClose', () => dataMeter.close());
  registerSentBytesCounter(app, dataMeter);
  registerMetrics(app, { config, database });

  app.decorate('mediaOffload', config.mediaOffload === 'nginx');
  const serving = createServingState();
  app.decorate('serving', serving);
  await app.register(healthRoutes, { database, storage, serving, ...(redis ? { redis } : {}) });
  await app.register(authRoutes, { auth, rateLimit: config.authRateLimit, confirmsEmail: addressesConfirmed });
  await app.register(accountEmailRoutes, { passwordReset, emailAddress, auth, rateLimit: config.authRateLimit });
  await app.register(sessionRoutes, { sessions });
  await app.register(twoFactorRoutes, { twoFactor });
  await app.register(accountDataRoutes, {
    exports: createExportService({ db: database.db, queries: exportQueries, storage, linkOrigin: config.linkOrigin }),
    deletion: accountDeletion,
    rateLimit: config.authRateLimit,
  });
  await app.register(mediaRoutes, { storage });
  const songs = createSongQueries(database.db);
  await app.register(songRoutes, { songs, storage, writeVersion: database.writeVersion });
  await app.register(songDownloadRoute, { songs, storage });
  const subscriptionQueries = createSubscriptionQueries(database.db);
  const paymentProvider = config.payments.paystack ? createPaystackProvider(config.payments.paystack) : undefined;
  const billing = createBillingService({
    queries: createBillingQueries(database.db),
    provider: paymentProvider,
    businessName: config.payments.businessName,
    findSubscription: subscriptionQueries.findSubscription,
  });
  // The Premium plan is looked up (or created) at start; a provider that cannot be reached then is asked again by the first checkout.
  if (paymentProvider) app.addHook('onReady', async () => void paymentProvider.preparePlan().catch((error: Error) => app.log.warn({ err: error }, 'Paystack plan not ready')));
  await app.register(subscriptionRoutes, {
    subscriptions: createSubscriptionService({ queries: subscriptionQueries, payments: paymentProvider ? billing : undefined }),
  });
  await app.register(billingRoutes, { billing, publicOrigin: config.publicOrigin });
  await app.register(paystackWebhookRoute, { billing });
  const playQueries = createPlayQueries(database.db);
  await app.register(playRoutes, {
    plays: createPlayService({ findSong: songs.findLiveSong, transaction: playQueries.transaction }),
    offlinePlays: createOfflinePlayService({ findSong: songs.findLiveSong, transaction: playQueries.transaction }),
  });
  const licences = createOfflineLicenceService({
    keys: createSigningKeyStore(database.db),
    findSubscription: createSubscriptionQueries(database.db).findSubscription,
  });
  await app.register(offlineRoutes, { licences });
  const external = createExternalCatalogue({ db: database.db, providers: createCatalogueProviders(config.catalogues) });
  await app.register(externalCatalogueRoutes, { external });
  await app.register(audioProxyRoutes, { settings: config.audioProxy, lookup: audioProxyLookup });
  await app.register(artistRoutes, { artists: createArtistQueries(database.db), external });
  await app.register(followRoutes, { queries: createFollowQueries(database.db), external });
  await app.register(albumRoutes, { albums: createAlbumQueries(database.db) });
  await app.register(placeholderRoutes);
  await app.register(playlistRoutes, { db: database.db, storage, writeVersion: database.writeVersion });
  const home = createHomeService({ songs, playlists: createPlaylistQueries(database.db), writeVersion: database.writeVersion });
  await app.register(homeRoutes, { home, writeVersion: database.writeVersion });
  await app.register(likeRoutes, { queries: createLikeQueries(database.db), writeVersion: database.writeVersion });
  await app.register(searchRoutes, { db: database.db, genericPlansDb: database.genericPlansDb, sources: createCatalogueSearchSources(external), writeVersion: database.writeVersion });
  await app.register(uploadRoutes, { db: database.db, storage, limits: config.uploadLimits, quotaBytes: config.uploadQuotaBytes });
  await app.register(supportRoutes, { db: database.db });
  await app.register(notificationRoutes, { notifications: createNotificationService(createNotificationQueries(database.db)) });
  await app.register(dataUsageRoutes, { queries: dataUsage, meter: dataMeter });
  await app.register(statsRoutes, { stats: createStatsQueries(database.db), writeVersion: database.writeVersion });
  await app.register(profileRoutes, {
    profile: createProfileService({
      queries: createProfileQueries(database.db),
      onUserChanged: forgetUser,
      confirmsEmail: addressesConfirmed,
      startEmailChange: addressesConfirmed ? emailAddress.startChange : undefined,
    }),
    rateLimit: config.authRateLimit,
  });

  // Built here for the app's logger; the job worker (jobs/background.ts) sends through app.mailer.
  const mailer = createMailer(config, app.log);
  app.decorate('mailer', mailer);
  if (mailer.mailbox) await app.register(devMailRoutes, { mailbox: mailer.mailbox });

  await registerWebApp(app, config.webDist ?? defaultWebDist, { auth, home });
  return app;
}
