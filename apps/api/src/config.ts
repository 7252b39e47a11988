// Environment → typed configuration (README, Configuration). parseConfig is pure; prepareDataDir creates the
// folders and the session secret the server needs on disk.
import { createHmac, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { DEFAULT_POOL_SIZE } from '@comptoir/db/client';
import { repoRoot } from '@comptoir/db/paths';
import { ENCODING_SETTINGS, type EncodingSetting } from '@comptoir/shared/imports/encoding';
import { IMPORT_LIMIT_DEFAULTS } from '@comptoir/shared/imports/kinds';
import { PAYMENT_PROVIDERS, type PaymentProviderName } from '@comptoir/shared/payment';
import { fieldErrors, frenchErrorMap, validationMessage } from '@comptoir/shared/validation';

const logLevels = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65_535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().optional(),
  DATABASE_URL: z.url({ protocol: /^postgres(ql)?$/ }).optional(),
  /** Connections each server process opens at most to DATABASE_URL. */
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(DEFAULT_POOL_SIZE),
  /** Server processes sharing the port (node:cluster); more than one needs DATABASE_URL. */
  WORKERS: z.coerce.number().int().min(1).max(64).default(1),
  /** '1' (default): the embedded PGlite runs in a worker thread of its own; '0': on the main thread. */
  PGLITE_THREAD: z.enum(['0', '1']).default('1'),
  /** Seconds between two vacuum-and-analyze passes on PGlite, which has no autovacuum of its own. */
  PGLITE_MAINTENANCE_SECONDS: z.coerce.number().int().min(1).max(86_400).default(60),
  FILES_DIR: z.string().optional(),
  SESSION_SECRET: z.string().min(32).optional(),
  DEMO_DATA: z.enum(['0', '1']).default('1'),
  ADMIN_LOGIN: z.string().trim().min(1).default('admin'),
  ADMIN_PASSWORD: z.string().min(1).optional(),
  LOG_LEVEL: z.enum(logLevels).default('info'),
  WEB_DIST: z.string().optional(),
  /** 'auto': Secure cookie when the request came over https (see TRUST_PROXY behind a proxy). */
  COOKIE_SECURE: z.enum(['auto', '0', '1']).default('auto'),
  /**
   * How many reverse proxies stand in front of the server ('1': one, e.g. nginx), each appending the
   * address it received from to X-Forwarded-For. '0': none, the headers are ignored.
   */
  TRUST_PROXY: z.enum(['0', '1', '2', '3']).default('0'),
  /** smtp(s)://user:password@host:port: mails go there; unset, they are written to DATA_DIR/mails. */
  SMTP_URL: z.url({ protocol: /^smtps?$/ }).optional(),
  MAIL_FROM: z.string().trim().min(3).default('Comptoir <ne-pas-repondre@comptoir.local>'),
  /** Seconds between two looks at the mail outbox for mails due again; 0: only when a mail is queued. */
  MAIL_POLL_SECONDS: z.coerce.number().int().min(0).max(3600).default(15),
  /** Hours after which a mail that could not be sent is given up (failed). */
  MAIL_GIVE_UP_HOURS: z.coerce.number().int().min(1).max(720).default(24),
  /** The shop's name in mails. */
  SHOP_NAME: z.string().trim().min(1).max(100).default('Comptoir'),
  /** The storefront's address as customers reach it, for the links in mails. */
  PUBLIC_URL: z.url({ protocol: /^https?$/ }).optional(),
  /** How often the ERP drop folder is looked at, in ms; 0: never (uploads still import). */
  IMPORT_POLL_MS: z.coerce.number().int().min(0).max(3_600_000).default(2000),
  /** After how long without a sign of life an import is taken for dead and its file requeued, in ms. */
  IMPORT_STALE_MS: z.coerce.number().int().min(1000).max(86_400_000).default(30_000),
  /** The ERP's CSV encoding: 'auto' (detected per file), 'utf-8' or 'windows-1252' (docs/import-erp.md). */
  IMPORT_ENCODING: z.enum(ENCODING_SETTINGS).default('auto'),
  /** The bounds of an ERP file (docs/import-erp.md, Limits): a CSV record, in bytes… */
  IMPORT_MAX_LINE_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .max(256 * 1024 ** 2)
    .default(IMPORT_LIMIT_DEFAULTS.maxLineBytes),
  /** …a CSV file or a ZIP entry once inflated, in bytes… */
  IMPORT_MAX_ENTRY_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .max(64 * 1024 ** 4)
    .default(IMPORT_LIMIT_DEFAULTS.maxEntryBytes),
  /** …and a ZIP entry's inflated size over its compressed size. */
  IMPORT_MAX_ZIP_RATIO: z.coerce.number().min(2).max(100_000).default(IMPORT_LIMIT_DEFAULTS.maxZipRatio),
  /** The card payment provider: 'test' (the shipped hosted test page) or 'stripe' (Stripe Checkout). */
  PAYMENT_PROVIDER: z.enum(PAYMENT_PROVIDERS).default('test'),
  /** The test provider's signing secret; unset, one derived from the session secret. */
  TEST_PAYMENT_SECRET: z.string().min(32).optional(),
  /** Stripe's secret API key (sk_live_… or sk_test_…), required with PAYMENT_PROVIDER=stripe. */
  STRIPE_SECRET_KEY: z.string().startsWith('sk_').optional(),
  /** The signing secret of the Stripe webhook endpoint (whsec_…), required with PAYMENT_PROVIDER=stripe. */
  STRIPE_WEBHOOK_SECRET: z.string().startsWith('whsec_').optional(),
});

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  /** PostgreSQL server; when absent, PGlite runs in pgliteDir. */
  databaseUrl: string | undefined;
  /** Connections each process opens at most to databaseUrl (DATABASE_POOL_SIZE). */
  databasePoolSize: number;
  /** Server processes sharing the port (WORKERS; 1: this process serves alone). */
  workers: number;
  pgliteDir: string;
  /** PGlite in a worker thread (PGLITE_THREAD). */
  pgliteThread: boolean;
  /** Period of PGlite's vacuum and analyze passes, in ms (PGLITE_MAINTENANCE_SECONDS). */
  pgliteMaintenanceMs: number;
  filesDir: string;
  /** The ERP drop folder. */
  importsDir: string;
  exportsDir: string;
  /** Invoices and delivery notes (PDF) of orders. */
  documentsDir: string;
  logosDir: string;
  /** Article photographs the ERP names (docs/contract/catalogue-and-product-pages.md, Article pictures). */
  imagesDir: string;
  /** Their resized copies; safe to empty at any time. */
  imageCacheDir: string;
  /** Keys the session-id hash; the same value on every instance sharing a database. */
  sessionSecret: string;
  demoData: boolean;
  adminLogin: string;
  adminPassword: string | undefined;
  logLevel: (typeof logLevels)[number];
  webDist: string;
  /**
   * The server's renderer of the storefront for visitors (apps/web/src/entry-server.tsx, built beside
   * the web app into dist-ssr/); without it every page gets index.html as it is.
   */
  webRenderer: string;
  cookieSecure: 'auto' | boolean;
  /**
   * Proxies trusted in front of the server (0: none). The client is the address the farthest trusted
   * proxy received from, so that an X-Forwarded-For made up by the client is never believed.
   */
  trustProxy: number;
  smtpUrl: string | undefined;
  /** Where mails are written as .eml files when there is no SMTP_URL. */
  mailsDir: string;
  mailFrom: string;
  /** Outbox polling period in ms (MAIL_POLL_SECONDS; 0: off). */
  mailPollMs: number;
  /** A mail unsent this long after it was queued is given up (MAIL_GIVE_UP_HOURS), in ms. */
  mailGiveUpMs: number;
  shopName: string;
  /** Without a trailing slash. */
  publicUrl: string;
  /** Drop folder polling period in ms (0: off). */
  importPollMs: number;
  /** An import silent for this long (ms) is dead: its file goes back to the queue. */
  importStaleMs: number;
  /** The ERP files' encoding, or 'auto' to detect it per file (IMPORT_ENCODING). */
  importEncoding: EncodingSetting;
  /** The bounds of an ERP file. */
  importLimits: { maxLineBytes: number; maxEntryBytes: number; maxZipRatio: number };
  paymentProvider: PaymentProviderName;
  /** Empty until prepareDataDir: then TEST_PAYMENT_SECRET, or derived from the session secret. */
  testPaymentSecret: string;
  stripe: { secretKey: string; webhookSecret: string } | null;
}

