// The menu and the categories are cached in memory and dropped when the database says their tables
// changed: on this process at once, and on another process on the same PostgreSQL database at once.
import zlib from 'node:zlib';
import { eq, sql } from 'drizzle-orm';
import { openDatabase, type ChangeSubscription } from '@comptoir/db/client';
import { activities, articles } from '@comptoir/db/schema';
import { buildApp, type App } from '../app';
import { createAnswerCache, MAX_KEPT_BYTES } from './answer-cache';
import { MAX_ROW_CHANGES } from './change-clock';
import { buildTestApp, createCustomerUser, loginAs, untilChangesHeard, writeSilently } from '../test/helpers';
import {
  createActivity,
  createArticle,
  createCustomer,
  createCustomerPrice,
  createFamily,
} from '../test/factories';

const labels = async (app: App): Promise<string[]> => {
  const response = await app.inject({ url: '/menu/activites' });
  expect(response.statusCode).toBe(200);
  expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
  return (response.json() as { activites: { libelle: string }[] }).activites.map((a) => a.libelle);
};

/** Writes without telling anyone: what a stale cache would keep showing. */
async function renameArticleSilently(app: App, code: string, designation: string) {
  await writeSilently(app, 'articles', (tx) =>
    tx.update(articles).set({ designation1: designation }).where(eq(articles.code, code)),
  );
}

/** The same for an activity. */
async function renameSilently(app: App, code: string, label: string) {
  await writeSilently(app, 'activities', (tx) =>
    tx.update(activities).set({ label }).where(eq(activities.code, code)),
  );
}

