// A cart becomes exactly one order, however many checkouts of it run at once (a double-click, a
// retry, several tabs). On PostgreSQL the requests really overlap; PGlite runs them one by one.
import { eq } from 'drizzle-orm';
import { orders } from '@comptoir/db/schema';
import { CART_MESSAGES } from '@comptoir/shared/cart';
import {
  createArticle,
  createCarrier,
  createCustomer,
  createDeliveryAddress,
  createZone,
} from '../../test/factories';
import { buildTestApp, createCustomerUser, loginAs, type App } from '../../test/helpers';

describe('concurrent checkouts of one cart', () => {
  let app: App;
  let carrierId: number;
  let zoneId: number;

  beforeAll(async () => {
    app = await buildTestApp();
    zoneId = (await createZone(app, { label: 'Zone de test' })).id;
    await createArticle(app, { code: 'CIM', designation1: 'Ciment 35 kg', priceHt: 9.99 });
    carrierId = (await createCarrier(app, { name: 'Camion', position: 1 })).id;
  });
  afterAll(() => app.close());

  it.each(['compte', 'carte'] as const)(
    'places one order for 8 simultaneous checkouts paid by %s',
    async (modeReglement) => {
      const customer = await createCustomer(app, { isProfessional: true });
      const headers = await loginAs(app, await createCustomerUser(app, customer.code));
      const address = await createDeliveryAddress(app, { customerCode: customer.code, zoneId });
      const added = await app.inject({
        method: 'POST',
        url: '/rest/panier/lignes',
        headers,
        payload: { codeArticle: 'CIM', quantite: 3 },
      });
      expect(added.statusCode).toBe(200);

      const body = {
        adresseId: address.id,
        transporteurId: carrierId,
        modeReglement,
        ...(modeReglement === 'carte' && { carte: { numero: '4242424242424242' } }),
      };
      const answers = await Promise.all(
        Array.from({ length: 8 }, () =>
          app.inject({ method: 'POST', url: '/rest/panier/commande', headers, payload: body }),
        ),
      );

      const statuses = answers.map((answer) => answer.statusCode).sort();
      expect(statuses).toEqual([200, 400, 400, 400, 400, 400, 400, 400]);
      for (const refused of answers.filter((answer) => answer.statusCode === 400))
        expect(refused.json()).toMatchObject({ message: CART_MESSAGES.emptyCart });
      expect(await app.db.$count(orders, eq(orders.customerCode, customer.code))).toBe(1);
    },
  );
});
