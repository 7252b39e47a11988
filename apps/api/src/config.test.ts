import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { repoRoot } from '@comptoir/db/paths';
import { ConfigError, parseConfig, prepareDataDir } from './config';

describe('parseConfig', () => {
  it('has the defaults listed in docs/configuration.md', () => {
    const config = parseConfig({});
    expect(config).toMatchObject({
      port: 3000,
      host: '0.0.0.0',
      dataDir: path.join(repoRoot, 'data'),
      databaseUrl: undefined,
      databasePoolSize: 10,
      pgliteDir: path.join(repoRoot, 'data/db'),
      filesDir: path.join(repoRoot, 'data/files'),
      importsDir: path.join(repoRoot, 'data/files/imports'),
      exportsDir: path.join(repoRoot, 'data/files/exports'),
      logosDir: path.join(repoRoot, 'data/files/logos'),
      imagesDir: path.join(repoRoot, 'data/files/images'),
      imageCacheDir: path.join(repoRoot, 'data/files/cache/images'),
      demoData: true,
      adminLogin: 'admin',
      adminPassword: undefined,
      logLevel: 'info',
      webDist: path.join(repoRoot, 'apps/web/dist'),
      webRenderer: path.join(repoRoot, 'apps/web/dist-ssr/entry-server.js'),
      cookieSecure: 'auto',
      trustProxy: 0,
      smtpUrl: undefined,
      mailsDir: path.join(repoRoot, 'data/mails'),
      mailFrom: 'Comptoir <ne-pas-repondre@comptoir.local>',
      shopName: 'Comptoir',
      publicUrl: 'http://localhost:3000',
      importPollMs: 2000,
      importStaleMs: 30_000,
      importEncoding: 'auto',
      importLimits: { maxLineBytes: 1_048_576, maxEntryBytes: 2 * 1024 ** 3, maxZipRatio: 200 },
      pgliteMaintenanceMs: 60_000,
    });
  });

  it('reads the ERP files’ declared encoding, and refuses an unknown one', () => {
    expect(parseConfig({ IMPORT_ENCODING: 'windows-1252' }).importEncoding).toBe('windows-1252');
    expect(parseConfig({ IMPORT_ENCODING: 'utf-8' }).importEncoding).toBe('utf-8');
    expect(() => parseConfig({ IMPORT_ENCODING: 'latin9' })).toThrow(ConfigError);
  });

  it('reads the mail settings', () => {
    const config = parseConfig({
      SMTP_URL: 'smtp://boutique:secret@mail.example.fr:587',
      MAIL_FROM: 'Négoce Martin <commandes@martin.fr>',
      SHOP_NAME: 'Négoce Martin',
      PUBLIC_URL: 'https://boutique.martin.fr/',
    });
    expect(config).toMatchObject({
      smtpUrl: 'smtp://boutique:secret@mail.example.fr:587',
      mailFrom: 'Négoce Martin <commandes@martin.fr>',
      shopName: 'Négoce Martin',
      publicUrl: 'https://boutique.martin.fr',
    });
    expect(() => parseConfig({ SMTP_URL: 'http://mail.example.fr' })).toThrow(ConfigError);
  });

  it('reads every variable, relative paths from where npm was started', () => {
    const config = parseConfig({
      INIT_CWD: '/srv/comptoir',
      PORT: '8080',
      HOST: '127.0.0.1',
      DATA_DIR: 'donnees',
      FILES_DIR: '/mnt/fichiers',
      DATABASE_URL: 'postgres://u@db:5432/comptoir',
      SESSION_SECRET: 'x'.repeat(40),
      DEMO_DATA: '0',
      ADMIN_LOGIN: 'chef',
      ADMIN_PASSWORD: 'secret',
      LOG_LEVEL: 'warn',
      WEB_DIST: 'web',
      COOKIE_SECURE: '1',
      TRUST_PROXY: '1',
      IMPORT_POLL_MS: '500',
      IMPORT_STALE_MS: '5000',
      IMPORT_MAX_LINE_BYTES: '65536',
      IMPORT_MAX_ENTRY_BYTES: '1000000',
      IMPORT_MAX_ZIP_RATIO: '50',
      PGLITE_MAINTENANCE_SECONDS: '5',
    });
    expect(config).toMatchObject({
      port: 8080,
      host: '127.0.0.1',
      dataDir: '/srv/comptoir/donnees',
      pgliteDir: '/srv/comptoir/donnees/db',
      filesDir: '/mnt/fichiers',
      importsDir: '/mnt/fichiers/imports',
      databaseUrl: 'postgres://u@db:5432/comptoir',
      sessionSecret: 'x'.repeat(40),
      demoData: false,
      adminLogin: 'chef',
      adminPassword: 'secret',
      logLevel: 'warn',
      webDist: '/srv/comptoir/web',
      webRenderer: '/srv/comptoir/dist-ssr/entry-server.js',
      cookieSecure: true,
      trustProxy: 1,
      importPollMs: 500,
      importStaleMs: 5000,
      importLimits: { maxLineBytes: 65_536, maxEntryBytes: 1_000_000, maxZipRatio: 50 },
      pgliteMaintenanceMs: 5000,
    });
  });

  it('treats empty variables as unset', () => {
    expect(parseConfig({ PORT: '', DATABASE_URL: '' })).toMatchObject({ port: 3000, databaseUrl: undefined });
  });

  it('explains a bad variable in French', () => {
    expect(() => parseConfig({ PORT: 'trois-mille' })).toThrow(
      new ConfigError('Variable « PORT » invalide : nombre attendu'),
    );
    expect(() => parseConfig({ DEMO_DATA: 'oui' })).toThrow(
      'Variable « DEMO_DATA » invalide : valeur attendue parmi : 0, 1',
    );
    expect(() => parseConfig({ DATABASE_URL: 'mysql://x' })).toThrow(/« DATABASE_URL »/);
  });

  it('runs several server processes only on a PostgreSQL server', () => {
    expect(parseConfig({}).workers).toBe(1);
    expect(parseConfig({ WORKERS: '2', DATABASE_URL: 'postgres://u@h:5432/b' }).workers).toBe(2);
    expect(() => parseConfig({ WORKERS: '2' })).toThrow(
      new ConfigError(
        'config : WORKERS supérieur à 1 demande DATABASE_URL (la base embarquée ne s’ouvre que dans un processus)',
      ),
    );
    expect(() => parseConfig({ WORKERS: '0' })).toThrow(/« WORKERS »/);
  });
});

describe('prepareDataDir', () => {
  it('creates the folders and keeps one generated session secret', () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'comptoir-config-'));
    try {
      const first = prepareDataDir(parseConfig({ DATA_DIR: dataDir }));
      for (const sub of ['files/imports', 'files/exports', 'files/logos'])
        expect(fs.statSync(path.join(dataDir, sub)).isDirectory()).toBe(true);
      expect(first.sessionSecret).toMatch(/^[\w-]{43}$/);
      expect(fs.statSync(path.join(dataDir, 'session-secret')).mode & 0o777).toBe(0o600);
      expect(prepareDataDir(parseConfig({ DATA_DIR: dataDir })).sessionSecret).toBe(first.sessionSecret);
      // An explicit SESSION_SECRET wins.
      expect(
        prepareDataDir(parseConfig({ DATA_DIR: dataDir, SESSION_SECRET: 's'.repeat(32) })).sessionSecret,
      ).toBe('s'.repeat(32));
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
