import os from 'node:os';
import path from 'node:path';
import { DEFAULT_MAX_AUDIO_BYTES, DEFAULT_MAX_COVER_BYTES, PRODUCT_NAME } from '@kora/contracts';
import { z } from 'zod';
import { parseTrustedAddress } from './features/audio-proxy/address-policy.js';
import { parseAllowedHost } from './features/audio-proxy/host-allow-list.js';

const MEGABYTE = 1024 * 1024;

const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((value) => value === 'true' || value === '1' || value === 'yes');

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  HOST: z.string().min(1).default('0.0.0.0'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z.string().url().optional(),
  SEED: z.enum(['demo', 'none']).default('demo'),
  PUBLIC_ORIGIN: z.url({ protocol: /^https?$/, error: 'must be an http:// or https:// origin' }).optional(),
  TRUST_PROXY: bool.default(false),
  SESSION_TTL_DAYS: z.coerce.number().int().min(1).max(365).default(30),
  AUTH_RATE_LIMIT_MAX: z.coerce.number().int().min(1).default(10),
  AUTH_RATE_LIMIT_WINDOW_MS: z.coerce.number().int().min(1000).default(60_000),
  REDIS_URL: z.string().url().optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  METRICS_TOKEN: z.string().min(16, 'must be at least 16 characters').optional(),
  METRICS_PORT: z.coerce.number().int().min(1).max(65535).optional(),
  WEB_DIST: z.string().optional(),
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(0).default(10_000),
  SHUTDOWN_DRAIN_MS: z.coerce.number().int().min(0).max(600_000).default(0),
  // Megabytes; at most 2,000 because a song's size is a 32-bit column.
  UPLOAD_MAX_AUDIO_MB: z.coerce.number().positive().max(2000).default(DEFAULT_MAX_AUDIO_BYTES / MEGABYTE),
  UPLOAD_MAX_COVER_MB: z.coerce.number().positive().max(100).default(DEFAULT_MAX_COVER_BYTES / MEGABYTE),
  JOBS_ENABLED: bool.default(true),
  LISTEN_AFTER_BACKFILL: bool.default(false),
  JOB_CONCURRENCY: z.coerce.number().int().min(1).max(256).optional(),
  JOB_LEASE_SECONDS: z.coerce.number().int().min(1).max(3600).default(60),
  ORPHAN_GRACE_MINUTES: z.coerce.number().min(0).default(60),
  MEDIA_OFFLOAD: z.enum(['none', 'nginx']).default('none'),
  S3_BUCKET: z.string().min(1).optional(),
  S3_REGION: z.string().min(1).default('us-east-1'),
  S3_ENDPOINT: z.url({ protocol: /^https?$/ }).optional(),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  S3_FORCE_PATH_STYLE: bool.default(false),
  DEEZER_ENABLED: bool.default(true),
  DEEZER_API_URL: z.url({ protocol: /^https?$/ }).default('https://api.deezer.com'),
  AUDIO_PROXY_ALLOWED_HOSTS: z.string().default('*.dzcdn.net'),
  AUDIO_PROXY_TRUSTED_ADDRESSES: z.string().default(''),
  AUDIO_PROXY_CA_FILE: z.string().min(1).optional(),
  AUDIO_PROXY_MAX_MB: z.coerce.number().positive().max(200).default(20),
  AUDIO_PROXY_TIMEOUT_MS: z.coerce.number().int().min(1000).max(600_000).default(60_000),
  UPLOAD_QUOTA_MB: z.coerce.number().positive().default(2048),
  REJECTED_MEDIA_GRACE_DAYS: z.coerce.number().min(0).default(14),
  HEADERS_TIMEOUT_MS: z.coerce.number().int().min(1000).default(30_000),
  KEEP_ALIVE_TIMEOUT_MS: z.coerce.number().int().min(1000).default(72_000),
  BODY_IDLE_TIMEOUT_MS: z.coerce.number().int().min(1000).default(60_000),
  REQUEST_TIMEOUT_MS: z.coerce.number().int().min(1000).default(3 * 60 * 60 * 1000),
  PAYSTACK_API_URL: z.url({ protocol: /^https?$/ }).default('https://api.paystack.co'),
  PAYSTACK_SECRET_KEY: z.string().regex(/^sk_(test|live)_\w+$/, 'must be a Paystack secret key (sk_test_… or sk_live_…)').optional(),
  BUSINESS_NAME: z.string().trim().min(1).max(200).default('Kora'),
  SMTP_URL: z.url({ protocol: /^smtps?$/, error: 'must be an smtp:// or smtps:// URL' }).optional(),
  MAIL_FROM: z.string().trim().min(1).optional(),
});

