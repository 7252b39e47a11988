import { variableDimensions } from '@comptoir/db/schema';
import {
  DIMENSION_MESSAGES,
  NO_VARIABLE_DIMENSION,
  type LigneDimension,
  type LigneDimensionSaved,
  type Unite,
} from '@comptoir/shared/dimensions';
import { createUnit } from '../../test/factories';
import { buildAppAs, createCustomerUser, loginAs, type App, type SessionHeaders } from '../../test/helpers';

let app: App;
let admin: SessionHeaders;
beforeAll(async () => {
  ({ app, headers: admin } = await buildAppAs('admin'));
  await createUnit(app, 'ML', 'Mètre linéaire');
  await createUnit(app, 'M2', 'Mètre carré');
  await createUnit(app, 'M3', 'Mètre cube');
  await createUnit(app, 'U', 'Unité');
});
afterAll(() => app.close());
beforeEach(() => app.db.delete(variableDimensions));

const none = NO_VARIABLE_DIMENSION;
const line = (codeUnite: string, flags: Partial<LigneDimension> = {}): LigneDimension => ({
  codeUnite,
  ...none,
  longueurVariable: true,
  ...flags,
});
const list = async () => {
  const response = await app.inject({ url: '/admin/dimensionsVariables/liste', headers: admin });
  expect(response.statusCode).toBe(200);
  return response.json() as LigneDimensionSaved[];
};
const update = (data: unknown) =>
  app.inject({ method: 'POST', url: '/admin/dimensionsVariables/update', headers: admin, payload: { data } });

describe('GET /admin/unite/liste', () => {
  it('lists every unit of the catalogue by code, with its label', async () => {
    const response = await app.inject({ url: '/admin/unite/liste', headers: admin });
    expect(response.statusCode).toBe(200);
    const units = response.json() as Unite[];
    expect(units.map((unit) => unit.codeUnite)).toEqual(['M2', 'M3', 'ML', 'U']);
    expect(units[0]).toEqual({ codeUnite: 'M2', libelle: 'Mètre carré' });
  });
});

describe('POST /admin/dimensionsVariables/update', () => {
  it('saves new lines and answers the saved set, which the list then shows', async () => {
    const response = await update([
      line('ML', { ephemere: true }),
      line('M2', { largeurVariable: true, ephemere: true }),
    ]);
    expect(response.statusCode).toBe(200);
    const saved = response.json() as LigneDimensionSaved[];
    expect(saved).toEqual(await list());
    expect(saved).toEqual([
      {
        ...none,
        codeUnite: 'M2',
        libelleUnite: 'Mètre carré',
        longueurVariable: true,
        largeurVariable: true,
      },
      { ...none, codeUnite: 'ML', libelleUnite: 'Mètre linéaire', longueurVariable: true },
    ]);
  });

  it('changes the booleans of a saved line and removes the lines marked deleted', async () => {
    await update([line('ML'), line('M2'), line('M3')]);
    const response = await update([
      line('ML', { longueurVariable: false, poidsVariable: true }),
      line('M2', { deleted: true }),
      line('M3', { hauteurVariable: true }),
    ]);
    expect(response.statusCode).toBe(200);
    expect(
      (await list()).map((l) => [l.codeUnite, l.longueurVariable, l.hauteurVariable, l.poidsVariable]),
    ).toEqual([
      ['M3', true, true, false],
      ['ML', false, false, true],
    ]);
  });

  it('removes a line left out of the data: the saved set becomes the lines sent', async () => {
    await update([line('ML'), line('M2')]);
    expect((await update([line('M2')])).statusCode).toBe(200);
    expect((await list()).map((l) => l.codeUnite)).toEqual(['M2']);
    expect((await update([])).statusCode).toBe(200);
    expect(await list()).toEqual([]);
  });

  it('lets a deleted line and a new line of the same unit go together', async () => {
    await update([line('ML')]);
    const response = await update([
      line('ML', { deleted: true }),
      line('ML', { ephemere: true, largeurVariable: true }),
    ]);
    expect(response.statusCode).toBe(200);
    expect((await list())[0]).toMatchObject({ codeUnite: 'ML', largeurVariable: true });
  });

  it.each([
    ['an unknown unit', [line('ML'), line('XX')], DIMENSION_MESSAGES.unknownUnit('XX')],
    [
      'a unit twice',
      [line('ML'), line('M2'), line('ML', { ephemere: true })],
      DIMENSION_MESSAGES.duplicateUnit('ML'),
    ],
    [
      'a new line without its unit',
      [line('ML'), line('', { ephemere: true })],
      DIMENSION_MESSAGES.unitRequired,
    ],
    [
      'a line with no dimension checked',
      [line('ML'), line('M2', { longueurVariable: false })],
      DIMENSION_MESSAGES.noDimension('M2'),
    ],
  ])('refuses %s with a French message and changes nothing', async (_, data, message) => {
    await update([line('M3')]);
    const response = await update(data);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ message });
    expect((await list()).map((l) => l.codeUnite)).toEqual(['M3']);
  });

  it('refuses a body without data or with a boolean missing', async () => {
    const noData = await app.inject({
      method: 'POST',
      url: '/admin/dimensionsVariables/update',
      headers: admin,
      payload: {},
    });
    expect(noData.statusCode).toBe(400);
    const { poidsVariable: _, ...incomplete } = line('ML');
    expect((await update([incomplete])).statusCode).toBe(400);
    expect(await list()).toEqual([]);
  });
});

describe('access', () => {
  it('is for administrators only: 401 without a session, 403 for a customer', async () => {
    expect((await app.inject({ url: '/admin/dimensionsVariables/liste' })).statusCode).toBe(401);
    const customer = await loginAs(app, await createCustomerUser(app));
    for (const url of ['/admin/dimensionsVariables/liste', '/admin/unite/liste'])
      expect((await app.inject({ url, headers: customer })).statusCode).toBe(403);
    const post = await app.inject({
      method: 'POST',
      url: '/admin/dimensionsVariables/update',
      headers: customer,
      payload: { data: [line('ML')] },
    });
    expect(post.statusCode).toBe(403);
    expect(await list()).toEqual([]);
  });
});
