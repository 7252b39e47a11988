// How an article is sold, through the app (docs/contract/quantities-and-units.md): the unit's
// decimals, the minimum and the multiple refused with the quantity to order (never changed by the
// server), an unavailable article refused unless the ERP gives its delay, a plasterboard sold by the
// piece and cut to size, and what the cart says of the stock. A refusal writes nothing.
import { and, eq } from 'drizzle-orm';
import { cartLines, orders, stock } from '@comptoir/db/schema';
import type { ResolvedQuickOrder } from '@comptoir/shared/account';
import type { Cart } from '@comptoir/shared/cart';
import { DIMENSION_MESSAGES, NO_VARIABLE_DIMENSION } from '@comptoir/shared/dimensions';
import type { FicheArticle } from '@comptoir/shared/catalogue';
import {
  createArticle,
  createCarrier,
  createCustomer,
  createDeliveryAddress,
  createStock,
  createUnit,
} from '../../test/factories';
import { buildAppAs, createCustomerUser, loginAs, type App, type SessionHeaders } from '../../test/helpers';

let app: App;
let customer: SessionHeaders;
let userId: number;
let agencyCode: string;
let addressId: number;
let pickup: number;

beforeAll(async () => {
  let admin: SessionHeaders;
  ({ app, headers: admin } = await buildAppAs('admin'));
  const client = await createCustomer(app, { isProfessional: true });
  const user = await createCustomerUser(app, client.code);
  userId = user.id;
  customer = await loginAs(app, user);
  agencyCode = client.agencyCode;
  addressId = (await createDeliveryAddress(app, { customerCode: client.code, isDefault: true })).id;
  pickup = (await createCarrier(app, { name: 'Retrait agence', pickup: true })).id;

  await createUnit(app, 'SAC', 'Sac');
  await createUnit(app, 'ML', 'Mètre linéaire');
  await createUnit(app, 'PLQ', 'Plaque');
  await createArticle(app, {
    code: 'CIM',
    designation1: 'Ciment 35 kg',
    saleUnit: 'SAC',
    stockUnit: 'SAC',
    priceHt: 9,
  });
  await createArticle(app, { code: 'PARP', designation1: 'Parpaing', saleUnit: 'SAC', saleMultiple: 10 });
  await createArticle(app, { code: 'BRIQ', designation1: 'Brique', saleUnit: 'SAC', minQuantity: 20 });
  await createArticle(app, { code: 'TUBE', designation1: 'Tube PVC', saleUnit: 'ML' });
  await createArticle(app, { code: 'VIDE', designation1: 'Enduit', saleUnit: 'SAC' });
  await createArticle(app, { code: 'VENDU', designation1: 'Colle carrelage', saleUnit: 'SAC' });
  await createArticle(app, { code: 'DELAI', designation1: 'Mortier', saleUnit: 'SAC', backorderDays: 10 });
  await createArticle(app, {
    code: 'BA13',
    designation1: 'BA13 standard 1,20 x 2,50 m',
    saleUnit: 'PLQ',
    stockUnit: 'PLQ',
    priceHt: 6.5,
    length: 2500,
    width: 1200,
    dimensionUnit: 'mm',
  });
  for (const articleCode of ['CIM', 'PARP', 'BRIQ', 'TUBE', 'DELAI', 'VENDU'])
    await createStock(app, { articleCode, agencyCode, quantity: 500 });
  await createStock(app, { articleCode: 'VIDE', agencyCode, quantity: 0 });
  await createStock(app, {
    articleCode: 'DELAI',
    agencyCode: (await createCustomer(app)).agencyCode,
    quantity: 0,
  });
  await createStock(app, { articleCode: 'BA13', agencyCode, quantity: 654 });
  const saved = await app.inject({
    method: 'POST',
    url: '/admin/dimensionsVariables/update',
    headers: admin,
    payload: {
      data: [{ ...NO_VARIABLE_DIMENSION, codeUnite: 'PLQ', longueurVariable: true, largeurVariable: true }],
    },
  });
  expect(saved.statusCode).toBe(200);
});
afterAll(() => app.close());

