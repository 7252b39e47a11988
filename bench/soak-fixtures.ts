// What the soak's requests draw from, read before the load: the accounts it shops as, each
// customer's addresses, payment methods and orders, the shop's families, articles, carriers, agencies
// and orders (through the API), the catalogue of real traffic (traffic.ts, from the database); and
// the preflight, each class's requests tried before the load.
import { articleLink } from '@comptoir/shared/catalogue';
import { getJson, login, readMessage } from './server';
import { chance, CLASSES, int, type Auth, type Fixtures, type Shopper } from './soak-classes';
import { neverRepeatedSearches, PAGE_HEADERS, type Catalogue } from './traffic';

export const ADMIN = { login: 'soak-admin', password: 'soak-admin-mot-de-passe' };
/**
 * The customers the load shops as: the demo data's first twenty (professionals and private
 * individuals, each with its delivery addresses), one account each, as a shop's Monday morning has
 * many customers at once. Each load connection is one of them, so that a cart's writes wait only for
 * that customer's own requests (one account for all made every cart write wait on one row lock).
 */
export const SHOPPERS = 20;
export const CUSTOMERS = Array.from({ length: SHOPPERS }, (_, i) => ({
  login: `soak-client-${i + 1}`,
  password: 'soak-client-mot-de-passe',
  code: `C${String(i + 1).padStart(6, '0')}`,
}));

const enc = encodeURIComponent;

/** What one customer's requests draw from: its addresses, payment methods and orders. */
export async function readShopper(baseUrl: string, account: (typeof CUSTOMERS)[number]): Promise<Shopper> {
  const cookie = await login(baseUrl, account);
  const checkout = await getJson<{ adresses: { id: number }[]; modesReglement: { code: string }[] }>(
    baseUrl,
    '/rest/panier/livraison',
    cookie,
  );
  const own = await getJson<{ elements: { id: number }[] }>(baseUrl, '/rest/compte/mouvements', cookie);
  return {
    code: account.code,
    cookie,
    addressIds: checkout.adresses.map((a) => a.id),
    paymentMethods: checkout.modesReglement.map((m) => m.code),
    orderIds: own.elements.map((o) => o.id),
    cartLineIds: [],
  };
}

/** Reads what the workload draws from, through the API (customer and administrator sessions). */
/**
 * Reads what the workload draws from, through the API (customer and administrator sessions), and the
 * catalogue read from the database.
 */
export async function readFixtures(
  baseUrl: string,
  admin: string,
  customer: string,
  catalogue: Catalogue,
): Promise<Fixtures> {
  const menu = await getJson<{ activites: { code: string }[] }>(baseUrl, '/menu/activites');
  const roots = await getJson<{ code: string }[]>(baseUrl, '/catalogue/categories');
  const plan = await getJson<{ codeFamille: string; nbArt: number }[]>(baseUrl, '/service/planVente', admin);
  const withArticles = plan.filter((family) => family.nbArt > 0);
  const families = withArticles.map((family) => ({
    code: family.codeFamille,
    pages: Math.ceil(family.nbArt / 24),
  }));

  type Card = { codeArticle: string; designation: string; hasDeclinaisons: boolean };
  const cards: Card[] = [];
  // Forty families spread over the sales plan give a few hundred articles to draw from.
  const step = Math.max(1, Math.floor(withArticles.length / 40));
  for (let i = 0; i < withArticles.length; i += step) {
    const page = await getJson<{ articles: { elements: Card[] } }>(
      baseUrl,
      `/catalogue/familles/${enc(withArticles[i]!.codeFamille)}?size=96`,
    );
    cards.push(...page.articles.elements);
  }
  // Articles cut to size are ordered by pieces and dimensions, not by a bare quantity: left out.
  const soldAsIs: Card[] = [];
  for (const card of cards) {
    const cut = await getJson<{ surMesure: boolean }>(
      baseUrl,
      `/catalogue/articles/${enc(card.codeArticle)}/decoupe`,
    );
    if (!cut.surMesure) soldAsIs.push(card);
  }
  const buyable: Fixtures['buyable'] = [];
  for (const card of soldAsIs.filter((c) => !c.hasDeclinaisons).slice(0, 150))
    buyable.push({ article: card.codeArticle });
  for (const card of soldAsIs.filter((c) => c.hasDeclinaisons).slice(0, 30)) {
    const sheet = await getJson<{ declinaisons: { HIDDEN_CODE_DECLINAISON: string }[] }>(
      baseUrl,
      `/catalogue/articles/${enc(card.codeArticle)}`,
    );
    for (const variant of sheet.declinaisons.slice(0, 3))
      buyable.push({ article: card.codeArticle, declinaison: variant.HIDDEN_CODE_DECLINAISON });
  }

  const checkout = await getJson<{ transporteurs: { id: number }[] }>(
    baseUrl,
    '/rest/panier/livraison',
    customer,
  );
  const agencies = await getJson<{ code_agence: string }[]>(baseUrl, '/service/agences', admin);
  const zones = await getJson<{ id: number }[]>(baseUrl, '/service/zones', admin);
  type OrderRow = { id: number; date: number; codeClient: string; refClient: string | null; numero: string };
  const orders = await getJson<{ total: number; elements: OrderRow[] }>(
    baseUrl,
    '/admin/commandes/fetch?size=100',
    admin,
  );
  const oldest = await getJson<{ elements: OrderRow[] }>(
    baseUrl,
    `/admin/commandes/fetch?size=1&page=${Math.max(0, orders.total - 1)}`,
    admin,
  );
  const day = (seconds: number) => new Date(seconds * 1000).toISOString().slice(0, 10);
  let product = 0;
  const products = catalogue.articles;

  return {
    activities: menu.activites.map((a) => a.code),
    rootFamilies: roots.map((r) => r.code),
    families,
    buyable,
    articles: cards.map((c) => c.codeArticle),
    searchTexts: searchTexts(cards),
    carrierIds: checkout.transporteurs.map((t) => t.id),
    agencies: agencies.map((a) => a.code_agence),
    zoneIds: zones.map((z) => z.id),
    customers: [...new Set(orders.elements.map((o) => o.codeClient))],
    references: orders.elements.map((o) => (o.refClient && chance(0.5) ? o.refClient : o.numero)),
    orderPages: Math.max(1, Math.ceil(orders.total / 20)),
    orderDays: [day(oldest.elements[0]?.date ?? orders.elements[0]!.date), day(orders.elements[0]!.date)],
    catalogue,
    nextProductPage: () => articleLink(products[product++ % products.length]!),
    nextSearch: neverRepeatedSearches(catalogue.words),
  };
}

