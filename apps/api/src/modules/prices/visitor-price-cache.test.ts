// A visitor's product and family pages are kept whole and sent again at the front door (kept-front.ts),
// over real HTTP: they show the anonymous customer's prices, and the next visitor sees at once a change
// of the anonymous customer code, of its price rules or of its customer type.
import { eq } from 'drizzle-orm';
import { customers } from '@comptoir/db/schema';
import type { FamilyPage, FicheArticle } from '@comptoir/shared/catalogue';
import { SETTING_KEYS } from '@comptoir/shared/domain';
import {
  createArticle,
  createCustomer,
  createCustomerPrice,
  createCustomerType,
  createFamily,
} from '../../test/factories';
import { buildTestApp, untilChangesHeard, type App } from '../../test/helpers';
import { writeSetting } from '../settings/settings.service';

let app: App;
let base: string;
let family: string;

beforeAll(async () => {
  app = await buildTestApp({ answerCache: true });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  family = (await createFamily(app, { label: 'Enduits' })).code;
  await createArticle(app, { code: 'ENDUIT', familyCode: family, priceHt: 12.93 });
});
afterAll(() => app.close());

/** What a visitor without any cookie is sent, and whether the front door sent it. */
async function visitorSees(): Promise<{ product: number; tile: number; fromFront: boolean }> {
  const before = app.keptFront!.served;
  const product = (await (await fetch(`${base}/catalogue/articles/ENDUIT`)).json()) as FicheArticle;
  const page = (await (
    await fetch(`${base}/catalogue/familles/${family}?page=0&size=24&tri=pertinence&enStock=0`)
  ).json()) as FamilyPage;
  return {
    product: product.prixHT!,
    tile: page.articles.elements[0]!.prixHT!,
    fromFront: app.keptFront!.served === before + 2,
  };
}

it('follows the anonymous customer code, its price rules and its type', async () => {
  const discount = await createCustomerType(app, { label: 'Remisés' });
  await createCustomerPrice(app, { customerTypeCode: discount.code, familyCode: family, discount: 10 });
  const anonymous = await createCustomer(app, { name: 'Visiteurs' });
  const other = await createCustomer(app, { name: 'Autres visiteurs' });
  await createCustomerPrice(app, { customerCode: other.code, articleCode: 'ENDUIT', netPrice: 11 });
  await writeSetting(app.db, SETTING_KEYS.visiteurCodeClient, anonymous.code);
  await untilChangesHeard(app);

  await visitorSees();
  expect(await visitorSees()).toEqual({ product: 12.93, tile: 12.93, fromFront: true });

  // Its own price on the article.
  await createCustomerPrice(app, { customerCode: anonymous.code, articleCode: 'ENDUIT', netPrice: 12.54 });
  await untilChangesHeard(app);
  expect(await visitorSees()).toMatchObject({ product: 12.54, tile: 12.54 });
  expect(await visitorSees()).toEqual({ product: 12.54, tile: 12.54, fromFront: true });

  // Another anonymous customer code.
  await writeSetting(app.db, SETTING_KEYS.visiteurCodeClient, other.code);
  await untilChangesHeard(app);
  expect(await visitorSees()).toMatchObject({ product: 11, tile: 11 });

  // Its type changes (an ERP import of the customers): the type's discount applies.
  await writeSetting(app.db, SETTING_KEYS.visiteurCodeClient, anonymous.code);
  await app.db.delete(customers).where(eq(customers.code, other.code));
  await app.db.update(customers).set({ typeCode: discount.code }).where(eq(customers.code, anonymous.code));
  await untilChangesHeard(app);
  expect(await visitorSees()).toMatchObject({ product: 12.54, tile: 12.54 }); // its own price still first
  await writeSetting(app.db, SETTING_KEYS.visiteurCodeClient, null);
  await untilChangesHeard(app);
  expect(await visitorSees()).toMatchObject({ product: 12.93, tile: 12.93 }); // no code: list prices
});

it('gives the type’s price to the anonymous customer without a price of its own', async () => {
  const discount = await createCustomerType(app, { label: 'Remise 20' });
  await createCustomerPrice(app, { customerTypeCode: discount.code, articleCode: 'ENDUIT', discount: 20 });
  const anonymous = await createCustomer(app, { name: 'Visiteurs sans tarif' });
  await writeSetting(app.db, SETTING_KEYS.visiteurCodeClient, anonymous.code);
  await untilChangesHeard(app);
  expect(await visitorSees()).toMatchObject({ product: 12.93, tile: 12.93 });
  await app.db.update(customers).set({ typeCode: discount.code }).where(eq(customers.code, anonymous.code));
  await untilChangesHeard(app);
  expect(await visitorSees()).toMatchObject({ product: 10.344, tile: 10.344 });
  expect(await visitorSees()).toEqual({ product: 10.344, tile: 10.344, fromFront: true });
});
