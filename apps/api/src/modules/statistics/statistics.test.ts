import { eq } from 'drizzle-orm';
import { loginEvents, orders } from '@comptoir/db/schema';
import type { StatisticsRow } from '@comptoir/shared/statistics';
import {
  createAgency,
  createCustomer,
  createCustomerType,
  createOrder,
  type HasDb,
} from '../../test/factories';
import { buildAppAs, createCustomerUser, loginAs, type App, type SessionHeaders } from '../../test/helpers';

let app: App;
let admin: SessionHeaders;
beforeAll(async () => {
  ({ app, headers: admin } = await buildAppAs('admin'));
});
afterAll(() => app.close());

const at = (iso: string) => new Date(iso);
const login = (host: HasDb, customerCode: string, iso: string) =>
  host.db.insert(loginEvents).values({ customerCode, at: at(iso) });

interface Filter {
  agences?: string[];
  client?: string;
  typeClient?: string;
  dateDebut?: string;
  dateFin?: string;
  echelle?: string;
}
function queryString(f: Filter): string {
  const params = new URLSearchParams();
  for (const code of f.agences ?? []) params.append('agences[]', code);
  for (const key of ['client', 'typeClient', 'dateDebut', 'dateFin', 'echelle'] as const)
    if (f[key] !== undefined) params.set(key, f[key]);
  return params.toString();
}
const fetchStats = (f: Filter, headers: Partial<SessionHeaders> = admin) =>
  app.inject({ url: `/admin/statistiques/fetch?${queryString(f)}`, headers });
async function rows(f: Filter): Promise<StatisticsRow[]> {
  const response = await fetchStats(f);
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}
/** The non-empty rows, as [code, connexions, commandes, ca, premiereco]. */
const busy = (list: StatisticsRow[]) =>
  list
    .filter((r) => r.connexions || r.commandes || r.premiereco)
    .map((r) => [r.code, r.connexions, r.commandes, r.ca, r.premiereco]);

/** An agency with two customers of two types, for one test. */
async function scene() {
  const agency = await createAgency(app);
  const pro = await createCustomerType(app);
  const part = await createCustomerType(app);
  const a = await createCustomer(app, { agencyCode: agency.code, typeCode: pro.code });
  const b = await createCustomer(app, { agencyCode: agency.code, typeCode: part.code });
  return { agency: agency.code, pro: pro.code, part: part.code, a: a.code, b: b.code };
}

describe('access', () => {
  it('answers 401 without a session and 403 to a customer', async () => {
    const f = { dateDebut: '2026-11-01', dateFin: '2026-11-02', echelle: 'jour' };
    expect((await fetchStats(f, {})).statusCode).toBe(401);
    const customer = await loginAs(app, await createCustomerUser(app));
    expect((await fetchStats(f, customer)).statusCode).toBe(403);
    const csv = await app.inject({ url: `/admin/statistiques/csv?${queryString(f)}`, headers: customer });
    expect(csv.statusCode).toBe(403);
  });
});