/** Varied texts: words and pairs of words of designations, code prefixes, other cases, nothing found. */
export function searchTexts(cards: { codeArticle: string; designation: string }[]): string[] {
  const texts = new Set<string>();
  for (const card of cards) {
    const words = card.designation.split(/[\s,()/]+/).filter((w) => w.length >= 3);
    if (words[0]) texts.add(words[0].toLowerCase());
    if (words.length >= 2) texts.add(`${words[0]} ${words[1]}`);
    if (words[2]) texts.add(words[2].toUpperCase());
    if (card.codeArticle.length >= 4)
      texts.add(card.codeArticle.slice(0, 3 + int(card.codeArticle.length - 2)));
  }
  const list = [...texts].filter((t) => t.trim().length >= 3 && t.length <= 60);
  // Accents dropped (the search ignores them), typos and words of no article.
  for (const text of list.slice(0, 40)) texts.add(text.normalize('NFD').replace(/\p{Diacritic}/gu, ''));
  for (const text of ['zzyzx', 'qwertyuiop', 'béton armé xyz', '100%', 'a_b_c', '   vis   ', 'ÉTANCHÉITÉ'])
    texts.add(text);
  return [...texts].filter((t) => t.trim().length >= 3 && t.trim().length <= 60);
}

/**
 * Each class's requests, a few times, before the load: a wrong path or fixture fails now, not after
 * ten minutes. Every answer must be a 2xx or one of the class's expected refusals, and every class
 * must have a 2xx (the classes run in order: the cart is filled before the checkout empties it).
 */
export async function preflight(
  baseUrl: string,
  fixtures: Fixtures,
  shopper: Shopper,
  cookieFor: (auth: Auth, shopper: Shopper) => string | undefined,
) {
  for (const cls of CLASSES) {
    let succeeded = false;
    for (let i = 0; i < 10; i++) {
      const built = cls.build(fixtures, shopper);
      const cookie = cookieFor(cls.auth, shopper);
      const response = await fetch(baseUrl + built.path, {
        method: built.method,
        headers: {
          ...(built.page ? PAGE_HEADERS : {}),
          ...(cookie ? { cookie } : {}),
          ...(built.body !== undefined ? { 'content-type': 'application/json' } : {}),
        },
        body: built.body !== undefined ? JSON.stringify(built.body) : undefined,
      });
      const text = await response.text();
      const expected = cls.expected?.[response.status] ?? [];
      if (!response.ok && !expected.includes(readMessage(text) ?? ''))
        throw new Error(`Essai avant la charge : ${built.method} ${built.path} → ${response.status} ${text}`);
      succeeded ||= response.ok;
      if (response.ok && cls.name === 'cart-add')
        shopper.cartLineIds = (JSON.parse(text) as { lignes: { id: number }[] }).lignes.map((l) => l.id);
    }
    if (!succeeded) throw new Error(`Essai avant la charge : aucune réponse 2xx pour ${cls.name}`);
  }
}
