import { SETTING_KEYS } from '@comptoir/shared/domain';
import { menuActivities, simpleMenu, subMenu } from '@comptoir/shared/menu';
import { createActivity, createFamily, createSetting } from '../../test/factories';
import { buildTestApp, type App } from '../../test/helpers';

let app: App;
beforeAll(async () => {
  app = await buildTestApp();
  await createActivity(app, { code: 'GO', label: 'Gros œuvre', position: 1 });
  await createActivity(app, { code: 'EL', label: 'électricité', position: 0 });
  await createFamily(app, { code: 'GO02', label: 'Bétons', activityCode: 'GO', position: 1 });
  await createFamily(app, { code: 'GO01', label: 'CIMENTS et chaux', activityCode: 'GO', position: 0 });
  await createFamily(app, { code: 'GO0101', label: 'Ciments gris', parentCode: 'GO01', position: 0 });
  await createFamily(app, { code: 'EL01', label: 'Câbles', activityCode: 'EL', position: 0 });
});
afterAll(() => app.close());

const get = async (url: string) => {
  const response = await app.inject({ url });
  expect(response.statusCode, url).toBe(200);
  return response.json() as unknown;
};

describe('menu routes', () => {
  it('lists the activities in order, with a version and a cache key', async () => {
    const menu = menuActivities.parse(await get('/menu/activites'));
    expect(menu.activites).toEqual([
      { code: 'EL', libelle: 'Électricité' },
      { code: 'GO', libelle: 'Gros œuvre' },
    ]);
    expect(menu.version).toMatch(/^[0-9a-f]{32}$/);
    expect(menu.cacheKey).toBe('3:min');
  });

  it('gives the root families of an activity as menu items', async () => {
    expect(subMenu.parse(await get('/submenu/GO'))).toEqual({
      activite: { code: 'GO', libelle: 'Gros œuvre' },
      items: [
        { CODE: 'GO01', NIVEAU: 1, LIBELLE: 'Ciments et chaux', LIEN: '/catalogue/GO01' },
        { CODE: 'GO02', NIVEAU: 1, LIBELLE: 'Bétons', LIEN: '/catalogue/GO02' },
      ],
    });
    const unknown = await app.inject({ url: '/submenu/ZZ' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe('Ressource introuvable');
  });

  it('gives the sub-levels of a family', async () => {
    expect(simpleMenu.parse(await get('/simplemenu/GO01'))).toEqual({
      code: 'GO01',
      items: [{ CODE: 'GO0101', NIVEAU: 2, LIBELLE: 'Ciments gris', LIEN: '/catalogue/GO0101' }],
    });
    expect(simpleMenu.parse(await get('/simplemenu/GO0101')).items).toEqual([]);
    expect((await app.inject({ url: '/simplemenu/ZZ' })).statusCode).toBe(404);
  });

  it('follows the label case setting and changes version when the sales plan changes', async () => {
    const before = menuActivities.parse(await get('/menu/activites'));
    await createSetting(app, SETTING_KEYS.menuLabelCase, 'maj');
    await createFamily(app, { code: 'GO03', label: 'Blocs', activityCode: 'GO', position: 2 });
    const after = menuActivities.parse(await get('/menu/activites'));
    expect(after.cacheKey).toBe('3:maj');
    expect(after.version).not.toBe(before.version);
    expect(after.activites[1]).toEqual({ code: 'GO', libelle: 'GROS ŒUVRE' });
    expect(subMenu.parse(await get('/submenu/GO')).items.map((item) => item.LIBELLE)).toEqual([
      'CIMENTS ET CHAUX',
      'BÉTONS',
      'BLOCS',
    ]);
  });
});