describe('the answer cache', () => {
  let app: App;
  beforeAll(async () => {
    app = await buildTestApp({ answerCache: true });
  });
  afterAll(() => app.close());

  it('keeps the menu until its tables change, then shows the change at once', async () => {
    const activity = await createActivity(app, { label: 'Charpente' });
    await untilChangesHeard(app);
    expect(await labels(app)).toContain('Charpente');

    await renameSilently(app, activity.code, 'Couverture');
    expect(await labels(app)).toContain('Charpente'); // kept: nothing said the table changed

    await app.db.update(activities).set({ label: 'Isolation' }).where(eq(activities.code, activity.code));
    await expect.poll(() => labels(app), { timeout: 2000, interval: 20 }).toContain('Isolation');
  });

  it('sends a kept answer compressed as the client accepts, and the change at once', async () => {
    const categories = async (encoding?: string) => {
      const response = await app.inject({
        url: '/catalogue/categories',
        headers: encoding ? { 'accept-encoding': encoding } : {},
      });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
      const body = response.rawPayload;
      const text =
        response.headers['content-encoding'] === 'br'
          ? zlib.brotliDecompressSync(body)
          : response.headers['content-encoding'] === 'gzip'
            ? zlib.gunzipSync(body)
            : body;
      return { encoding: response.headers['content-encoding'], json: JSON.parse(text.toString()) as unknown };
    };
    // Enough root families for an answer worth compressing.
    for (let i = 0; i < 30; i++) await createFamily(app, { label: `Famille racine compressée ${i}` });
    const plain = await categories();
    expect(plain.encoding).toBeUndefined();
    for (const encoding of ['br', 'gzip'] as const) {
      const kept = await categories(`${encoding}, deflate`);
      expect(kept.encoding).toBe(encoding);
      expect(kept.json).toEqual(plain.json);
    }
    const family = await createFamily(app, { label: 'Famille ajoutée' });
    await expect
      .poll(async () => JSON.stringify((await categories('br')).json), { timeout: 2000, interval: 20 })
      .toContain(family.code);
  });

  it("keeps a visitor's family and product pages until their articles change, and never gives them to a customer", async () => {
    const family = await createFamily(app, { label: 'Famille gardée' });
    const article = await createArticle(app, {
      familyCode: family.code,
      designation1: 'Tuile gardée',
      priceHt: 10,
    });
    const customerCode = (await createCustomer(app)).code;
    await createCustomerPrice(app, { customerCode, articleCode: article.code, netPrice: 7 });
    const customer = await loginAs(app, await createCustomerUser(app, customerCode));
    await untilChangesHeard(app);
    const tiles = async (headers: Record<string, string> = {}) => {
      const response = await app.inject({ url: `/catalogue/familles/${family.code}`, headers });
      expect(response.statusCode).toBe(200);
      const page = response.json() as { articles: { elements: { designation: string; prixHT?: number }[] } };
      return page.articles.elements.map((card) => [card.designation, card.prixHT]);
    };
    expect(await tiles()).toEqual([['Tuile gardée', 10]]);
    expect(await tiles({ 'accept-encoding': 'br' })).toEqual([['Tuile gardée', 10]]);

    await renameArticleSilently(app, article.code, 'Tuile cachée');
    expect(await tiles()).toEqual([['Tuile gardée', 10]]); // kept: nothing said the table changed
    // A customer's page is its own, priced for it (the rows under it are kept for everyone alike).
    expect((await tiles(customer)).map(([, price]) => price)).toEqual([7]);

    const productPage = async (headers: Record<string, string> = {}) => {
      const response = await app.inject({ url: `/catalogue/articles/${article.code}`, headers });
      expect(response.statusCode).toBe(200);
      const page = response.json() as { designation1: string; prixHT?: number };
      return [page.designation1, page.prixHT];
    };
    expect(await productPage()).toEqual(['Tuile cachée', 10]);
    await renameArticleSilently(app, article.code, 'Tuile oubliée');
    expect(await productPage()).toEqual(['Tuile cachée', 10]);
    expect((await productPage(customer))[1]).toBe(7);

    await app.db.update(articles).set({ designation1: 'Tuile neuve' }).where(eq(articles.code, article.code));
    await expect.poll(() => tiles(), { timeout: 2000, interval: 20 }).toEqual([['Tuile neuve', 10]]);
    await expect.poll(() => productPage(), { timeout: 2000, interval: 20 }).toEqual(['Tuile neuve', 10]);
    await expect.poll(async () => (await tiles(customer))[0], { timeout: 2000 }).toEqual(['Tuile neuve', 7]);
  });

  it("keeps a visitor's search panel until its articles change", async () => {
    const family = await createFamily(app, { label: 'Famille cherchée' });
    const article = await createArticle(app, { familyCode: family.code, designation1: 'Chevron cherché' });
    const found = async () => {
      const response = await app.inject({ url: '/rest/recherche/chevron' });
      expect(response.statusCode).toBe(200);
      return (response.json() as { articles: { designation: string }[] }).articles.map((a) => a.designation);
    };
    await untilChangesHeard(app);
    expect(await found()).toEqual(['Chevron cherché']);
    await renameArticleSilently(app, article.code, 'Chevron caché');
    expect(await found()).toEqual(['Chevron cherché']); // kept: nothing said the table changed

    await app.db
      .update(articles)
      .set({ designation1: 'Chevron neuf' })
      .where(eq(articles.code, article.code));
    await expect.poll(() => found(), { timeout: 2000, interval: 20 }).toEqual(['Chevron neuf']);
  });

  it('does not keep a refusal', async () => {
    const code = `NEW${Date.now()}`;
    expect((await app.inject({ url: `/submenu/${code}` })).statusCode).toBe(404);
    await createActivity(app, { code, label: 'Nouvelle' });
    await expect
      .poll(async () => (await app.inject({ url: `/submenu/${code}` })).statusCode, { timeout: 2000 })
      .toBe(200);
  });
});

