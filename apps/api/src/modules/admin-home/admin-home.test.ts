import { sql } from 'drizzle-orm';
import { queryRows } from '@comptoir/db/client';
import { loginEvents } from '@comptoir/db/schema';
import { createArticle, createCustomer, createOrder } from '../../test/factories';
import { buildAppAs, createCustomerUser, type App, type SessionHeaders } from '../../test/helpers';

let app: App;
let admin: SessionHeaders;
beforeAll(async () => {
  ({ app, headers: admin } = await buildAppAs('admin'));
});
afterAll(() => app.close());

describe('GET /admin/accueil', () => {
  it('counts today in Paris, payments to validate, customers, active articles and logins', async () => {
    const customer = await createCustomer(app);
    await createCustomer(app, { agencyCode: customer.agencyCode, typeCode: customer.typeCode });
    await createArticle(app);
    await createArticle(app);
    await createArticle(app, { active: false });
    // Midnight in Paris, computed by the database like the route does, and times around it.
    const [row] = await queryRows<{ midnight: string | Date }>(
      app.db,
      sql`select (date_trunc('day', now() at time zone 'Europe/Paris') at time zone 'Europe/Paris') as midnight`,
    );
    const start = new Date(row!.midnight);
    const at = (minutes: number) => new Date(start.getTime() + minutes * 60_000);
    const order = (orderedAt: Date, cartType: 'TER' | 'VAL' | 'ATT' | 'AT2') =>
      createOrder(app, { customerCode: customer.code, orderedAt, cartType });
    await order(at(1), 'TER');
    await order(at(60 * 20), 'ATT');
    await order(at(-1), 'AT2'); // yesterday evening in Paris
    await order(at(-60 * 24 * 40), 'VAL');
    const user = await createCustomerUser(app, customer.code);
    await app.db.insert(loginEvents).values([
      { userId: user.id, customerCode: customer.code, at: at(5) },
      { userId: user.id, customerCode: customer.code, at: at(6) },
      { userId: user.id, customerCode: customer.code, at: at(-5) },
    ]);

    const response = await app.inject({ url: '/admin/accueil', headers: admin });
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