const send = (method: 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
  app.inject({ method, url, headers: customer, ...(payload && { payload }) });
const add = (codeArticle: string, quantite: number, decoupe?: object) =>
  send('POST', '/rest/panier/lignes', { codeArticle, quantite, ...(decoupe && { decoupe }) });
const linesWritten = async () => (await app.db.select().from(cartLines)).length;
async function refused(response: Awaited<ReturnType<typeof add>>, message: string) {
  expect(response.statusCode).toBe(400);
  expect(response.json()).toMatchObject({ message });
}
const emptyCart = async () => {
  const cart = (await app.inject({ url: '/rest/panier', headers: customer })).json() as Cart;
  for (const line of cart.lignes) await send('DELETE', `/rest/panier/lignes/${line.id}`);
};

describe('quantities of the cart', () => {
  beforeEach(emptyCart);

  it('refuses a fraction of a whole unit, a multiple or a minimum not met, naming what to order', async () => {
    await refused(await add('CIM', 1.5), 'Vendu à l’unité : commandez 2');
    await refused(await add('PARP', 15), 'Vendu par 10 : commandez 20');
    await refused(await add('BRIQ', 3), 'Minimum de commande 20 sacs : commandez 20');
    await refused(await add('CIM', 0), 'La quantité doit être supérieure à 0');
    expect(await linesWritten()).toBe(0);
    expect((await add('PARP', 20)).statusCode).toBe(200);
    expect((await add('TUBE', 2.5)).statusCode).toBe(200);
  });

  it('refuses a fractional quantity set on a line, and keeps the line as it was', async () => {
    const cart = (await add('CIM', 2)).json() as Cart;
    const line = cart.lignes[0]!;
    expect(line.vente).toEqual({ decimales: 0, minimum: null, multiple: null, delaiCommande: null });
    await refused(
      await send('PATCH', `/rest/panier/lignes/${line.id}`, { quantite: 2.5 }),
      'Vendu à l’unité : commandez 3',
    );
    const [stored] = await app.db.select().from(cartLines).where(eq(cartLines.id, line.id));
    expect(stored!.quantity).toBe(2);
    expect((await send('PATCH', `/rest/panier/lignes/${line.id}`, { quantite: 3 })).statusCode).toBe(200);
  });

  it('refuses an unavailable article; one the ERP gives a delay for goes in with its delay shown', async () => {
    await refused(await add('VIDE', 1), 'Article indisponible');
    expect(await linesWritten()).toBe(0);
    const cart = (await add('DELAI', 3)).json() as Cart;
    // In stock at the customer's agency: nothing to say; the tile and product page give the delay.
    expect(cart.lignes[0]!.disponibilite).toBeNull();
    const page = (
      await app.inject({ url: '/catalogue/articles/DELAI', headers: customer })
    ).json() as FicheArticle;
    expect(page.vente.delaiCommande).toBe(10);
  });
});

describe('an article unavailable since it was added (its stock imported at 0)', () => {
  beforeEach(emptyCart);
  const setStock = (articleCode: string, quantity: number) =>
    app.db
      .update(stock)
      .set({ quantity })
      .where(and(eq(stock.articleCode, articleCode), eq(stock.agencyCode, agencyCode)));
  const order = () =>
    send('POST', '/rest/panier/commande', {
      adresseId: addressId,
      transporteurId: pickup,
      modeReglement: 'cheque',
    });

  it('refuses a new quantity and the order, naming the article, and writes nothing', async () => {
    await add('CIM', 2);
    const line = ((await add('VENDU', 3)).json() as Cart).lignes.find((l) => l.codeArticle === 'VENDU')!;
    await setStock('VENDU', 0);
    try {
      const message = "Cet article n'est plus disponible : Colle carrelage";
      await refused(await send('PATCH', `/rest/panier/lignes/${line.id}`, { quantite: 5 }), message);
      const [stored] = await app.db.select().from(cartLines).where(eq(cartLines.id, line.id));
      expect(stored!.quantity).toBe(3);
      await refused(await order(), message);
      expect(await app.db.select().from(orders)).toHaveLength(0);
      expect(await linesWritten()).toBe(2);
      // Removing the line lets the rest be ordered.
      expect((await send('DELETE', `/rest/panier/lignes/${line.id}`)).statusCode).toBe(200);
      expect((await order()).statusCode).toBe(200);
    } finally {
      await setStock('VENDU', 500);
    }
  });

  it('still sells one the ERP gives a delay for', async () => {
    const cart = (await add('DELAI', 3)).json() as Cart;
    await setStock('DELAI', 0);
    try {
      const changed = await send('PATCH', `/rest/panier/lignes/${cart.lignes[0]!.id}`, { quantite: 4 });
      expect(changed.statusCode).toBe(200);
      expect((await order()).statusCode).toBe(200);
    } finally {
      await setStock('DELAI', 500);
    }
  });
});

describe('a plasterboard sold by the piece and cut to size', () => {
  beforeEach(emptyCart);

  it('adds the standard piece as a plain quantity, and says what is in stock beyond it', async () => {
    const cart = (await add('BA13', 4)).json() as Cart;
    expect(cart.lignes[0]).toMatchObject({ quantite: 4, decoupe: null, disponibilite: null, montantHT: 26 });
    await refused(await add('BA13', 1.5), 'Vendu à l’unité : commandez 2');
    const big = (await add('BA13', 996)).json() as Cart;
    expect(big.lignes[0]!.quantite).toBe(1000);
    expect(big.lignes[0]!.disponibilite?.replaceAll('\u202f', ' ')).toBe(
      'En stock : 654 plaques ; 346 plaques à commander au fournisseur',
    );
  });

  it('cuts it to size on request, and refuses pieces out of range naming the bound, never clamped', async () => {
    const cut = { longueur: 1.2, largeur: 0.6 };
    const cart = (await add('BA13', 1, { nbPieces: 2, dimensions: cut })).json() as Cart;
    expect(cart.lignes[0]).toMatchObject({ quantite: 0.48, decoupe: { nbPieces: 2 } });
    const before = await linesWritten();
    await refused(await add('BA13', 1, { nbPieces: 0, dimensions: cut }), DIMENSION_MESSAGES.piecesMin);
    await refused(await add('BA13', 1, { nbPieces: -2, dimensions: cut }), DIMENSION_MESSAGES.piecesMin);
    await refused(await add('BA13', 1, { nbPieces: 99_999, dimensions: cut }), DIMENSION_MESSAGES.piecesMax);
    await refused(await add('BA13', 1, { nbPieces: 1.5, dimensions: cut }), DIMENSION_MESSAGES.piecesWhole);
    await refused(
      await add('BA13', 1, { nbPieces: 1, dimensions: { longueur: 3, largeur: 0.6 } }),
      DIMENSION_MESSAGES.beyondStandard('Longueur', '2,5 m'),
    );
    expect(await linesWritten()).toBe(before);
  });
});

describe('the quick order', () => {
  beforeEach(emptyCart);
  const verify = async (...lignes: { code: string; quantite: number; dimensions?: number[] }[]) => {
    const response = await send('POST', '/rest/compte/commande-rapide/verification', { lignes });
    expect(response.statusCode).toBe(200);
    return (response.json() as ResolvedQuickOrder).lignes;
  };

  it('raises a fraction of a whole unit with its notice, refuses an unavailable article', async () => {
    const [cim, parp, vide, ba13] = await verify(
      { code: 'CIM', quantite: 1.5 },
      { code: 'PARP', quantite: 15 },
      { code: 'VIDE', quantite: 1 },
      { code: 'BA13', quantite: 2 },
    );
    expect(cim).toMatchObject({ quantite: 2, probleme: null, avis: 'Vendu à l’unité : quantité portée à 2' });
    expect(parp).toMatchObject({ quantite: 20, probleme: null, avis: 'Vendu par 10 : quantité portée à 20' });
    expect(vide).toMatchObject({ probleme: 'Article indisponible' });
    expect(ba13).toMatchObject({ quantite: 2, probleme: null, avis: null });

    const added = await send('POST', '/rest/compte/commande-rapide', {
      lignes: [
        { code: 'CIM', quantite: 1.5 },
        { code: 'VIDE', quantite: 1 },
      ],
    });
    expect(added.statusCode).toBe(200);
    const lines = await app.db.select().from(cartLines);
    expect(lines.map((line) => [line.articleCode, line.quantity])).toEqual([['CIM', 2]]);
    expect(userId).toBeGreaterThan(0);
  });
});