describe('a kept answer (remember)', () => {
  it('runs a lazy load once, however often its answer is awaited', async () => {
    const { cache, attach } = createAnswerCache();
    attach({ live: () => true, stop: async () => {} });
    let runs = 0;
    // What a query builder is: a thenable that runs its query at each then().
    const lazy = {
      then: (resolve: (value: number) => void) => resolve(++runs),
    } as unknown as Promise<number>;
    for (let i = 0; i < 3; i++) expect(await cache.remember('lazy', ['carriers'], () => lazy)).toBe(1);
    expect(runs).toBe(1);
  });

  it("never makes a request holding a connection wait for another request's load", async () => {
    const { cache, onHeldConnection, attach } = createAnswerCache();
    attach({ live: () => true, stop: async () => {} });
    // A load on the pool, still waiting for a connection.
    let connectionGiven!: (value: string) => void;
    const pooled = cache.remember(
      'carriers',
      ['carriers'],
      () => new Promise<string>((r) => (connectionGiven = r)),
    );
    // On a held connection: loaded there, not waited for; and the pool's load is not replaced.
    expect(await onHeldConnection.remember('carriers', ['carriers'], async () => 'own')).toBe('own');
    connectionGiven('pooled');
    expect(await pooled).toBe('pooled');
    // Once loaded, the kept answer is everyone's.
    expect(await onHeldConnection.remember('carriers', ['carriers'], async () => 'own again')).toBe('pooled');
    // A load started on a held connection is shared: it waits for no other connection.
    const held = onHeldConnection.remember('zones', ['zones'], async () => 'held');
    expect(await cache.remember('zones', ['zones'], async () => 'pool')).toBe('held');
    expect(await held).toBe('held');
  });

  it('keeps an answer scoped to some rows until a change names one of them, or names none', async () => {
    const { cache, onChange, attach } = createAnswerCache();
    attach({ live: () => true, stop: async () => {} });
    let version = 1;
    const scope = { table: 'orders', touches: (row: unknown) => (row as string[])[0] === 'DURAND' };
    const durand = () => cache.remember('durand', ['orders', 'customers'], async () => version, scope);
    expect(await durand()).toBe(1);
    version++;
    onChange('orders\t[["MARTIN"],["PETIT"]]');
    expect(await durand()).toBe(1);
    onChange('orders\t[["MARTIN"],["DURAND"]]');
    expect(await durand()).toBe(2);
    version++;
    onChange('orders'); // a change naming no row: any may have changed
    expect(await durand()).toBe(3);
    version++;
    onChange('orders\tnot json'); // unreadable rows: the same
    expect(await durand()).toBe(4);
    version++;
    onChange('customers\t[["MARTIN"]]'); // another table's rows: the scope is not theirs
    expect(await durand()).toBe(5);
    // Loaded while a change named one of its rows: given, not kept.
    version++;
    const loadedDuring = await cache.remember(
      'durand-during',
      ['orders'],
      async () => {
        onChange('orders\t[["DURAND"]]');
        return version;
      },
      scope,
    );
    version++;
    expect(await cache.remember('durand-during', ['orders'], async () => version, scope)).toBe(
      loadedDuring + 1,
    );
  });

  it('checks a scoped answer against the changes heard since it was last read', async () => {
    const { cache, onChange, attach } = createAnswerCache();
    attach({ live: () => true, stop: async () => {} });
    let version = 1;
    const scope = { table: 'orders', touches: (row: unknown) => (row as string[])[0] === 'DURAND' };
    const durand = () => cache.remember('durand', ['orders'], async () => version, scope);
    expect(await durand()).toBe(1);
    version++;
    // Many orders of others between two reads: kept; one of its own among them: loaded again.
    for (let i = 0; i < 1000; i++) onChange('orders\t[["MARTIN"]]');
    expect(await durand()).toBe(1);
    for (let i = 0; i < 500; i++) onChange(i === 250 ? 'orders\t[["DURAND"]]' : 'orders\t[["PETIT"]]');
    for (let i = 0; i < 500; i++) onChange('orders\t[["MARTIN"]]');
    expect(await durand()).toBe(2);
    // More changes than the clock remembers since the last read: loaded again, whoever they named.
    version++;
    for (let i = 0; i <= MAX_ROW_CHANGES; i++) onChange('orders\t[["MARTIN"]]');
    expect(await durand()).toBe(3);
  });
});

