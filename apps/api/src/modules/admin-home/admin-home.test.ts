import { sql } from 'drizzle-orm';
import { queryRows } from '@comptoir/db/client';
import { articles, families, loginEvents, orders, units } from '@comptoir/db/schema';
import {
  buildTestApp,
  createAdmin,
  createCustomer,
  createCustomerUser,
  loginAs,
  type App,
} from '../../test/helpers';

let app: App;
beforeAll(async () => {
  app = await buildTestApp();
});
afterAll(() => app.close());

describe('GET /admin/accueil', () => {
  it('counts today in Paris, payments to validate, customers, active articles and logins', async () => {
    const customer = await createCustomer(app);
    await createCustomer(app, { agencyCode: customer.agencyCode, typeCode: customer.typeCode });
    await app.db.insert(units).values({ code: 'U', label: 'Unité' });
    await app.db.insert(families).values({ code: 'F', label: 'Famille', level: 1 });
    const article = { familyCode: 'F', priceHt: 1, saleUnit: 'U', stockUnit: 'U', prepUnit: 'U' };
    await app.db.insert(articles).values([
      { code: 'A1', designation1: 'Un', ...article },
      { code: 'A2', designation1: 'Deux', ...article },
      { code: 'A3', designation1: 'Retiré', ...article, active: false },
    ]);
    // Midnight in Paris, computed by the database like the route does, and times around it.
    const [row] = await queryRows<{ midnight: string | Date }>(
      app.db,
      sql`select (date_trunc('day', now() at time zone 'Europe/Paris') at time zone 'Europe/Paris') as midnight`,
    );
    const start = new Date(row!.midnight);
    const at = (minutes: number) => new Date(start.getTime() + minutes * 60_000);
    const order = (number: string, orderedAt: Date, cartType: 'TER' | 'VAL' | 'ATT' | 'AT2') => ({
      number,
      movementType: 'web' as const,
      customerCode: customer.code,
      agencyCode: customer.agencyCode,
      orderedAt,
      amountHt: 100,
      cartType,
    });
    await app.db.insert(orders).values([
      order('N1', at(1), 'TER'),
      order('N2', at(60 * 20), 'ATT'),
      order('N3', at(-1), 'AT2'), // yesterday evening in Paris
      order('N4', at(-60 * 24 * 40), 'VAL'),
    ]);
    const user = await createCustomerUser(app, customer.code);
    await app.db.insert(loginEvents).values([
      { userId: user.id, customerCode: customer.code, at: at(5) },
      { userId: user.id, customerCode: customer.code, at: at(6) },
      { userId: user.id, customerCode: customer.code, at: at(-5) },
    ]);

    const response = await app.inject({
      url: '/admin/accueil',
      headers: await loginAs(app, await createAdmin(app)),
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      commandesDuJour: 2,
      paiementsAValider: 2,
      clients: 2,
      articles: 2,
      connexionsDuJour: 2,
    });
  });
});