export class ConfigError extends Error {}

/**
 * Reads the environment. Relative paths are resolved from the directory npm was started in
 * (INIT_CWD: `npm start` runs in apps/api), else from the current directory; defaults are in the
 * repository. SESSION_SECRET, when unset, is read from DATA_DIR/session-secret by prepareDataDir.
 */
export function parseConfig(env: NodeJS.ProcessEnv = process.env): Config {
  // An empty variable counts as unset, as shells and .env files often leave them.
  const present = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== ''));
  const parsed = envSchema.safeParse(present, { error: frenchErrorMap });
  if (!parsed.success) throw new ConfigError(validationMessage('config', fieldErrors(parsed.error)));
  const e = parsed.data;
  if (e.WORKERS > 1 && !e.DATABASE_URL)
    throw new ConfigError(
      'config : WORKERS supérieur à 1 demande DATABASE_URL (la base embarquée ne s’ouvre que dans un processus)',
    );
  if (e.PAYMENT_PROVIDER === 'stripe' && (!e.STRIPE_SECRET_KEY || !e.STRIPE_WEBHOOK_SECRET))
    throw new ConfigError(
      'config : PAYMENT_PROVIDER=stripe demande STRIPE_SECRET_KEY et STRIPE_WEBHOOK_SECRET',
    );
  const base = env.INIT_CWD || process.cwd();
  const resolve = (value: string | undefined, fallback: string) =>
    value ? path.resolve(base, value) : fallback;
  const dataDir = resolve(e.DATA_DIR, path.join(repoRoot, 'data'));
  const filesDir = resolve(e.FILES_DIR, path.join(dataDir, 'files'));
  const webDist = resolve(e.WEB_DIST, path.join(repoRoot, 'apps/web/dist'));
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir,
    databaseUrl: e.DATABASE_URL,
    databasePoolSize: e.DATABASE_POOL_SIZE,
    workers: e.WORKERS,
    pgliteDir: path.join(dataDir, 'db'),
    pgliteThread: e.PGLITE_THREAD === '1',
    pgliteMaintenanceMs: e.PGLITE_MAINTENANCE_SECONDS * 1000,
    filesDir,
    importsDir: path.join(filesDir, 'imports'),
    exportsDir: path.join(filesDir, 'exports'),
    documentsDir: path.join(filesDir, 'documents'),
    logosDir: path.join(filesDir, 'logos'),
    imagesDir: path.join(filesDir, 'images'),
    imageCacheDir: path.join(filesDir, 'cache', 'images'),
    sessionSecret: e.SESSION_SECRET ?? '',
    demoData: e.DEMO_DATA === '1',
    adminLogin: e.ADMIN_LOGIN,
    adminPassword: e.ADMIN_PASSWORD,
    logLevel: e.LOG_LEVEL,
    webDist,
    webRenderer: path.join(path.dirname(webDist), 'dist-ssr', 'entry-server.js'),
    cookieSecure: e.COOKIE_SECURE === 'auto' ? 'auto' : e.COOKIE_SECURE === '1',
    trustProxy: Number(e.TRUST_PROXY),
    smtpUrl: e.SMTP_URL,
    mailsDir: path.join(dataDir, 'mails'),
    mailFrom: e.MAIL_FROM,
    mailPollMs: e.MAIL_POLL_SECONDS * 1000,
    mailGiveUpMs: e.MAIL_GIVE_UP_HOURS * 3_600_000,
    shopName: e.SHOP_NAME,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, ''),
    importPollMs: e.IMPORT_POLL_MS,
    importStaleMs: e.IMPORT_STALE_MS,
    importEncoding: e.IMPORT_ENCODING,
    importLimits: {
      maxLineBytes: e.IMPORT_MAX_LINE_BYTES,
      maxEntryBytes: e.IMPORT_MAX_ENTRY_BYTES,
      maxZipRatio: e.IMPORT_MAX_ZIP_RATIO,
    },
    paymentProvider: e.PAYMENT_PROVIDER,
    testPaymentSecret: e.TEST_PAYMENT_SECRET ?? '',
    stripe:
      e.STRIPE_SECRET_KEY && e.STRIPE_WEBHOOK_SECRET
        ? { secretKey: e.STRIPE_SECRET_KEY, webhookSecret: e.STRIPE_WEBHOOK_SECRET }
        : null,
  };
}

