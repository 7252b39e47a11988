// Articles cut to size end to end through the API: what the product page asks, the cart line and its
// refusals, the order line, the order detail (customer and administrator) and the export file.
import fs from 'node:fs';
import path from 'node:path';
import type { Cart, PlacedOrder } from '@comptoir/shared/cart';
import { DIMENSION_MESSAGES, NO_VARIABLE_DIMENSION, type DecoupeArticle } from '@comptoir/shared/dimensions';
import type { OrderDetail } from '@comptoir/shared/orders/contract';
import { exportFileName, parseOrderExport } from '@comptoir/shared/orders/export-format';
import { CART_MESSAGES } from '@comptoir/shared/cart';
import {
  createArticle,
  createBand,
  createCarrier,
  createCustomer,
  createDeliveryAddress,
  createShippingFee,
  createUnit,
  createZone,
} from '../../test/factories';
import { buildAppAs, createCustomerUser, loginAs, type App, type SessionHeaders } from '../../test/helpers';

let app: App;
let admin: SessionHeaders;
let customer: SessionHeaders;
let customerCode: string;
let addressId: number;
let carrierId: number;

beforeAll(async () => {
  ({ app, headers: admin } = await buildAppAs('admin'));
  const zoneId = (await createZone(app, { label: 'Proximité' })).id;
  const band = await createBand(app, { label: 'Dès 0', feeType: 'poids', start: 0 });
  await createShippingFee(app, { amount: 20, bandId: band.id, zoneId });
  carrierId = (await createCarrier(app, { name: 'Retrait agence', position: 1, pickup: true })).id;
  const client = await createCustomer(app, { isProfessional: true });
  customerCode = client.code;
  customer = await loginAs(app, await createCustomerUser(app, client.code));
  addressId = (await createDeliveryAddress(app, { customerCode: client.code, zoneId, isDefault: true })).id;

  await createUnit(app, 'M2', 'Mètre carré');
  await createUnit(app, 'BAR', 'Barre');
  await createArticle(app, {
    code: 'PARQ',
    designation1: 'Parquet chêne',
    priceHt: 40,
    saleUnit: 'M2',
    weight: 10,
  });
  await createArticle(app, {
    code: 'FER',
    designation1: 'Fer à béton HA 12 - 6 m',
    priceHt: 7.8,
    saleUnit: 'BAR',
    length: 6000,
    diameter: 12,
    dimensionUnit: 'mm',
    weight: 5.3,
  });
  await createArticle(app, { code: 'CIM', designation1: 'Ciment', priceHt: 9.99 });
  await createArticle(app, {
    code: 'LAME',
    designation1: 'Lame de terrasse pin',
    priceHt: 50,
    saleUnit: 'M2',
    length: 2400,
    width: 145,
    dimensionUnit: 'mm',
  });
  const saved = await app.inject({
    method: 'POST',
    url: '/admin/dimensionsVariables/update',
    headers: admin,
    payload: {
      data: [
        { ...NO_VARIABLE_DIMENSION, codeUnite: 'M2', longueurVariable: true, largeurVariable: true },
        { ...NO_VARIABLE_DIMENSION, codeUnite: 'BAR', longueurVariable: true },
      ],
    },
  });
  expect(saved.statusCode).toBe(200);
});
afterAll(() => app.close());