export type S3Settings = {
  bucket: string;
  region: string;
  /** An S3-compatible service (MinIO, R2…); absent means AWS itself. */
  endpoint: string | undefined;
  /** Absent means the AWS SDK's default chain (AWS_* variables, profile, instance role). */
  credentials: { accessKeyId: string; secretAccessKey: string } | undefined;
  /** `host/bucket/key` addresses instead of `bucket.host/key`, as most self-hosted stores need. */
  forcePathStyle: boolean;
};

export type Config = {
  env: 'development' | 'production' | 'test';
  host: string;
  port: number;
  dataDir: string;
  /** PostgreSQL server; absent means embedded PGlite under dataDir/db. */
  databaseUrl: string | undefined;
  seed: 'demo' | 'none';
  /** Origins allowed to send state-changing requests besides the request's own host. */
  publicOrigin: string | undefined;
  /**
   * The origin of the links Kora e-mails (a password reset, an address confirmation): PUBLIC_ORIGIN,
   * else, outside production, this machine's app (Vite's under npm run dev). Never a request's Host.
   */
  linkOrigin: string;
  trustProxy: boolean;
  sessionTtlMs: number;
  authRateLimit: { max: number; windowMs: number };
  redisUrl: string | undefined;
  logLevel: string;
  /**
   * The Prometheus endpoint (features/metrics): `GET /metrics` on the main port for a bearer of `token`,
   * and on its own listener at `port` (same host) without one. Neither set: no endpoint at all.
   */
  metrics: { token: string | undefined; port: number | undefined };
  /** Built SPA to serve; absent or missing folder means API only. */
  webDist: string | undefined;
  shutdownTimeoutMs: number;
  /** How long a SIGTERM'd process answers 'draining' to readiness checks while still serving, before it closes. */
  shutdownDrainMs: number;
  /** 'nginx': stored media is sent by nginx in front (X-Accel-Redirect to deploy/nginx/kora.conf's internal locations). */
  mediaOffload: 'none' | 'nginx';
  /** Largest audio file and cover image one upload may send (each file on its own). */
  uploadLimits: { maxAudioBytes: number; maxCoverBytes: number };
  /** Stored bytes one listener's uploads may take in all. */
  uploadQuotaBytes: number;
  /** A rejected release's media is deleted once it has been rejected this long. */
  rejectedMediaGraceMs: number;
  /**
   * Bounds on how long a client may hold a socket: the request head, an idle keep-alive socket,
   * a request body that stops sending, and a whole request (a 200 MB upload on a slow link included).
   */
  timeouts: { headersMs: number; keepAliveMs: number; bodyIdleMs: number; requestMs: number };
  /** Background jobs of this process (jobs/worker.ts); several processes may run them on one PostgreSQL database. */
  jobs: { enabled: boolean; concurrency: number; leaseMs: number };
  /**
   * Answer requests only once the start-up backfill's transcoding is done: test and benchmark runs
   * start on a ready catalogue instead of racing ffmpeg for the CPU.
   */
  listenAfterBackfill: boolean;
  /** Stored objects no row refers to are deleted at start once they are this old (jobs/orphan-sweep.ts). */
  orphanGraceMs: number;
  /** S3-compatible object storage for media; absent means the local folder dataDir/media. */
  s3: S3Settings | undefined;
  /** External catalogues to ask (providers/registry.ts); a catalogue that is absent is never asked. */
  catalogues: { deezer: { apiUrl: string } | undefined };
  audioProxy: AudioProxySettings;
  /** Payments: Paystack when its secret key is set, else none (Upgrade keeps the local pending-charge flow). */
  payments: { paystack: PaystackSettings | undefined; businessName: string };
  mail: MailSettings;
};

