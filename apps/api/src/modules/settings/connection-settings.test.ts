// The connection settings screen's calls: read, save (checked, one transaction, every change recorded)
// and the change history. The app keeps its answers (the answer cache) as a server does: a saved
// setting must be read back at once.
import {
  CONNECTION_SETTINGS_MESSAGES,
  historiqueResponse,
  parametresConnexion,
  type ParametresConnexion,
} from '@comptoir/shared/connection-settings';
import { buildAppAs, type App, type SessionHeaders, type TestUser } from '../../test/helpers';
import { createAgency, createCustomer, createCustomerType } from '../../test/factories';

let app: App;
let admin: SessionHeaders;
let adminUser: TestUser;
beforeAll(async () => {
  ({ app, headers: admin, user: adminUser } = await buildAppAs('admin', { answerCache: true }));
});
afterAll(() => app.close());

const URL = '/admin/parametres/connexion';

async function current(): Promise<ParametresConnexion> {
  const response = await app.inject({ url: URL, headers: admin });
  expect(response.statusCode).toBe(200);
  return parametresConnexion.parse(response.json());
}

const save = (body: unknown) =>
  app.inject({ method: 'PUT', url: URL, headers: admin, payload: body as object });

async function history() {
  const response = await app.inject({ url: `${URL}/historique`, headers: admin });
  expect(response.statusCode).toBe(200);
  return historiqueResponse.parse(response.json());
}

it('reads the defaults before anything is saved', async () => {
  expect(await current()).toEqual({
    allowAnonymousAccess: '1',
    visiteurCodeClient: null,
    anonymousParametrages: [],
    allowAnonymousCommande: '0',
    showAnonymousPrices: '1',
    allowParAccount: '0',
    allowProAccount: '0',
    anonymousAccount: '0',
    typeClientTemporaire: null,
    activateEncoursChecking: '0',
    blockOfflinePayment: '0',
    blockOnEncoursError: '0',
    modeSelectionAgence: 'client',
    agenceDefautTarif: null,
  });
});

it('saves every field, answers them as stored and records each change with who made it', async () => {
  const agency = await createAgency(app, { label: 'Annecy' });
  const type = await createCustomerType(app, { label: 'Particulier' });
  const visitor = await createCustomer(app, { name: 'Visiteur du site' });
  const before = await current();
  const historyBefore = (await history()).total;
  const wanted: ParametresConnexion = {
    ...before,
    allowAnonymousAccess: '1',
    visiteurCodeClient: visitor.code,
    anonymousParametrages: [type.code],
    showAnonymousPrices: '0',
    anonymousAccount: '1',
    typeClientTemporaire: type.code,
    modeSelectionAgence: 'defaut',
    agenceDefautTarif: agency.code,
  };
  const response = await save(wanted);
  expect(response.statusCode).toBe(200);
  expect(response.json()).toEqual(wanted);
  expect(await current()).toEqual(wanted);

  const { total, elements } = await history();
  expect(total).toBe(historyBefore + 7);
  const byField = Object.fromEntries(elements.slice(0, 7).map((change) => [change.champ, change]));
  expect(byField.visiteurCodeClient).toMatchObject({
    login: adminUser.login,
    ancienneValeur: null,
    nouvelleValeur: visitor.code,
  });
  expect(byField.anonymousParametrages).toMatchObject({ ancienneValeur: [], nouvelleValeur: [type.code] });
  expect(byField.showAnonymousPrices).toMatchObject({ ancienneValeur: '1', nouvelleValeur: '0' });
  expect(byField.modeSelectionAgence).toMatchObject({ ancienneValeur: 'client', nouvelleValeur: 'defaut' });
  expect(Math.abs(elements[0]!.date - Date.now() / 1000)).toBeLessThan(60);

  // Saving the same values again records nothing.
  expect((await save(wanted)).statusCode).toBe(200);
  expect((await history()).total).toBe(historyBefore + 7);
});

it("takes '' for 'Aucune agence' (none)", async () => {
  const response = await save({ ...(await current()), modeSelectionAgence: 'client', agenceDefautTarif: '' });
  expect(response.statusCode).toBe(200);
  expect(response.json().agenceDefautTarif).toBeNull();
});

describe('refuses a bad body with a French message, and changes nothing', () => {
  const cases: [string, (s: ParametresConnexion) => object, string, string][] = [
    [
      'an unknown customer code',
      (s) => ({ ...s, visiteurCodeClient: 'NEXISTEPAS' }),
      'visiteurCodeClient',
      CONNECTION_SETTINGS_MESSAGES.unknownCustomer('NEXISTEPAS'),
    ],
    [
      'an unknown profile',
      (s) => ({ ...s, anonymousParametrages: ['ZZZ'] }),
      'anonymousParametrages',
      CONNECTION_SETTINGS_MESSAGES.unknownProfile('ZZZ'),
    ],
    [
      'an unknown customer type',
      (s) => ({ ...s, anonymousAccount: '1', typeClientTemporaire: 'ZZZ' }),
      'typeClientTemporaire',
      CONNECTION_SETTINGS_MESSAGES.unknownCustomerType('ZZZ'),
    ],
    [
      'temporary accounts without their profile',
      (s) => ({ ...s, anonymousAccount: '1', typeClientTemporaire: null }),
      'typeClientTemporaire',
      CONNECTION_SETTINGS_MESSAGES.temporaryTypeRequired,
    ],
    [
      'an unknown agency',
      (s) => ({ ...s, agenceDefautTarif: 'ZZZ' }),
      'agenceDefautTarif',
      CONNECTION_SETTINGS_MESSAGES.unknownAgency('ZZZ'),
    ],
    [
      "the 'defaut' mode without a default agency",
      (s) => ({ ...s, modeSelectionAgence: 'defaut', agenceDefautTarif: '' }),
      'agenceDefautTarif',
      CONNECTION_SETTINGS_MESSAGES.defaultAgencyRequired,
    ],
  ];
  it.each(cases)('%s', async (_name, change, champ, message) => {
    const before = await current();
    const historyBefore = (await history()).total;
    // A valid change beside the bad one must not be saved either.
    const body = { ...change({ ...before, allowProAccount: before.allowProAccount === '1' ? '0' : '1' }) };
    const response = await save(body);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ message, details: [{ champ, message }] });
    expect(await current()).toEqual(before);
    expect((await history()).total).toBe(historyBefore);
  });

  it('a flag that is not 0 or 1, naming the field', async () => {
    const response = await save({ ...(await current()), allowAnonymousAccess: 'oui' });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toContain('allowAnonymousAccess');
  });

  it('an unknown mode', async () => {
    const response = await save({ ...(await current()), modeSelectionAgence: 'agence' });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toContain('modeSelectionAgence');
  });
});

it('pages the history, newest first', async () => {
  const all = await history();
  expect(all.total).toBeGreaterThan(2);
  const response = await app.inject({ url: `${URL}/historique?page=1&size=2`, headers: admin });
  const page = historiqueResponse.parse(response.json());
  expect(page.total).toBe(all.total);
  expect(page.elements.map((change) => change.id)).toEqual(
    all.elements.slice(2, 4).map((change) => change.id),
  );
});

it('is for administrators only', async () => {
  expect((await app.inject({ url: URL })).statusCode).toBe(401);
  const { app: other, headers: customer } = await buildAppAs('client');
  try {
    expect((await other.inject({ url: URL, headers: customer })).statusCode).toBe(403);
    expect((await other.inject({ method: 'PUT', url: URL, headers: customer, payload: {} })).statusCode).toBe(
      403,
    );
  } finally {
    await other.close();
  }
});