const send = (method: 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
  app.inject({ method, url, headers: customer, ...(payload && { payload }) });
const add = (codeArticle: string, decoupe?: object, quantite = 1) =>
  send('POST', '/rest/panier/lignes', { codeArticle, quantite, ...(decoupe && { decoupe }) });
const cart = async () => (await app.inject({ url: '/rest/panier', headers: customer })).json() as Cart;
const emptyCart = async () => {
  for (const line of (await cart()).lignes) await send('DELETE', `/rest/panier/lignes/${line.id}`);
};
const refused = async (response: Awaited<ReturnType<typeof add>>, message: string) => {
  expect(response.statusCode).toBe(400);
  expect(response.json()).toMatchObject({ message });
};

describe('GET /catalogue/articles/:code/decoupe', () => {
  it('gives the dimensions to ask, in the units typed, with the article’s own measures', async () => {
    const response = await app.inject({ url: '/catalogue/articles/FER/decoupe' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      codeArticle: 'FER',
      unite: 'BAR',
      surMesure: true,
      dimensions: [{ nom: 'longueur', libelle: 'Longueur', unite: 'm', max: 100, standard: 6 }],
    } satisfies DecoupeArticle);
  });

  it('says an article of a unit without variable dimensions is sold as it is; 404 for an unknown one', async () => {
    const response = await app.inject({ url: '/catalogue/articles/CIM/decoupe' });
    expect(response.json()).toMatchObject({ surMesure: false, dimensions: [] });
    expect((await app.inject({ url: '/catalogue/articles/NOPE/decoupe' })).statusCode).toBe(404);
  });
});

describe('the cart', () => {
  beforeEach(emptyCart);

  it('prices a cut from its pieces and dimensions, each cut on its own line', async () => {
    expect((await add('PARQ', { nbPieces: 4, dimensions: { longueur: 2.5, largeur: 1.2 } })).statusCode).toBe(
      200,
    );
    const response = await add('PARQ', { nbPieces: 1, dimensions: { longueur: 3, largeur: 2 } });
    const lines = (response.json() as Cart).lignes;
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatchObject({
      quantite: 12,
      montantHT: 480,
      unite: 'Mètre carré',
      decoupe: {
        nbPieces: 4,
        dimensions: { longueur: 2.5, largeur: 1.2 },
        libelle: 'Découpe : 4 pièces de Longueur 2,5 m × Largeur 1,2 m',
      },
    });
    expect(lines[1]).toMatchObject({ quantite: 6, montantHT: 240 });
  });

  it('prices a bar cut pro rata of its standard length', async () => {
    const lines = ((await add('FER', { nbPieces: 3, dimensions: { longueur: 2 } })).json() as Cart).lignes;
    expect(lines[0]).toMatchObject({ quantite: 1, montantHT: 7.8 });
  });

  it('changes a cut line by its pieces and dimensions, never by a bare quantity', async () => {
    const [line] = (
      (await add('PARQ', { nbPieces: 1, dimensions: { longueur: 2, largeur: 1 } })).json() as Cart
    ).lignes;
    const changed = await send('PATCH', `/rest/panier/lignes/${line!.id}`, {
      decoupe: { nbPieces: 2, dimensions: { longueur: 2, largeur: 1.5 } },
    });
    expect(changed.statusCode).toBe(200);
    expect((changed.json() as Cart).lignes[0]).toMatchObject({ quantite: 6, decoupe: { nbPieces: 2 } });
    await refused(
      await send('PATCH', `/rest/panier/lignes/${line!.id}`, { quantite: 3 }),
      DIMENSION_MESSAGES.cutLineQuantity,
    );
    await refused(
      await send('PATCH', `/rest/panier/lignes/${line!.id}`, {
        decoupe: { nbPieces: 2, dimensions: { longueur: 0, largeur: 1 } },
      }),
      DIMENSION_MESSAGES.positive('Longueur'),
    );
    expect((await cart()).lignes[0]).toMatchObject({ quantite: 6 });
  });

  it('refuses, with the rule’s French words, and adds nothing', async () => {
    await refused(await add('PARQ'), DIMENSION_MESSAGES.dimensionsRequired);
    await refused(
      await add('CIM', { nbPieces: 1, dimensions: { longueur: 1 } }),
      DIMENSION_MESSAGES.notCutToSize,
    );
    await refused(
      await add('PARQ', { nbPieces: 1, dimensions: { longueur: 2 } }),
      DIMENSION_MESSAGES.required('Largeur'),
    );
    await refused(
      await add('FER', { nbPieces: 1, dimensions: { longueur: 6.5 } }),
      DIMENSION_MESSAGES.beyondStandard('Longueur', '6 m'),
    );
    await refused(
      await add('PARQ', { nbPieces: 1, dimensions: { longueur: 2, largeur: 1, hauteur: 1 } }),
      DIMENSION_MESSAGES.notVariable('Hauteur'),
    );
    await refused(
      await add('PARQ', { nbPieces: 0, dimensions: { longueur: 2, largeur: 1 } }),
      DIMENSION_MESSAGES.piecesMin,
    );
    await refused(
      await add('PARQ', { nbPieces: 9999, dimensions: { longueur: 100, largeur: 100 } }),
      CART_MESSAGES.quantityTooLarge,
    );
    const cutLine = (await add('CIM', undefined, 2)).json() as Cart;
    expect(cutLine.lignes.map((l) => l.codeArticle)).toEqual(['CIM']);
    await refused(
      await send('PATCH', `/rest/panier/lignes/${cutLine.lignes[0]!.id}`, {
        decoupe: { nbPieces: 1, dimensions: { longueur: 1 } },
      }),
      DIMENSION_MESSAGES.notCutToSize,
    );
  });
});

describe('the order', () => {
  beforeEach(emptyCart);

  it('keeps the cut on the order line, shows it on the detail and writes it to the export file', async () => {
    await add('PARQ', { nbPieces: 4, dimensions: { longueur: 2.5, largeur: 1.2 } });
    await add('CIM', undefined, 2);
    const placed = await send('POST', '/rest/panier/commande', {
      adresseId: addressId,
      transporteurId: carrierId,
      modeReglement: 'compte',
    });
    expect(placed.statusCode).toBe(200);
    const { id, numero } = placed.json() as PlacedOrder;

    for (const [headers, query] of [
      [customer, ''],
      [admin, `?codeClient=${customerCode}`],
    ] as const) {
      const detail = (
        await app.inject({ url: `/rest/compte/mouvements/${id}${query}`, headers })
      ).json() as OrderDetail;
      expect(detail.lignes.map((line) => line.decoupe)).toEqual([
        {
          nbPieces: 4,
          dimensions: { longueur: 2.5, largeur: 1.2 },
          libelle: 'Découpe : 4 pièces de Longueur 2,5 m × Largeur 1,2 m',
        },
        null,
      ]);
      expect(detail.lignes[0]).toMatchObject({ quantite: 12, unite: 'M2', montantHT: 480 });
    }

    const file = fs.readFileSync(path.join(app.config.exportsDir, exportFileName({ numero })), 'utf8');
    expect(file.startsWith('COMPTOIR-COMMANDE;3\r\n')).toBe(true);
    const exported = parseOrderExport(file);
    expect(exported.lignes[0]).toMatchObject({
      codeArticle: 'PARQ',
      quantite: 12,
      nbPieces: 4,
      longueur: 2.5,
      largeur: 1.2,
      hauteur: null,
      diametre: null,
    });
    expect(exported.lignes[1]).toMatchObject({ codeArticle: 'CIM', nbPieces: null, longueur: null });
  });
});

describe('a change of the units’ variable dimensions and the carts’ cut lines', () => {
  const saveDimensions = (data: object[]) =>
    app.inject({
      method: 'POST',
      url: '/admin/dimensionsVariables/update',
      headers: admin,
      payload: { data },
    });
  const initialLines = [
    { ...NO_VARIABLE_DIMENSION, codeUnite: 'M2', longueurVariable: true, largeurVariable: true },
    { ...NO_VARIABLE_DIMENSION, codeUnite: 'BAR', longueurVariable: true },
  ];
  const order = () =>
    send('POST', '/rest/panier/commande', {
      adresseId: addressId,
      transporteurId: carrierId,
      modeReglement: 'compte',
    });
  const lineOf = async (code: string) => (await cart()).lignes.find((line) => line.codeArticle === code)!;

  it('recomputes them in the save’s transaction; those it cannot carry over are refused at checkout until changed', async () => {
    await emptyCart();
    await add('LAME', { nbPieces: 4, dimensions: { longueur: 2, largeur: 0.1 } });
    await add('PARQ', { nbPieces: 1, dimensions: { longueur: 2, largeur: 0.5 } });
    await add('FER', { nbPieces: 2, dimensions: { longueur: 1.5 } });
    await add('CIM', undefined, 1);
    expect(await lineOf('LAME')).toMatchObject({ quantite: 0.8, montantHT: 40 });
    try {
      // M2 keeps only its length; BAR is no longer sold cut to size.
      const saved = await saveDimensions([
        { ...NO_VARIABLE_DIMENSION, codeUnite: 'M2', longueurVariable: true },
      ]);
      expect(saved.statusCode).toBe(200);

      // The lath takes its own width (0,145 m): 4 × 2 m × 0,145 m, repriced at once.
      expect(await lineOf('LAME')).toMatchObject({
        quantite: 1.16,
        montantHT: 58,
        decoupe: { nbPieces: 4, dimensions: { longueur: 2 }, libelle: 'Découpe : 4 pièces de Longueur 2 m' },
        aRevoir: null,
      });
      // The parquet has no width of its own and the bar is no longer cut: both left as they were.
      expect(await lineOf('PARQ')).toMatchObject({
        quantite: 1,
        decoupe: { dimensions: { longueur: 2, largeur: 0.5 } },
        aRevoir: DIMENSION_MESSAGES.noStandard('Largeur'),
      });
      expect(await lineOf('FER')).toMatchObject({
        quantite: 0.5,
        decoupe: { nbPieces: 2 },
        aRevoir: DIMENSION_MESSAGES.noLongerCut,
      });
      expect(await lineOf('CIM')).toMatchObject({ quantite: 1, decoupe: null, aRevoir: null });

      await refused(
        await order(),
        DIMENSION_MESSAGES.cutToReview('Parquet chêne', DIMENSION_MESSAGES.noStandard('Largeur')),
      );
      await send('DELETE', `/rest/panier/lignes/${(await lineOf('PARQ')).id}`);
      await refused(
        await order(),
        DIMENSION_MESSAGES.cutToReview('Fer à béton HA 12 - 6 m', DIMENSION_MESSAGES.noLongerCut),
      );
      // The bar's line becomes an ordinary one by its quantity; the lath's still changes only by its cut.
      const fer = await lineOf('FER');
      expect((await send('PATCH', `/rest/panier/lignes/${fer.id}`, { quantite: 2 })).statusCode).toBe(200);
      expect(await lineOf('FER')).toMatchObject({ quantite: 2, decoupe: null, aRevoir: null });
      await refused(
        await send('PATCH', `/rest/panier/lignes/${(await lineOf('LAME')).id}`, { quantite: 3 }),
        DIMENSION_MESSAGES.cutLineQuantity,
      );

      const placed = await order();
      expect(placed.statusCode).toBe(200);
      const detail = (
        await app.inject({
          url: `/rest/compte/mouvements/${(placed.json() as PlacedOrder).id}`,
          headers: customer,
        })
      ).json() as OrderDetail;
      expect(detail.lignes.map((line) => line.decoupe?.dimensions ?? null)).toEqual([
        { longueur: 2 },
        null,
        null,
      ]);
    } finally {
      expect((await saveDimensions(initialLines)).statusCode).toBe(200);
    }
  });

  it('recomputes nothing when the save is refused', async () => {
    await emptyCart();
    await add('LAME', { nbPieces: 4, dimensions: { longueur: 2, largeur: 0.1 } });
    const refusedSave = await saveDimensions([
      { ...NO_VARIABLE_DIMENSION, codeUnite: 'M2', longueurVariable: true },
      { ...NO_VARIABLE_DIMENSION, codeUnite: 'NOPE', longueurVariable: true },
    ]);
    expect(refusedSave.statusCode).toBe(400);
    expect(await lineOf('LAME')).toMatchObject({
      quantite: 0.8,
      decoupe: { dimensions: { longueur: 2, largeur: 0.1 } },
    });
    await emptyCart();
  });
});