describe('GET /admin/statistiques/fetch', () => {
  it('counts by Paris day, orders and logins around midnight, empty days included', async () => {
    const s = await scene();
    // 23:30 UTC on 16/11 is already 17/11 in Paris (UTC+1).
    await createOrder(app, { customerCode: s.a, orderedAt: at('2026-11-16T22:59:59Z'), amountHt: 100.1 });
    await createOrder(app, { customerCode: s.a, orderedAt: at('2026-11-16T23:30:00Z'), amountHt: 50 });
    await createOrder(app, { customerCode: s.b, orderedAt: at('2026-11-17T12:00:00Z'), amountHt: 25.25 });
    await login(app, s.a, '2026-11-16T08:00:00Z');
    await login(app, s.a, '2026-11-16T23:00:00Z');
    await login(app, s.b, '2026-11-18T07:00:00Z');
    const list = await rows({
      agences: [s.agency],
      dateDebut: '2026-11-15',
      dateFin: '2026-11-19',
      echelle: 'jour',
    });
    expect(list.map((r) => r.libelle)).toEqual([
      '15/11/2026',
      '16/11/2026',
      '17/11/2026',
      '18/11/2026',
      '19/11/2026',
    ]);
    expect(list[1]).toEqual({
      code: '2026-11-16',
      libelle: '16/11/2026',
      connexions: 1,
      commandes: 1,
      ca: 100.1,
      camoyen: 100.1,
      premiereco: 1,
    });
    expect(list[2]).toMatchObject({ connexions: 1, commandes: 2, ca: 75.25, camoyen: 37.63, premiereco: 0 });
    expect(list[3]).toMatchObject({ connexions: 1, commandes: 0, ca: 0, camoyen: 0, premiereco: 1 });
    expect(list[0]).toMatchObject({ connexions: 0, commandes: 0, ca: 0, camoyen: 0, premiereco: 0 });
  });

  it('counts a first login only once, whatever order the logins are written in', async () => {
    const s = await scene();
    await login(app, s.a, '2026-11-18T10:00:00Z');
    await login(app, s.a, '2026-11-16T10:00:00Z'); // written later, happened earlier: the real first
    await login(app, s.a, '2026-11-17T10:00:00Z');
    const list = await rows({
      agences: [s.agency],
      dateDebut: '2026-11-16',
      dateFin: '2026-11-18',
      echelle: 'jour',
    });
    expect(list.map((r) => r.premiereco)).toEqual([1, 0, 0]);
    // A period after the first login has connections but no first one.
    const later = await rows({
      agences: [s.agency],
      dateDebut: '2026-11-17',
      dateFin: '2026-11-18',
      echelle: 'jour',
    });
    expect(later.map((r) => [r.connexions, r.premiereco])).toEqual([
      [1, 0],
      [1, 0],
    ]);
  });

  it('follows orders that change date or amount, or are deleted', async () => {
    const s = await scene();
    const order = await createOrder(app, {
      customerCode: s.a,
      orderedAt: at('2026-11-16T10:00:00Z'),
      amountHt: 10,
    });
    const gone = await createOrder(app, {
      customerCode: s.a,
      orderedAt: at('2026-11-16T11:00:00Z'),
      amountHt: 7,
    });
    await app.db
      .update(orders)
      .set({ orderedAt: at('2026-11-17T10:00:00Z'), amountHt: 30 })
      .where(eq(orders.id, order.id));
    await app.db.update(orders).set({ cartType: 'VAL' }).where(eq(orders.id, gone.id));
    await app.db.delete(orders).where(eq(orders.id, gone.id));
    const list = await rows({
      agences: [s.agency],
      dateDebut: '2026-11-16',
      dateFin: '2026-11-17',
      echelle: 'jour',
    });
    expect(list.map((r) => [r.commandes, r.ca])).toEqual([
      [0, 0],
      [1, 30],
    ]);
  });

  it('has 23 hours on 29/03/2026 and 25 on 25/10/2026, each event in its own hour', async () => {
    const s = await scene();
    // 29/03: 01:59 Paris (UTC+1) = 00:59 UTC; 03:00 Paris (UTC+2) = 01:00 UTC.
    await createOrder(app, { customerCode: s.a, orderedAt: at('2026-03-29T00:59:00Z'), amountHt: 1 });
    await createOrder(app, { customerCode: s.a, orderedAt: at('2026-03-29T01:00:00Z'), amountHt: 2 });
    const spring = await rows({
      agences: [s.agency],
      dateDebut: '2026-03-29',
      dateFin: '2026-03-29',
      echelle: 'heure',
    });
    expect(spring).toHaveLength(23);
    expect(busy(spring)).toEqual([
      ['2026-03-29T01:00+01:00', 0, 1, 1, 0],
      ['2026-03-29T03:00+02:00', 0, 1, 2, 0],
    ]);
    // 25/10: 02:30 happens twice, at 00:30 UTC (summer time) and 01:30 UTC (winter time).
    await login(app, s.b, '2026-10-25T00:30:00Z');
    await login(app, s.b, '2026-10-25T01:30:00Z');
    await login(app, s.b, '2026-10-25T22:59:00Z'); // 23:59 Paris, the last hour of the day
    await login(app, s.b, '2026-10-25T23:00:00Z'); // midnight: the next day
    const autumn = await rows({
      agences: [s.agency],
      dateDebut: '2026-10-25',
      dateFin: '2026-10-25',
      echelle: 'heure',
    });
    expect(autumn).toHaveLength(25);
    expect(busy(autumn)).toEqual([
      ['2026-10-25T02:00+02:00', 1, 0, 0, 1],
      ['2026-10-25T02:00+01:00', 1, 0, 0, 0],
      ['2026-10-25T23:00+01:00', 1, 0, 0, 0],
    ]);
    expect(autumn.filter((r) => r.libelle.startsWith('25/10/2026 02h')).map((r) => r.libelle)).toEqual([
      "25/10/2026 02h (heure d'été)",
      "25/10/2026 02h (heure d'hiver)",
    ]);
  });

  it('cuts weeks and months at the period, labelled by ISO week and French month', async () => {
    const s = await scene();
    await createOrder(app, { customerCode: s.a, orderedAt: at('2026-11-16T10:00:00Z'), amountHt: 1 }); // Monday W47
    await createOrder(app, { customerCode: s.a, orderedAt: at('2026-11-18T10:00:00Z'), amountHt: 2 }); // Wednesday W47
    await createOrder(app, { customerCode: s.a, orderedAt: at('2026-11-22T22:59:00Z'), amountHt: 4 }); // Sunday 23:59
    await createOrder(app, { customerCode: s.a, orderedAt: at('2026-11-22T23:00:00Z'), amountHt: 8 }); // Monday W48
    await createOrder(app, { customerCode: s.a, orderedAt: at('2026-11-30T23:00:00Z'), amountHt: 16 }); // 1 December
    const weeks = await rows({
      agences: [s.agency],
      dateDebut: '2026-11-18',
      dateFin: '2026-11-30',
      echelle: 'semaine',
    });
    expect(weeks.map((r) => [r.code, r.libelle, r.commandes, r.ca])).toEqual([
      ['2026-W47', 'Semaine 47 (16/11/2026)', 2, 6],
      ['2026-W48', 'Semaine 48 (23/11/2026)', 1, 8],
      ['2026-W49', 'Semaine 49 (30/11/2026)', 0, 0],
    ]);
    const months = await rows({
      agences: [s.agency],
      dateDebut: '2026-11-17',
      dateFin: '2026-12-31',
      echelle: 'mois',
    });
    expect(months.map((r) => [r.code, r.libelle, r.commandes, r.ca])).toEqual([
      ['2026-11', 'novembre 2026', 3, 14],
      ['2026-12', 'décembre 2026', 1, 16],
    ]);
  });

  it('filters by agency, customer and customer type, alone and combined', async () => {
    const s = await scene();
    const other = await scene();
    const day = { dateDebut: '2026-06-01', dateFin: '2026-06-01', echelle: 'jour' };
    await createOrder(app, { customerCode: s.a, orderedAt: at('2026-06-01T10:00:00Z'), amountHt: 1 });
    await createOrder(app, { customerCode: s.b, orderedAt: at('2026-06-01T10:00:00Z'), amountHt: 2 });
    await createOrder(app, { customerCode: other.a, orderedAt: at('2026-06-01T10:00:00Z'), amountHt: 4 });
    await login(app, s.a, '2026-06-01T09:00:00Z');
    await login(app, other.b, '2026-06-01T09:00:00Z');
    const figures = async (f: Filter) => {
      const [row] = await rows({ ...day, ...f });
      return [row!.commandes, row!.ca, row!.connexions];
    };
    expect(await figures({ agences: [s.agency] })).toEqual([2, 3, 1]);
    expect(await figures({ agences: [s.agency, other.agency] })).toEqual([3, 7, 2]);
    expect(await figures({ client: s.b })).toEqual([1, 2, 0]);
    expect(await figures({ typeClient: s.pro })).toEqual([1, 1, 1]);
    expect(await figures({ agences: [s.agency], typeClient: s.part })).toEqual([1, 2, 0]);
    expect(await figures({ agences: [other.agency], client: s.a })).toEqual([0, 0, 0]);
    expect(await figures({ agences: [s.agency], client: s.a, typeClient: s.pro })).toEqual([1, 1, 1]);
    // The same filters by hour read the raw rows and agree.
    const [hour] = busy(await rows({ ...day, echelle: 'heure', agences: [s.agency], typeClient: s.part }));
    expect(hour).toEqual(['2026-06-01T12:00+02:00', 0, 1, 2, 0]);
    const byHour = busy(await rows({ ...day, echelle: 'heure', client: s.a }));
    expect(byHour).toEqual([
      ['2026-06-01T11:00+02:00', 1, 0, 0, 1],
      ['2026-06-01T12:00+02:00', 0, 1, 1, 0],
    ]);
  });

  it('answers every bucket of an empty period with zeros', async () => {
    const s = await scene();
    const list = await rows({
      agences: [s.agency],
      dateDebut: '2030-01-01',
      dateFin: '2030-12-31',
      echelle: 'mois',
    });
    expect(list).toHaveLength(12);
    expect(busy(list)).toEqual([]);
  });

  it('refuses bad filters with a French 400', async () => {
    const s = await scene();
    const ok = { dateDebut: '2026-11-01', dateFin: '2026-11-30', echelle: 'jour' };
    const refusal = async (f: Filter) => {
      const response = await fetchStats(f);
      expect(response.statusCode).toBe(400);
      return response.json().message as string;
    };
    expect(await refusal({ ...ok, dateDebut: undefined })).toBe(
      'Paramètre « dateDebut » invalide : date de début obligatoire',
    );
    expect(await refusal({ ...ok, dateFin: '' })).toBe(
      'Paramètre « dateFin » invalide : date de fin obligatoire',
    );
    expect(await refusal({ ...ok, dateDebut: '2026-12-01' })).toMatch(
      /« dateFin » invalide : la date de début doit précéder la date de fin/,
    );
    expect(await refusal({ ...ok, echelle: 'minute' })).toMatch(
      /« echelle » invalide : heure, jour, semaine ou mois attendu/,
    );
    expect(await refusal({ ...ok, echelle: undefined })).toMatch(/echelle/);
    expect(await refusal({ ...ok, agences: [s.agency, 'NOPE'] })).toBe('Agence inconnue : NOPE');
    expect(await refusal({ ...ok, client: 'NOPE' })).toBe('Client inconnu : NOPE');
    expect(await refusal({ ...ok, typeClient: 'NOPE' })).toBe('Type de client inconnu : NOPE');
    expect(await refusal({ dateDebut: '2026-01-01', dateFin: '2026-02-01', echelle: 'heure' })).toMatch(
      /période trop longue pour l'échelle « heure » : 31 jours au maximum/,
    );
    expect(await refusal({ dateDebut: '2020-01-01', dateFin: '2026-01-01', echelle: 'jour' })).toMatch(
      /3 ans/,
    );
    expect(await refusal({ dateDebut: '1900-01-01', dateFin: '1900-01-02', echelle: 'jour' })).toMatch(
      /2000/,
    );
  });
});

