// Customer prices end to end: a logged-in customer sees its own price on the family page and the
// product page, in the cart, on the order and in its export file; its type's price when it has none;
// visitors the list price (the anonymous customer's, when one is set: visitor-cart.test.ts and price-shown.property.test.ts); the tariff agency follows agence.modeSelectionAgence.
import fs from 'node:fs';
import path from 'node:path';
import type { Cart, CheckoutOptions, PlacedOrder } from '@comptoir/shared/cart';
import type { FamilyPage, FicheArticle } from '@comptoir/shared/catalogue';
import { SETTING_KEYS } from '@comptoir/shared/domain';
import {
  createAgency,
  createArticle,
  createCarrier,
  createCustomer,
  createCustomerPrice,
  createCustomerType,
  createDeliveryAddress,
  createFamily,
  createVariant,
  createZone,
} from '../../test/factories';
import { writeSetting } from '../settings/settings.service';
import { buildTestApp, createCustomerUser, loginAs, type App, type SessionHeaders } from '../../test/helpers';

let app: App;
let family: string;
let subFamily: string;
let zoneId: number;
let pro: string;
let agency: string;
let otherAgency: string;

beforeAll(async () => {
  app = await buildTestApp();
  family = (await createFamily(app, { label: 'Gros œuvre' })).code;
  subFamily = (await createFamily(app, { label: 'Ciments', parentCode: family, level: 2 })).code;
  await createArticle(app, { code: 'CIM35', familyCode: subFamily, priceHt: 10 });
  await createArticle(app, { code: 'CIM52', familyCode: subFamily, priceHt: 20 });
  await createArticle(app, { code: 'PARPAING', familyCode: family, priceHt: 2 });
  await createArticle(app, { code: 'SABLE', familyCode: subFamily, priceHt: 40 });
  await createVariant(app, { articleCode: 'SABLE', code: 'FIN', designation: 'Sable fin', priceHt: 50 });
  pro = (await createCustomerType(app, { label: 'Artisans' })).code;
  agency = (await createAgency(app, { label: 'Lyon' })).code;
  otherAgency = (await createAgency(app, { label: 'Grenoble' })).code;
  zoneId = (await createZone(app, { label: 'Lyon centre' })).id;
  await createCarrier(app, { name: 'Retrait agence', position: 0, pickup: true });
});
afterAll(() => app.close());

async function customerSession(typeCode = pro) {
  const customer = await createCustomer(app, { typeCode, agencyCode: agency });
  await createDeliveryAddress(app, { customerCode: customer.code, zoneId, isDefault: true });
  const user = await createCustomerUser(app, customer.code);
  return { code: customer.code, headers: await loginAs(app, user) };
}

const getJson = async <T>(url: string, headers?: SessionHeaders) => {
  const response = await app.inject({ url, headers });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<T>();
};
const priceOnFamilyPage = async (code: string, headers?: SessionHeaders) =>
  (await getJson<FamilyPage>(`/catalogue/familles/${family}?size=96`, headers)).articles.elements.find(
    (a) => a.codeArticle === code,
  )?.prixHT;

