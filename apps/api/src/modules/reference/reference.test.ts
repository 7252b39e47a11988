import { AUTH_MESSAGES } from '@comptoir/shared/auth';
import { createAgency, createCustomer, createCustomerType } from '../../test/factories';
import { buildAppAs, type App, type SessionHeaders } from '../../test/helpers';

let app: App;
let admin: SessionHeaders;
beforeAll(async () => {
  ({ app, headers: admin } = await buildAppAs('admin'));
});
afterAll(() => app.close());

const get = (url: string) => app.inject({ url, headers: admin });

describe('GET /service/agences', () => {
  it('lists the agencies by label', async () => {
    await createAgency(app, { code: 'AG2', label: 'Nantes' });
    await createAgency(app, { code: 'AG1', label: 'Angers' });
    const response = await get('/service/agences');
    expect(response.statusCode).toBe(200);
    const rows = response.json() as { code_agence: string; libelle_agence: string }[];
    expect(rows.filter((row) => row.code_agence.startsWith('AG'))).toEqual([
      { code_agence: 'AG1', libelle_agence: 'Angers' },
      { code_agence: 'AG2', libelle_agence: 'Nantes' },
    ]);
    const labels = rows.map((row) => row.libelle_agence);
    expect(labels).toEqual([...labels].sort((a, b) => a.localeCompare(b, 'fr', { sensitivity: 'base' })));
  });

  it('answers 401 without a session', async () => {
    const response = await app.inject({ url: '/service/agences' });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ message: AUTH_MESSAGES.notLoggedIn });
  });
});

describe('GET /service/clients', () => {
  beforeAll(async () => {
    const pro = await createCustomerType(app, { code: 'PRO', label: 'Professionnel' });
    const par = await createCustomerType(app, { code: 'PAR', label: 'Particulier' });
    await createCustomer(app, {
      code: 'CL0100',
      name: 'Éric Lefèvre',
      typeCode: par.code,
      isProfessional: false,
    });
    await createCustomer(app, { code: 'CL0101', name: 'Maçonnerie Durand', typeCode: pro.code });
    await createCustomer(app, { code: 'CL0200', name: 'Toitures de l’Ouest', typeCode: pro.code });
    await createCustomer(app, { code: 'DUR001', name: 'Bâti 100%', typeCode: pro.code });
  });

  const codes = async (query: string) =>
    ((await get(`/service/clients?${query}`)).json() as { code: string }[]).map((c) => c.code);

  it('answers code, libelle, libelle_type, code_type', async () => {
    const response = await get('/service/clients?recherche=CL0100');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual([
      { code: 'CL0100', libelle: 'Éric Lefèvre', libelle_type: 'Particulier', code_type: 'PAR' },
    ]);
  });

  it('finds by code prefix, case-insensitively', async () => {
    expect(await codes('recherche=cl01')).toEqual(['CL0100', 'CL0101']);
  });

  it('finds by name, ignoring case and accents', async () => {
    expect(await codes('recherche=eric')).toEqual(['CL0100']);
    expect(await codes('recherche=MACONNERIE')).toEqual(['CL0101']);
    expect(await codes('recherche=lefevre')).toEqual(['CL0100']);
  });

  it('puts code matches first, then names', async () => {
    // 'dur' is the start of DUR001's code and inside "Maçonnerie Durand".
    expect(await codes('recherche=dur')).toEqual(['DUR001', 'CL0101']);
  });

  it('takes % and _ literally', async () => {
    expect(await codes('recherche=100%25')).toEqual(['DUR001']);
    expect(await codes('recherche=CL_1')).toEqual([]);
  });

  it('limits the answer', async () => {
    expect(await codes('limit=2')).toHaveLength(2);
    expect(await codes('recherche=CL&limit=1')).toEqual(['CL0100']);
  });

  it('refuses a bad limit with a message naming it', async () => {
    const response = await get('/service/clients?limit=beaucoup');
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('Paramètre « limit » invalide : nombre attendu');
    const tooMany = await get('/service/clients?limit=1000');
    expect(tooMany.json().message).toBe('Paramètre « limit » invalide : doit être inférieur ou égal à 100');
  });
});

describe('GET /service/typesClient', () => {
  it('lists the customer types as VAL/LIB by label', async () => {
    await createCustomerType(app, { code: 'ZZ', label: 'Artisan' });
    const response = await get('/service/typesClient');
    expect(response.statusCode).toBe(200);
    const rows = response.json() as { VAL: string; LIB: string }[];
    expect(rows).toContainEqual({ VAL: 'ZZ', LIB: 'Artisan' });
    const labels = rows.map((row) => row.LIB);
    expect(labels).toEqual([...labels].sort((a, b) => a.localeCompare(b, 'fr', { sensitivity: 'base' })));
  });
});
