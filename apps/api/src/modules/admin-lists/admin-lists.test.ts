// GET /openweb/admin/admin_liste, table by table (docs/admin-liste.md).
import { AUTH_MESSAGES } from '@comptoir/shared/auth';
import { AGENCY_SELECTION_MODES, NO_AGENCY_CHOICE } from '@comptoir/shared/orders/contract';
import type { ValLib } from '@comptoir/shared/reference';
import { createAgency, createCustomer, createCustomerType } from '../../test/factories';
import { buildAppAs, createCustomerUser, loginAs, type App, type SessionHeaders } from '../../test/helpers';

let app: App;
let admin: SessionHeaders;
beforeAll(async () => {
  ({ app, headers: admin } = await buildAppAs('admin'));
  const pro = await createCustomerType(app, { code: 'PRO', label: 'Professionnel' });
  const par = await createCustomerType(app, { code: 'PAR', label: 'Particulier' });
  const art = await createCustomerType(app, { code: 'ART', label: 'Artisan écolo' });
  const lyon = await createAgency(app, { code: 'LYO', label: 'Lyon' });
  const annecy = await createAgency(app, { code: 'ANN', label: 'Annecy' });
  await createCustomer(app, {
    code: 'CL001',
    name: 'Éric Lefèvre',
    typeCode: par.code,
    agencyCode: lyon.code,
  });
  await createCustomer(app, {
    code: 'CL002',
    name: 'Maçonnerie Durand',
    typeCode: pro.code,
    agencyCode: lyon.code,
  });
  await createCustomer(app, {
    code: 'XY100',
    name: 'Bâti 100%',
    typeCode: art.code,
    agencyCode: annecy.code,
  });
});
afterAll(() => app.close());

async function list(query: string, headers: { cookie?: string } = admin) {
  return app.inject({ url: `/openweb/admin/admin_liste?${query}`, headers });
}
async function rows(query: string): Promise<ValLib[]> {
  const response = await list(query);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as ValLib[];
}

describe('table=client', () => {
  it('lists customers as code and name, by name', async () => {
    expect(await rows('table=client')).toEqual([
      { VAL: 'XY100', LIB: 'Bâti 100%' },
      { VAL: 'CL001', LIB: 'Éric Lefèvre' },
      { VAL: 'CL002', LIB: 'Maçonnerie Durand' },
    ]);
  });

  it('filters by code prefix, name (no case, no accent) and customer types', async () => {
    expect((await rows('table=client&value=cl')).map((r) => r.VAL)).toEqual(['CL001', 'CL002']);
    expect((await rows('table=client&label=MACON')).map((r) => r.VAL)).toEqual(['CL002']);
    expect((await rows('table=client&label=100%25')).map((r) => r.VAL)).toEqual(['XY100']);
    expect((await rows('table=client&restriction=PRO,%20ART')).map((r) => r.VAL)).toEqual(['XY100', 'CL002']);
    expect(await rows('table=client&value=CL&label=bati')).toEqual([]);
  });
});

describe('table=parametrage', () => {
  it('lists the customer types as code and label, by label', async () => {
    expect(await rows('table=parametrage')).toEqual([
      { VAL: 'ART', LIB: 'Artisan écolo' },
      { VAL: 'PAR', LIB: 'Particulier' },
      { VAL: 'PRO', LIB: 'Professionnel' },
    ]);
    expect(await rows('table=parametrage&value=PAR')).toEqual([{ VAL: 'PAR', LIB: 'Particulier' }]);
    expect(await rows('table=parametrage&label=ECOLO')).toEqual([{ VAL: 'ART', LIB: 'Artisan écolo' }]);
  });
});

describe('table=connexion', () => {
  it('lists the agency selection modes by default', async () => {
    const modes = AGENCY_SELECTION_MODES.map(({ VAL, LIB }) => ({ VAL, LIB }));
    expect(await rows('table=connexion')).toEqual(modes);
    expect(await rows('table=connexion&restriction=modeSelectionAgence')).toEqual(modes);
    expect(await rows('table=connexion&restriction=modeSelectionAgence&label=defaut')).toEqual([
      { VAL: 'DEFAUT', LIB: 'Agence de tarif par défaut' },
    ]);
  });

  it("lists 'Aucune agence' then the agencies for the default tariff agency", async () => {
    expect(await rows('table=connexion&restriction=agenceDefautTarif')).toEqual([
      { VAL: NO_AGENCY_CHOICE.VAL, LIB: 'Aucune agence' },
      { VAL: 'ANN', LIB: 'Annecy' },
      { VAL: 'LYO', LIB: 'Lyon' },
    ]);
    expect(await rows('table=connexion&restriction=agenceDefautTarif&value=LYO')).toEqual([
      { VAL: 'LYO', LIB: 'Lyon' },
    ]);
    expect(await rows('table=connexion&restriction=agenceDefautTarif&label=aucune')).toEqual([
      { VAL: '', LIB: 'Aucune agence' },
    ]);
  });
});

describe('invalid queries and access', () => {
  it('refuses an unknown table or restriction', async () => {
    const noTable = await list('');
    expect(noTable.statusCode).toBe(400);
    expect(noTable.json().message).toBe(
      'Paramètre « table » invalide : valeur attendue parmi client, parametrage, connexion',
    );
    const badRestriction = await list('table=connexion&restriction=autre');
    expect(badRestriction.statusCode).toBe(400);
    expect(badRestriction.json().message).toBe(
      'Paramètre « restriction » invalide : valeur attendue parmi modeSelectionAgence, agenceDefautTarif pour la table connexion',
    );
  });

  it('is for administrators only', async () => {
    expect((await list('table=client', {})).statusCode).toBe(401);
    const customer = await list('table=client', await loginAs(app, await createCustomerUser(app)));
    expect(customer.statusCode).toBe(403);
    expect(customer.json()).toEqual({ message: AUTH_MESSAGES.forbidden });
  });
});