/** Creates DATA_DIR and the file folders, and fills sessionSecret from DATA_DIR/session-secret. */
export function prepareDataDir(config: Config): Config {
  for (const dir of [
    config.dataDir,
    config.importsDir,
    config.exportsDir,
    config.documentsDir,
    config.logosDir,
    config.imagesDir,
    config.mailsDir,
  ]) {
    fs.mkdirSync(dir, { recursive: true });
  }
  if (config.sessionSecret) return withTestPaymentSecret(config);
  const secretFile = path.join(config.dataDir, 'session-secret');
  if (!fs.existsSync(secretFile)) {
    // 'wx' fails if another process wrote it meanwhile; the read below then picks up theirs.
    try {
      fs.writeFileSync(secretFile, randomBytes(32).toString('base64url'), { flag: 'wx', mode: 0o600 });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
  }
  return withTestPaymentSecret({ ...config, sessionSecret: fs.readFileSync(secretFile, 'utf8').trim() });
}

/** The test provider signs with a secret of its own: given, or derived (one-way) from the session secret. */
function withTestPaymentSecret(config: Config): Config {
  if (config.testPaymentSecret) return config;
  const derived = createHmac('sha256', config.sessionSecret)
    .update('comptoir-test-payment')
    .digest('base64url');
  return { ...config, testPaymentSecret: derived };
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  return prepareDataDir(parseConfig(env));
}