/** E-mail (features/mail): sent through SMTP when smtpUrl is set, else written to the log. */
export type MailSettings = {
  /** `smtp://user:pass@host:587` or `smtps://…:465`; absent means e-mails are logged, not sent. */
  smtpUrl: string | undefined;
  /** The From of every e-mail. */
  from: { address: string; name: string };
  /** Keep the last e-mails for the /dev/mail page: development without SMTP only. */
  devMailPage: boolean;
};

export type PaystackSettings = {
  /** Base URL of Paystack's API (the tests point it at a local stand-in). */
  apiUrl: string;
  /** Authenticates Kora's calls and signs Paystack's webhooks. */
  secretKey: string;
};

export type AudioProxySettings = {
  /** Media hosts previews may come from: `host`, `*.domain` (any subdomain), each optionally `:port` (else 443 only). */
  allowedHosts: string[];
  /**
   * Addresses (IPs or CIDR ranges) exempt from the refusal of loopback, private and link-local
   * addresses: a catalogue mirror on a private network, or a test's stand-in. Empty by default.
   */
  trustedAddresses: string[];
  /** Extra certificate authorities (PEM file) to trust for the media hosts, besides the system's. */
  caFile: string | undefined;
  /** Largest preview the proxy relays; beyond it the stream is cut. */
  maxBytes: number;
  /** Longest a relayed stream may take, from request to last byte. */
  timeoutMs: number;
};