describe('GET /admin/statistiques/csv', () => {
  it('downloads the rows as a French CSV, read back', async () => {
    const s = await scene();
    await createOrder(app, { customerCode: s.a, orderedAt: at('2026-02-10T10:00:00Z'), amountHt: 1234.5 });
    await createOrder(app, { customerCode: s.a, orderedAt: at('2026-02-11T10:00:00Z'), amountHt: 0.25 });
    const f = { agences: [s.agency], dateDebut: '2026-01-15', dateFin: '2026-02-28', echelle: 'mois' };
    const response = await app.inject({ url: `/admin/statistiques/csv?${queryString(f)}`, headers: admin });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe(
      'attachment; filename="statistiques_mois_2026-01-15_2026-02-28.csv"',
    );
    const bytes = response.rawPayload;
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = new TextDecoder('utf-8').decode(bytes).trimEnd().split('\r\n');
    expect(lines.map((l) => l.split(';'))).toEqual([
      [
        'Code',
        'Libellé',
        'Connexions',
        'Commandes',
        "Chiffre d'affaires HT",
        'Panier moyen HT',
        'Premières connexions',
      ],
      ['2026-01', 'janvier 2026', '0', '0', '0,00', '0,00', '0'],
      ['2026-02', 'février 2026', '0', '2', '1234,75', '617,38', '0'],
    ]);
  });

  it('refuses the same bad filters', async () => {
    const response = await app.inject({
      url: '/admin/statistiques/csv?dateDebut=2026-01-01&echelle=jour',
      headers: admin,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toMatch(/dateFin/);
  });
});