describe('the weighed answers (kept texts)', () => {
  it('hold MAX_KEPT_BYTES together at most, the least recently used dropped first, never an unweighed one', async () => {
    const { cache, attach } = createAnswerCache();
    attach({ live: () => true, stop: async () => {} });
    const loads: string[] = [];
    const quarter = MAX_KEPT_BYTES / 4;
    const sizes = new Map<string, number>();
    const weighed = (key: string) =>
      cache.remember(
        key,
        ['orders'],
        async () => {
          loads.push(key);
          sizes.set(key, quarter);
          return key;
        },
        undefined,
        (value) => sizes.get(value)!,
      );
    const menu = () =>
      cache.remember('menu', ['activities'], async () => {
        loads.push('menu');
        return 'menu';
      });
    await menu();
    for (const key of ['a', 'b', 'c']) await weighed(key);
    await weighed('a'); // used again: now the most recent
    await weighed('d'); // four quarters: still within the bound
    expect(loads).toEqual(['menu', 'a', 'b', 'c', 'd']);
    await weighed('e'); // five quarters: the least recently used, b, is dropped
    loads.length = 0;
    for (const key of ['a', 'c', 'd', 'e']) await weighed(key);
    await menu();
    expect(loads).toEqual([]);
    // An answer that grows (a compressed copy added) drops the least recently used others: a.
    sizes.set('e', 2 * quarter);
    cache.reweigh('e');
    for (const key of ['c', 'd', 'e']) await weighed(key);
    await menu();
    expect(loads).toEqual([]);
    await weighed('a');
    expect(loads).toEqual(['a']);
  });
});

describe('a set of kept values (rememberEach)', () => {
  /** A cache whose change feed is live (or not), and a loader that says what it was asked. */
  function setUp(live = true) {
    const { cache, onChange, attach } = createAnswerCache();
    attach({ live: () => live, stop: async () => {} });
    const asked: string[][] = [];
    let version = 1;
    const load = async (keys: readonly string[]) => {
      asked.push([...keys]);
      // 'absent' is never found: it is asked again each time.
      return new Map(keys.filter((key) => key !== 'absent').map((key) => [key, `${key}@${version}`]));
    };
    const read = async (keys: string[]) =>
      Object.fromEntries(await cache.rememberEach('tiles', ['stock'], keys, load));
    return { cache, onChange, asked, read, change: () => version++ };
  }

  it('loads only the missing keys, together, and keeps them until one of its tables changes', async () => {
    const { onChange, asked, read, change } = setUp();
    expect(await read(['a', 'b'])).toEqual({ a: 'a@1', b: 'b@1' });
    expect(await read(['b', 'c', 'absent'])).toEqual({ b: 'b@1', c: 'c@1' });
    expect(await read(['a', 'b', 'c'])).toEqual({ a: 'a@1', b: 'b@1', c: 'c@1' });
    expect(asked).toEqual([
      ['a', 'b'],
      ['c', 'absent'],
    ]);
    change();
    onChange('articles');
    expect(await read(['a'])).toEqual({ a: 'a@1' });
    onChange('stock');
    expect(await read(['a'])).toEqual({ a: 'a@2' });
    onChange(null);
    expect(await read(['a'])).toEqual({ a: 'a@2' });
    expect(asked).toEqual([['a', 'b'], ['c', 'absent'], ['a'], ['a']]);
  });

  it('gives but does not keep what was loaded while a change was heard', async () => {
    const { cache, onChange, asked } = setUp();
    const load = async (keys: readonly string[]) => {
      asked.push([...keys]);
      onChange('stock');
      return new Map(keys.map((key) => [key, key]));
    };
    expect([...(await cache.rememberEach('tiles', ['stock'], ['a'], load))]).toEqual([['a', 'a']]);
    await cache.rememberEach('tiles', ['stock'], ['a'], load);
    expect(asked).toEqual([['a'], ['a']]);
  });

  it('keeps what was loaded while only another table changed', async () => {
    const { cache, onChange, asked } = setUp();
    const load = async (keys: readonly string[]) => {
      asked.push([...keys]);
      onChange('orders');
      return new Map(keys.map((key) => [key, key]));
    };
    await cache.rememberEach('tiles', ['stock'], ['a'], load);
    await cache.rememberEach('tiles', ['stock'], ['a'], load);
    expect(asked).toEqual([['a']]);
    const loads: number[] = [];
    const remembered = () =>
      cache.remember('count', ['stock'], async () => {
        loads.push(loads.length);
        onChange('orders');
        return loads.length;
      });
    expect([await remembered(), await remembered()]).toEqual([1, 1]);
  });

  it('keeps nothing while the change feed is down', async () => {
    const { asked, read } = setUp(false);
    await read(['a']);
    await read(['a']);
    expect(asked).toEqual([['a'], ['a']]);
  });
});

