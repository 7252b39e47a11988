// The one setup of a browser test file: its server (the shared one the global setup started, or one of
// the file's own), Chromium, and pages whose context is already logged in as a role. A role's session
// is made once per server and run: logged in through the API, its cookies saved as a Playwright storage
// state in the run's folder (global setup), then loaded by every context of that role. The login page
// itself is tested through loginThroughPage (foundation and shopper-path tests).
import fs from 'node:fs';
import path from 'node:path';
import {
  request,
  type APIRequestContext,
  type Browser,
  type BrowserContext,
  type Page,
} from 'playwright-core';
import { afterAll, beforeAll, inject } from 'vitest';
import { meAnswer } from '@comptoir/shared/auth';
import { ADMIN, CUSTOMER } from './accounts';
import { baseURL as sharedBaseURL, launchBrowser, newContext, newPage, type Viewport } from './browser';
import { startOwnServer, type OwnServer } from './own-server';
import type { ShopState } from './prepare-shop';

export interface Account {
  login: string;
  password: string;
}

/**
 * 'admin': the test administrator; 'customer': the professional test customer (CUSTOMER); 'visitor':
 * nobody logged in; or any other account of the server.
 */
export type Role = 'admin' | 'customer' | 'visitor' | Account;

export interface ContextOptions {
  viewport?: Viewport;
  /**
   * A session of its own, logged in through the API, instead of the role's saved one: for a test that
   * ends its session or changes what the session rests on (logs out, changes the password), which would
   * break the saved session for the files after it.
   */
  fresh?: boolean;
}

export interface PageOptions extends ContextOptions {
  /**
   * The page opened once logged in: by default where the login page sends the role (the back-office home
   * for an administrator, the shop's home for a customer), none for a visitor; null: none.
   */
  open?: string | null;
  /** false: `goto` and `reload` return once loaded, not once the app is interactive (newPage). */
  awaitInteractive?: boolean;
}

export interface Shop {
  /** The server's address (the shared server's, or the file's own). */
  readonly baseURL: string;
  readonly browser: Browser;
  /** A page in a context of its own, 1280 × 720 unless `viewport` says otherwise, logged in as `role`. */
  page(role?: Role, options?: PageOptions): Promise<Page>;
  /** A context logged in as `role`, for a test that opens several pages of one session. */
  context(role?: Role, options?: ContextOptions): Promise<BrowserContext>;
}

export interface ShopOptions {
  /** A server of the file's own in this state (startOwnServer), for a state the shared one must not be put in. */
  own?: ShopState;
  /** Variables over its test server's own, read when it starts (after the file's earlier beforeAll). */
  env?: () => Record<string, string | undefined>;
}

/** Where the login page sends an account once logged in (apps/web/src/app/routes/login.tsx). */
const HOME_OF = { admin: '/openweb/admin/admin_accueil', client: '/' } as const;
type AccountRole = keyof typeof HOME_OF;

/** An own server's start (demo data loaded twice, accounts added) on a machine shared by several runs. */
const OWN_SERVER_START_MS = 300_000;

const ACCOUNTS = { admin: ADMIN, customer: CUSTOMER } as const;
const accountOf = (role: Exclude<Role, 'visitor'>): Account =>
  typeof role === 'string' ? ACCOUNTS[role] : role;

/**
 * The file's shop: registers the hooks that start its server (if `own`) and Chromium before its tests,
 * and close them after (the file's own afterAll run before, the browser still open). Called at the top
 * of the file or of a describe; its members are read inside hooks and tests.
 */
export function useShop(options: ShopOptions = {}): Shop {
  let server: OwnServer | undefined;
  /** An own server's saved sessions: its port may be another own server's later in the run. */
  let ownSessions: string | undefined;
  let browser: Browser | undefined;
  const started = () => {
    if (!browser) throw new Error('useShop : navigateur lu hors d’un hook ou d’un test');
    return {
      browser,
      url: server?.baseURL ?? sharedBaseURL(),
      sessions: ownSessions ?? inject('storageStateDir'),
    };
  };

  beforeAll(
    async () => {
      if (options.own) {
        server = await startOwnServer(options.own, options.env?.());
        ownSessions = fs.mkdtempSync(path.join(inject('storageStateDir'), 'own-'));
      }
      browser = await launchBrowser();
    },
    options.own ? OWN_SERVER_START_MS : undefined,
  );
  afterAll(async () => {
    await browser?.close();
    await server?.close();
    if (ownSessions) fs.rmSync(ownSessions, { recursive: true, force: true });
  });

  const context = async (role: Role = 'visitor', { viewport, fresh }: ContextOptions = {}) => {
    const { browser, url, sessions } = started();
    if (role === 'visitor') return newContext(browser, url, viewport);
    const account = accountOf(role);
    if (fresh) {
      const context = await newContext(browser, url, viewport);
      await logIn(context.request, account);
      return context;
    }
    return newContext(browser, url, viewport, await savedSession(sessions, url, account));
  };

  return {
    get baseURL() {
      return started().url;
    },
    get browser() {
      return started().browser;
    },
    context,
    async page(role = 'visitor', { open, awaitInteractive, ...contextOptions } = {}) {
      const page = await newPage(await context(role, contextOptions), { awaitInteractive });
      if (role === 'visitor') {
        if (open) await page.goto(open);
        return page;
      }
      const home = role === 'admin' ? HOME_OF.admin : role === 'customer' ? HOME_OF.client : undefined;
      const target = open === undefined ? (home ?? HOME_OF[await roleOf(page)]) : open;
      if (target !== null) await page.goto(target);
      return page;
    },
  };
}

/**
 * The storage state of `account`'s session on the server at `url`, in `dir` (the run's storageStateDir
 * for the shared server): logged in through the API the first time a file asks for it, then read back.
 */
async function savedSession(dir: string, url: string, account: Account): Promise<string> {
  const file = path.join(dir, `${encodeURIComponent(account.login)}.json`);
  if (fs.existsSync(file)) return file;
  const api = await request.newContext({ baseURL: url });
  try {
    await logIn(api, account);
    // Written whole, then renamed: a file half written by a run stopped midway is never read.
    await api.storageState({ path: `${file}.tmp` });
    fs.renameSync(`${file}.tmp`, file);
  } finally {
    await api.dispose();
  }
  return file;
}

/**
 * POST /auth/login from `api`, whose cookie jar keeps the session cookie (comptoir_session) and the
 * device cookie (comptoir_appareil, path /auth/login) it sets, as after the login page.
 */
async function logIn(api: APIRequestContext, account: Account): Promise<void> {
  const response = await api.post('/auth/login', {
    data: { login: account.login, password: account.password },
  });
  if (!response.ok())
    throw new Error(`connexion de ${account.login} refusée : ${response.status()} ${await response.text()}`);
}

/** The role of the session of `page`'s context, read from /auth/me. */
async function roleOf(page: Page): Promise<AccountRole> {
  const answer = meAnswer.parse(await (await page.request.get('/auth/me')).json());
  if (!('role' in answer)) throw new Error(`pas de session ouverte sur ${page.url()}`);
  return answer.role;
}
