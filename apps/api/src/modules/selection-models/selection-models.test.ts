import { eq } from 'drizzle-orm';
import { articles } from '@comptoir/db/schema';
import type { SelectionModel, SelectionModelList } from '@comptoir/shared/selection-models';
import { createArticle, createFamily } from '../../test/factories';
import { buildAppAs, type App, type SessionHeaders } from '../../test/helpers';

let app: App;
let admin: SessionHeaders;
let family: string;
beforeAll(async () => {
  ({ app, headers: admin } = await buildAppAs('admin'));
  family = (await createFamily(app, { label: 'Outillage' })).code;
  await createArticle(app, { code: 'SM1', designation1: 'Perceuse 18 V', familyCode: family });
  await createArticle(app, { code: 'SM2', designation1: 'Niveau 60 cm', familyCode: family });
  await createArticle(app, { code: 'SMX', designation1: 'Ancien', familyCode: family, active: false });
});
afterAll(() => app.close());

const post = (body: object) =>
  app.inject({ method: 'POST', url: '/admin/selectionModele/post', headers: admin, payload: body });
const getAll = async (page = 0) =>
  (
    await app.inject({ url: '/admin/selectionModele/getAll', query: { page: String(page) }, headers: admin })
  ).json() as SelectionModelList;

describe('/admin/selectionModele', () => {
  it('creates, reads, lists by name, edits and deletes a model, labels read from the catalogue', async () => {
    const created = await post({
      id: null,
      nom: '  Sélection du mois  ',
      selection: {
        famille: [{ code: family, libelle: 'ignoré', type: 'famille' }],
        article: [{ code: 'SM1' }, { code: 'SM1' }],
      },
    });
    expect(created.statusCode).toBe(200);
    const model = created.json() as SelectionModel;
    expect(model).toEqual({
      id: expect.any(Number),
      nom: 'Sélection du mois',
      selection: {
        famille: [{ code: family, libelle: 'Outillage', type: 'famille' }],
        article: [{ code: 'SM1', libelle: 'Perceuse 18 V', type: 'article' }],
      },
    });
    const read = await app.inject({
      url: '/admin/selectionModele/get',
      query: { id: String(model.id) },
      headers: admin,
    });
    expect(read.json()).toEqual(model);

    await post({ nom: 'A outillage', selection: { famille: [], article: [{ code: 'SM2' }] } });
    expect((await getAll()).list.map((m) => m.nom)).toEqual(['A outillage', 'Sélection du mois']);
    expect((await getAll()).pages).toBe(1);

    const edited = await post({
      id: model.id,
      nom: 'Sélection de juin',
      selection: { article: [{ code: 'SM2' }] },
    });
    expect(edited.json()).toMatchObject({
      id: model.id,
      nom: 'Sélection de juin',
      selection: { famille: [] },
    });

    const deleted = await app.inject({
      method: 'DELETE',
      url: '/admin/selectionModele/delete',
      query: { id: String(model.id) },
      headers: admin,
    });
    expect(deleted.json()).toEqual({ message: 'Modèle supprimé' });
    const again = await app.inject({
      method: 'DELETE',
      url: '/admin/selectionModele/delete',
      query: { id: String(model.id) },
      headers: admin,
    });
    expect(again.statusCode).toBe(404);
    expect(
      (
        await app.inject({
          url: '/admin/selectionModele/get',
          query: { id: String(model.id) },
          headers: admin,
        })
      ).statusCode,
    ).toBe(404);
  });

  it('refuses an empty name, an unknown family and an inactive article; nothing saved', async () => {
    const before = (await getAll()).list.length;
    for (const [body, message] of [
      [{ nom: '   ' }, 'Veuillez spécifier le nom de la sélection'],
      [{}, 'Veuillez spécifier le nom de la sélection'],
      [{ nom: 'X', selection: { famille: [{ code: 'NOPE' }] } }, 'Famille inconnue : NOPE'],
      [{ nom: 'X', selection: { article: [{ code: 'SMX' }] } }, 'Article inconnu ou désactivé : SMX'],
    ] as const) {
      const response = await post(body);
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe(message);
    }
    expect((await getAll()).list).toHaveLength(before);
  });

  it('shows the latest model on the storefront, to anyone: its families and active articles', async () => {
    const model = (
      await post({
        nom: 'Vitrine',
        selection: { famille: [{ code: family }], article: [{ code: 'SM2' }, { code: 'SM1' }] },
      })
    ).json() as SelectionModel;
    await app.db.update(articles).set({ active: false }).where(eq(articles.code, 'SM1'));
    const response = await app.inject({ url: '/catalogue/selection' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      nom: 'Vitrine',
      familles: [{ code: family, libelle: 'Outillage', lien: `/catalogue/${family}` }],
      articles: [{ codeArticle: 'SM2', designation: 'Niveau 60 cm', lien: '/article/SM2', prixHT: 10 }],
    });
    expect(response.json().articles).toHaveLength(1);
    await app.inject({
      method: 'DELETE',
      url: '/admin/selectionModele/delete',
      query: { id: String(model.id) },
      headers: admin,
    });
  });
});