// Two server processes on one database: what one writes, the other's cache drops.
describe.runIf(process.env.TEST_DATABASE_URL)('the answer cache on two instances', () => {
  let first: App;
  let second: App;
  let secondListening: ChangeSubscription;
  beforeAll(async () => {
    first = await buildTestApp({ answerCache: true });
    const result = (await first.db.execute(sql`select current_database() as name`)) as unknown as {
      rows: { name: string }[];
    };
    const row = result.rows[0];
    const url = new URL(process.env.TEST_DATABASE_URL!);
    url.pathname = `/${row!.name}`;
    const handle = await openDatabase({ databaseUrl: url.toString() });
    second = await buildApp({
      config: first.config,
      db: handle.db,
      listenForChanges: async (listener) => (secondListening = await handle.listenForChanges(listener)),
      logger: false,
    });
    second.addHook('onClose', () => handle.close());
  });
  afterAll(async () => {
    await second.close();
    await first.close();
  });

  it('shows on one instance at once what was changed through the other', async () => {
    const activity = await createActivity(first, { label: 'Menuiserie' });
    await expect.poll(() => labels(second), { timeout: 2000, interval: 20 }).toContain('Menuiserie');
    await first.db.update(activities).set({ label: 'Serrurerie' }).where(eq(activities.code, activity.code));
    await expect.poll(() => labels(second), { timeout: 2000, interval: 20 }).toContain('Serrurerie');
  });

  it('caches nothing while its listening connection is lost, and listens again', async () => {
    const activity = await createActivity(first, { label: 'Plomberie' });
    await expect.poll(() => labels(second), { timeout: 2000, interval: 20 }).toContain('Plomberie');
    await first.db.execute(
      sql`select pg_terminate_backend(pid) from pg_stat_activity
          where datname = current_database() and query ilike 'LISTEN%'`,
    );
    await expect.poll(() => secondListening.live(), { timeout: 5000, interval: 10 }).toBe(false);
    await renameSilently(first, activity.code, 'Chauffage');
    // Not live any more: loaded afresh, even without a notification.
    await expect.poll(() => labels(second), { timeout: 2000, interval: 20 }).toContain('Chauffage');
    // Listening again (about a second later): changes are heard and cached answers dropped.
    await expect.poll(() => secondListening.live(), { timeout: 5000, interval: 10 }).toBe(true);
    await first.db.update(activities).set({ label: 'Sanitaire' }).where(eq(activities.code, activity.code));
    await expect.poll(() => labels(second), { timeout: 2000, interval: 20 }).toContain('Sanitaire');
  });
});