export class ConfigError extends Error {}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  // Empty strings in the environment mean "unset", as in most deployment tools.
  const present = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== ''));
  const parsed = envSchema.safeParse(present);
  const problems = [
    ...(parsed.success ? [] : parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`)),
    ...s3SettingProblems(present),
    ...audioProxySettingProblems(present),
    ...mailSettingProblems(present),
    ...linkOriginProblems(present),
    ...(parsed.success && parsed.data.METRICS_PORT === parsed.data.PORT ? ['METRICS_PORT: must differ from PORT'] : []),
    ...(parsed.success && parsed.data.LISTEN_AFTER_BACKFILL && !parsed.data.JOBS_ENABLED
      ? ['LISTEN_AFTER_BACKFILL: needs JOBS_ENABLED, or the backfill it waits for never runs']
      : []),
  ];
  if (!parsed.success || problems.length > 0) {
    throw new ConfigError(`Invalid settings:\n  ${problems.join('\n  ')}`);
  }
  const e = parsed.data;
  return {
    env: e.NODE_ENV,
    host: e.HOST,
    port: e.PORT,
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    seed: e.SEED,
    publicOrigin: e.PUBLIC_ORIGIN ? new URL(e.PUBLIC_ORIGIN).origin : undefined,
    linkOrigin: e.PUBLIC_ORIGIN ? new URL(e.PUBLIC_ORIGIN).origin : defaultLinkOrigin(e.NODE_ENV, e.PORT),
    trustProxy: e.TRUST_PROXY,
    sessionTtlMs: e.SESSION_TTL_DAYS * 24 * 60 * 60 * 1000,
    authRateLimit: { max: e.AUTH_RATE_LIMIT_MAX, windowMs: e.AUTH_RATE_LIMIT_WINDOW_MS },
    redisUrl: e.REDIS_URL,
    logLevel: e.LOG_LEVEL,
    metrics: { token: e.METRICS_TOKEN, port: e.METRICS_PORT },
    webDist: e.WEB_DIST ? path.resolve(e.WEB_DIST) : undefined,
    shutdownTimeoutMs: e.SHUTDOWN_TIMEOUT_MS,
    shutdownDrainMs: e.SHUTDOWN_DRAIN_MS,
    mediaOffload: e.MEDIA_OFFLOAD,
    uploadLimits: {
      maxAudioBytes: Math.round(e.UPLOAD_MAX_AUDIO_MB * MEGABYTE),
      maxCoverBytes: Math.round(e.UPLOAD_MAX_COVER_MB * MEGABYTE),
    },
    uploadQuotaBytes: Math.round(e.UPLOAD_QUOTA_MB * MEGABYTE),
    rejectedMediaGraceMs: e.REJECTED_MEDIA_GRACE_DAYS * 24 * 60 * 60 * 1000,
    timeouts: {
      headersMs: e.HEADERS_TIMEOUT_MS,
      keepAliveMs: e.KEEP_ALIVE_TIMEOUT_MS,
      bodyIdleMs: e.BODY_IDLE_TIMEOUT_MS,
      requestMs: e.REQUEST_TIMEOUT_MS,
    },
    // One ffmpeg per job: by default one per core, so transcoding never starves the API of every core.
    jobs: { enabled: e.JOBS_ENABLED, concurrency: e.JOB_CONCURRENCY ?? os.availableParallelism(), leaseMs: e.JOB_LEASE_SECONDS * 1000 },
    listenAfterBackfill: e.LISTEN_AFTER_BACKFILL,
    orphanGraceMs: e.ORPHAN_GRACE_MINUTES * 60_000,
    s3: e.S3_BUCKET
      ? {
          bucket: e.S3_BUCKET,
          region: e.S3_REGION,
          endpoint: e.S3_ENDPOINT,
          credentials:
            e.S3_ACCESS_KEY_ID && e.S3_SECRET_ACCESS_KEY
              ? { accessKeyId: e.S3_ACCESS_KEY_ID, secretAccessKey: e.S3_SECRET_ACCESS_KEY }
              : undefined,
          forcePathStyle: e.S3_FORCE_PATH_STYLE,
        }
      : undefined,
    catalogues: { deezer: e.DEEZER_ENABLED ? { apiUrl: e.DEEZER_API_URL.replace(/\/+$/, '') } : undefined },
    audioProxy: {
      allowedHosts: list(e.AUDIO_PROXY_ALLOWED_HOSTS),
      trustedAddresses: list(e.AUDIO_PROXY_TRUSTED_ADDRESSES),
      caFile: e.AUDIO_PROXY_CA_FILE,
      maxBytes: Math.round(e.AUDIO_PROXY_MAX_MB * MEGABYTE),
      timeoutMs: e.AUDIO_PROXY_TIMEOUT_MS,
    },
    payments: {
      paystack: e.PAYSTACK_SECRET_KEY ? { apiUrl: e.PAYSTACK_API_URL.replace(/\/+$/, ''), secretKey: e.PAYSTACK_SECRET_KEY } : undefined,
      businessName: e.BUSINESS_NAME,
    },
    mail: {
      smtpUrl: e.SMTP_URL,
      from: e.MAIL_FROM ? parseMailFrom(e.MAIL_FROM)! : DEFAULT_MAIL_FROM,
      devMailPage: e.NODE_ENV === 'development' && !e.SMTP_URL,
    },
  };
}

// Only ever seen in the log and on /dev/mail: a real server is given its own MAIL_FROM.
const DEFAULT_MAIL_FROM = { address: 'no-reply@kora.invalid', name: PRODUCT_NAME };

/** `Name <address>` or a bare address (then named after the product); undefined when it is neither. */
function parseMailFrom(value: string): { address: string; name: string } | undefined {
  const match = /^(?:(.*?)\s*<([^<>]+)>|([^<>\s]+))$/.exec(value.trim());
  const address = (match?.[2] ?? match?.[3])?.trim().toLowerCase();
  if (!address || !z.email().safeParse(address).success) return undefined;
  const name = match?.[1]?.replace(/^"(.*)"$/, '$1').trim();
  // A header value: one line, without the characters that would end a quoted name or start another address.
  if (name !== undefined && /[\p{Cc}"\\<>]/u.test(name)) return undefined;
  return { address, name: name || PRODUCT_NAME };
}

/** A real SMTP server needs a real sender: the default one would be refused or marked as spam. */
function mailSettingProblems(env: Record<string, string | undefined>): string[] {
  if (env.MAIL_FROM && !parseMailFrom(env.MAIL_FROM)) return ['MAIL_FROM: must be an address, or a name and an address as `Kora <no-reply@kora.example>`'];
  if (env.SMTP_URL && !env.MAIL_FROM) return ['MAIL_FROM: needed with SMTP_URL (the sender of every e-mail, as `Kora <no-reply@kora.example>`)'];
  return [];
}

/** `npm run dev` serves the app from Vite (web/vite.config.ts); elsewhere the server serves it itself. */
const DEV_WEB_ORIGIN = 'http://localhost:5173';

function defaultLinkOrigin(env: Config['env'], port: number): string {
  return env === 'development' ? DEV_WEB_ORIGIN : `http://localhost:${port}`;
}

/**
 * A server that e-mails links must know its public address: a guessed one would send listeners
 * links that lead nowhere, and the request's Host cannot be trusted to build them (anyone can
 * write it, and a forged one would put another site in a reset e-mail).
 */
function linkOriginProblems(env: Record<string, string | undefined>): string[] {
  const production = (env.NODE_ENV ?? 'production') === 'production';
  if (production && env.SMTP_URL && !env.PUBLIC_ORIGIN) {
    return ['PUBLIC_ORIGIN: needed with SMTP_URL in production (the links in e-mails lead there, as `https://kora.example`)'];
  }
  return [];
}

function list(value: string): string[] {
  return value
    .split(',')
    .map((entry) => entry.trim().toLowerCase())
    .filter((entry) => entry !== '');
}

/**
 * The audio proxy's lists are parsed now, so a typo stops the start with its reason instead of
 * quietly refusing every preview (or trusting more than was meant).
 */
function audioProxySettingProblems(env: Record<string, string | undefined>): string[] {
  const problemsOf = (name: string, parse: (entry: string) => unknown) =>
    list(env[name] ?? '').flatMap((entry) => {
      try {
        parse(entry);
        return [];
      } catch (error) {
        return [`${name}: ${(error as Error).message}`];
      }
    });
  return [...problemsOf('AUDIO_PROXY_ALLOWED_HOSTS', parseAllowedHost), ...problemsOf('AUDIO_PROXY_TRUSTED_ADDRESSES', parseTrustedAddress)];
}

/**
 * S3 settings that only make sense together: without S3_BUCKET the others would be silently
 * ignored and media written to the local folder; half a key pair would fall back to other
 * credentials.
 */
function s3SettingProblems(env: Record<string, string | undefined>): string[] {
  const others = ['S3_REGION', 'S3_ENDPOINT', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY', 'S3_FORCE_PATH_STYLE'].filter((name) => env[name]);
  if (!env.S3_BUCKET) {
    return others.length > 0 ? [`S3_BUCKET: needed to use S3 storage (${others.join(', ')} ${others.length > 1 ? 'are' : 'is'} set)`] : [];
  }
  const id = Boolean(env.S3_ACCESS_KEY_ID);
  const secret = Boolean(env.S3_SECRET_ACCESS_KEY);
  if (id && !secret) return ['S3_SECRET_ACCESS_KEY: needed with S3_ACCESS_KEY_ID (set both, or neither to use the AWS default credentials)'];
  if (secret && !id) return ['S3_ACCESS_KEY_ID: needed with S3_SECRET_ACCESS_KEY (set both, or neither to use the AWS default credentials)'];
  return [];
}