describe('a logged-in customer', () => {
  let own: { code: string; headers: SessionHeaders };

  beforeAll(async () => {
    own = await customerSession();
    // Its type's discount on the whole family, its type's price on CIM52, its own price on CIM35.
    await createCustomerPrice(app, { customerTypeCode: pro, familyCode: family, discount: 10 });
    await createCustomerPrice(app, { customerTypeCode: pro, articleCode: 'CIM52', netPrice: 17 });
    await createCustomerPrice(app, { customerCode: own.code, articleCode: 'CIM35', netPrice: 7.5 });
  });

  it('sees its own price, else its type’s, on the family page and the product page', async () => {
    expect(await priceOnFamilyPage('CIM35', own.headers)).toBe(7.5);
    expect(await priceOnFamilyPage('CIM52', own.headers)).toBe(17);
    expect(await priceOnFamilyPage('PARPAING', own.headers)).toBe(1.8);
    const product = await getJson<FicheArticle>('/catalogue/articles/CIM35', own.headers);
    expect(product).toMatchObject({ prixHT: 7.5, prixTTC: 9 });
    // A declinaison: the discount applies to its own list price.
    const sable = await getJson<FicheArticle>('/catalogue/articles/SABLE', own.headers);
    expect(sable.prixHT).toBe(36);
    expect(sable.declinaisons[0]?.prixHT).toBe(45);
  });

  it('while visitors and another type’s customers see the list price', async () => {
    expect(await priceOnFamilyPage('CIM35')).toBe(10);
    expect((await getJson<FicheArticle>('/catalogue/articles/CIM52')).prixHT).toBe(20);
    const other = await customerSession((await createCustomerType(app)).code);
    expect(await priceOnFamilyPage('CIM35', other.headers)).toBe(10);
  });

  it('pays its price in the cart, at checkout, on the order and in the export file', async () => {
    const add = (codeArticle: string, quantite: number, codeDeclinaison?: string) =>
      app.inject({
        method: 'POST',
        url: '/rest/panier/lignes',
        headers: own.headers,
        payload: { codeArticle, quantite, codeDeclinaison },
      });
    await add('CIM35', 4);
    const cart = (await add('SABLE', 1, 'FIN')).json<Cart>();
    expect(cart.lignes.map((l) => [l.codeArticle, l.prixUnitaireHT, l.montantHT])).toEqual([
      ['CIM35', 7.5, 30],
      ['SABLE', 45, 45],
    ]);
    expect(cart.totalHT).toBe(75);

    const options = await getJson<CheckoutOptions>('/rest/panier/livraison', own.headers);
    expect(options.panier.totalHT).toBe(75);
    const placed = await app.inject({
      method: 'POST',
      url: '/rest/panier/commande',
      headers: own.headers,
      payload: {
        adresseId: options.adresseId,
        transporteurId: options.transporteurs[0]!.id,
        modeReglement: 'compte',
      },
    });
    expect(placed.statusCode, placed.body).toBe(200);
    const { id, numero } = placed.json<PlacedOrder>();
    const detail = await getJson<{
      montantHT: number;
      lignes: { codeArticle: string; prixUnitaireHT: number }[];
    }>(`/rest/compte/mouvements/${id}`, own.headers);
    expect(detail.lignes.map((l) => [l.codeArticle, l.prixUnitaireHT])).toEqual([
      ['CIM35', 7.5],
      ['SABLE', 45],
    ]);
    const file = fs
      .readdirSync(app.config.exportsDir)
      .find((name) => name.includes(numero.replace(/\W/g, '')) || name.includes(numero));
    expect(file).toBeDefined();
    const content = fs.readFileSync(path.join(app.config.exportsDir, file!), 'utf8');
    expect(content).toMatch(/;CIM35;.*;7[.,]5(000)?;/);
  });
});

describe('the tariff agency', () => {
  it("follows modeSelectionAgence: the customer's agency, or the default tariff agency", async () => {
    const customer = await customerSession();
    await createCustomerPrice(app, {
      customerCode: customer.code,
      articleCode: 'CIM52',
      agencyCode: agency,
      netPrice: 15,
    });
    await createCustomerPrice(app, {
      customerCode: customer.code,
      articleCode: 'CIM52',
      agencyCode: otherAgency,
      netPrice: 14,
    });
    expect(await priceOnFamilyPage('CIM52', customer.headers)).toBe(15);

    await writeSetting(app.db, SETTING_KEYS.modeSelectionAgence, 'defaut');
    await writeSetting(app.db, SETTING_KEYS.agenceDefautTarif, otherAgency);
    expect(await priceOnFamilyPage('CIM52', customer.headers)).toBe(14);
    // An agency without prices of its own: only prices for every agency apply (here its type's, 17).
    await writeSetting(app.db, SETTING_KEYS.agenceDefautTarif, (await createAgency(app)).code);
    expect(await priceOnFamilyPage('CIM52', customer.headers)).toBe(17);
    await writeSetting(app.db, SETTING_KEYS.modeSelectionAgence, 'client');
  });
});
