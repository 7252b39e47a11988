// The demo customer accounts created with the demo data: a professional's and a private one's.
import { eq } from 'drizzle-orm';
import { verify } from '@node-rs/argon2';
import { users } from '@comptoir/db/schema';
import { createCustomer, createDeliveryAddress } from '../../test/factories';
import { buildTestApp, type App } from '../../test/helpers';
import { createDemoCustomerAccounts } from './auth.service';

let app: App;
beforeAll(async () => {
  app = await buildTestApp();
});
afterAll(() => app.close());

describe('createDemoCustomerAccounts', () => {
  it('gives the first professional and private customers with an address a login and a printed password', async () => {
    const noAddress = await createCustomer(app, { code: 'A0001', isProfessional: true, email: 'a@x.fr' });
    const pro = await createCustomer(app, { code: 'B0001', isProfessional: true, email: 'pro@x.fr' });
    const individual = await createCustomer(app, { code: 'C0001', isProfessional: false, email: 'par@x.fr' });
    await createDeliveryAddress(app, { customerCode: pro.code });
    await createDeliveryAddress(app, { customerCode: individual.code });

    const created = await createDemoCustomerAccounts(app.db);
    expect(created.map((a) => [a.login, a.codeClient, a.kind])).toEqual([
      ['demo-pro', pro.code, 'professionnel'],
      ['demo-particulier', individual.code, 'particulier'],
    ]);
    for (const account of created) {
      const [row] = await app.db.select().from(users).where(eq(users.login, account.login));
      expect(row).toMatchObject({ role: 'client', customerCode: account.codeClient });
      expect(await verify(row!.passwordHash, account.password)).toBe(true);
    }
    expect(noAddress.code).not.toBe(created[0]!.codeClient);
    // Run again (a second server on the same data): the logins are taken, nothing is created.
    expect(await createDemoCustomerAccounts(app.db)).toEqual([]);
  });
});
