import type {
  RegroupementBodyInput,
  RegroupementDetail,
  RegroupementsResponse,
} from '@comptoir/shared/groupings';
import { createArticle, createFamily, createVariant } from '../../test/factories';
import { buildAppAs, type App, type SessionHeaders } from '../../test/helpers';

let app: App;
let admin: SessionHeaders;
beforeAll(async () => {
  ({ app, headers: admin } = await buildAppAs(
    'admin',
    process.env.DEBUG_LOG ? { logger: { level: 'error' } } : {},
  ));
  const family = (await createFamily(app, { label: 'Plaques de plâtre' })).code;
  const plaque = (code: string, length: number, width: number) =>
    createArticle(app, {
      code,
      designation1: `Plaque BA13 ${length} x ${width}`,
      familyCode: family,
      length,
      width,
      dimensionUnit: 'mm',
      attributes: { MARQUE: 'Placo', VIGNETTE: 'v.png' },
    });
  await plaque('G1', 2500, 1200);
  await plaque('G2', 2600, 1200);
  await plaque('G3', 3000, 900);
  await plaque('G4', 2800, 1200);
  await createArticle(app, { code: 'G5', designation1: 'Peinture mate', familyCode: family });
  await createVariant(app, {
    articleCode: 'G5',
    code: 'BL',
    designation: 'Peinture mate blanc',
    options: { COULEUR: 'Blanc' },
  });
  await createVariant(app, {
    articleCode: 'G5',
    code: 'GR',
    designation: 'Peinture mate gris',
    options: { COULEUR: 'Gris' },
  });
  await createArticle(app, {
    code: 'GX',
    designation1: 'Article inactif',
    familyCode: family,
    active: false,
  });
});
afterAll(() => app.close());

const send = (method: 'POST' | 'PUT', body: RegroupementBodyInput | object) =>
  app.inject({ method, url: '/service/regroupement', headers: admin, payload: body });
const list = async (page = 0) =>
  (
    await app.inject({ url: '/service/regroupements', query: { page: String(page) }, headers: admin })
  ).json() as RegroupementsResponse;
const remove = (id: number) =>
  app.inject({ method: 'DELETE', url: `/service/regroupement/${id}`, headers: admin });
const plaques = (codes: string[]) => codes.map((codeArticle) => ({ codeArticle }));

describe('POST /service/regroupement', () => {
  it('creates a grouping: title from the master, attributes with their defaults, available attributes', async () => {
    const response = await send('POST', {
      id: null,
      articleMaitre: { codeArticle: 'G2' },
      titre: '',
      canonicalTag: 'plaques-ba13',
      attributs: [
        { propriete: 'longueur', nature: 'ERP' },
        { propriete: 'largeur', nature: 'ERP', designation: 'Larg.' },
      ],
      articles: plaques(['G1', 'G2', 'G3']),
    });
    expect(response.statusCode).toBe(200);
    const saved = response.json() as RegroupementDetail;
    expect(saved).toMatchObject({
      type: '0',
      titre: 'Plaque BA13 2600 x 1200',
      canonicalTag: 'plaques-ba13',
      libelle: null,
      articleMaitre: { codeArticle: 'G2', codeDeclinaison: null },
      articles: [
        { codeArticle: 'G1', codeDeclinaison: null, designation1: 'Plaque BA13 2500 x 1200' },
        { codeArticle: 'G2', codeDeclinaison: null, designation1: 'Plaque BA13 2600 x 1200' },
        { codeArticle: 'G3', codeDeclinaison: null, designation1: 'Plaque BA13 3000 x 900' },
      ],
      attributs: [
        { propriete: 'longueur', nature: 'ERP', affichage: 'SEL', designation: 'Longueur', suffixe: ' mm' },
        { propriete: 'largeur', nature: 'ERP', affichage: 'SEL', designation: 'Larg.', suffixe: ' mm' },
      ],
    });
    expect(saved.availableAttributs.map((a) => `${a.nature}:${a.propriete}`)).toEqual([
      'ERP:longueur',
      'ERP:largeur',
      'OPT:MARQUE',
    ]);

    // The product page's dropdowns follow at once.
    const page = (await app.inject({ url: '/catalogue/articles/G3' })).json();
    expect(page.regroupement).toMatchObject({
      id: saved.id,
      attributs: [
        { propriete: 'longueur', designation: 'Longueur' },
        { propriete: 'largeur', designation: 'Larg.' },
      ],
    });
    expect(page.regroupement.articles[2]).toMatchObject({
      HIDDEN_CODE_ARTICLE: 'G3',
      LIEN_FICHE: '/article/G3',
      OPTIONS_REGPT: { longueur: expect.stringMatching(/^3\s?000 mm$/), largeur: '900 mm' },
    });
    await remove(saved.id);
  });

  it('refuses fewer than 2 articles, a third attribute on type 0, a master outside, unknown ones; nothing saved', async () => {
    const before = (await list()).list.length;
    const cases: [object, number, string][] = [
      [
        { articleMaitre: { codeArticle: 'G1' }, articles: plaques(['G1']) },
        400,
        'Veuillez sélectionner plusieurs articles',
      ],
      [
        { articleMaitre: { codeArticle: 'G1' }, articles: plaques(['G1', 'G1']) },
        400,
        'Veuillez sélectionner plusieurs articles',
      ],
      [
        {
          articleMaitre: { codeArticle: 'G1' },
          articles: plaques(['G1', 'G2']),
          attributs: [
            { propriete: 'longueur', nature: 'ERP' },
            { propriete: 'largeur', nature: 'ERP' },
            { propriete: 'MARQUE' },
          ],
        },
        400,
        '2 attributs maximum',
      ],
      [
        { articleMaitre: { codeArticle: 'G4' }, articles: plaques(['G1', 'G2']) },
        400,
        "L'article maître doit faire partie des articles du regroupement",
      ],
      [
        { articleMaitre: { codeArticle: 'G1' }, articles: plaques(['G1', 'GX']) },
        400,
        'Article inconnu ou désactivé : GX',
      ],
      [
        { articleMaitre: { codeArticle: 'G1' }, articles: plaques(['G1', 'NOPE']) },
        400,
        'Article inconnu ou désactivé : NOPE',
      ],
      [
        {
          articleMaitre: { codeArticle: 'G1' },
          articles: plaques(['G1', 'G2']),
          attributs: [{ propriete: 'VIGNETTE' }],
        },
        400,
        'Attribut non proposé pour ces articles : VIGNETTE',
      ],
    ];
    for (const [body, status, message] of cases) {
      const response = await send('POST', { id: null, ...body });
      expect(response.statusCode, message).toBe(status);
      expect(response.json().message).toBe(message);
    }
    expect((await list()).list).toHaveLength(before);
  });

  it('lets a type other than 0 have more attributes', async () => {
    const response = await send('POST', {
      type: '1',
      articleMaitre: { codeArticle: 'G1' },
      articles: plaques(['G1', 'G2']),
      attributs: [
        { propriete: 'longueur', nature: 'ERP' },
        { propriete: 'largeur', nature: 'ERP' },
        { propriete: 'MARQUE' },
      ],
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().attributs).toHaveLength(3);
    await remove(response.json().id);
  });

  it('saves type 1 with custom designations and suffixes, and the product page shows them', async () => {
    const response = await send('POST', {
      type: '1',
      articleMaitre: { codeArticle: 'G1' },
      articles: plaques(['G1', 'G3']),
      attributs: [
        { propriete: 'longueur', nature: 'ERP', designation: 'Longueur de plaque', suffixe: ' millimètres' },
        { propriete: 'largeur', nature: 'ERP', designation: 'Largeur utile', suffixe: '' },
        { propriete: 'MARQUE', designation: 'Fabricant', suffixe: ' ®' },
      ],
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      type: '1',
      attributs: [
        { propriete: 'longueur', nature: 'ERP', designation: 'Longueur de plaque', suffixe: ' millimètres' },
        { propriete: 'largeur', nature: 'ERP', designation: 'Largeur utile', suffixe: '' },
        { propriete: 'MARQUE', nature: 'OPT', designation: 'Fabricant', suffixe: ' ®' },
      ],
    });
    const page = (await app.inject({ url: '/catalogue/articles/G3' })).json();
    expect(page.regroupement.attributs).toEqual([
      { propriete: 'longueur', designation: 'Longueur de plaque' },
      { propriete: 'largeur', designation: 'Largeur utile' },
      { propriete: 'MARQUE', designation: 'Fabricant' },
    ]);
    expect(page.regroupement.articles[1].OPTIONS_REGPT).toEqual({
      longueur: '3\u202f000 millimètres',
      largeur: '900',
      MARQUE: 'Placo ®',
    });
    await remove(response.json().id);
  });

  it('refuses an unknown type and two attributes with one designation, saving nothing', async () => {
    const before = (await list()).list.length;
    const unknownType = await send('POST', {
      type: '9',
      articleMaitre: { codeArticle: 'G1' },
      articles: plaques(['G1', 'G2']),
    });
    expect(unknownType.statusCode).toBe(400);
    expect(unknownType.json().message).toBe('Type de regroupement inconnu : 9');
    const sameName = await send('POST', {
      articleMaitre: { codeArticle: 'G1' },
      articles: plaques(['G1', 'G2']),
      attributs: [
        { propriete: 'longueur', nature: 'ERP', designation: 'Dimension' },
        { propriete: 'largeur', nature: 'ERP', designation: 'dimension' },
      ],
    });
    expect(sameName.statusCode).toBe(400);
    expect(sameName.json().message).toBe(
      'Deux attributs ne peuvent pas porter la même désignation : dimension',
    );
    const tooLong = await send('POST', {
      articleMaitre: { codeArticle: 'G1' },
      articles: plaques(['G1', 'G2']),
      attributs: [{ propriete: 'longueur', nature: 'ERP', suffixe: 'x'.repeat(21) }],
    });
    expect(tooLong.statusCode).toBe(400);
    expect((await list()).list).toHaveLength(before);
  });

  it('refuses an article already in another grouping (409), naming it and the grouping', async () => {
    const first = (
      await send('POST', {
        articleMaitre: { codeArticle: 'G1' },
        titre: 'Plaques 1200',
        articles: plaques(['G1', 'G2']),
      })
    ).json();
    const response = await send('POST', {
      articleMaitre: { codeArticle: 'G3' },
      articles: plaques(['G3', 'G2']),
    });
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe("L'article G2 appartient déjà au regroupement « Plaques 1200 »");
    await remove(first.id);
  });

  it('groups declinaisons keyed code.declinaison, with their options', async () => {
    const response = await send('POST', {
      articleMaitre: { codeArticle: 'G5', codeDeclinaison: 'GR' },
      articles: [
        { codeArticle: 'G5', codeDeclinaison: 'BL' },
        { codeArticle: 'G5', codeDeclinaison: 'GR' },
      ],
      attributs: [{ propriete: 'COULEUR' }],
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      titre: 'Peinture mate gris',
      articleMaitre: { codeArticle: 'G5', codeDeclinaison: 'GR' },
      attributs: [
        { propriete: 'COULEUR', nature: 'OPT', affichage: 'SEL', designation: 'Couleur', suffixe: '' },
      ],
    });
    await remove(response.json().id);
  });

  it('refuses a POST with an id and a PUT without', async () => {
    const body = { articleMaitre: { codeArticle: 'G1' }, articles: plaques(['G1', 'G2']) };
    expect((await send('POST', { ...body, id: 5 })).statusCode).toBe(400);
    expect((await send('PUT', body)).statusCode).toBe(400);
    expect((await send('PUT', { ...body, id: 999999 })).statusCode).toBe(404);
  });
});

describe('PUT /service/regroupement, GET /service/regroupements, DELETE /service/regroupement/{id}', () => {
  it('edits master, articles and attributes, lists by title, deletes', async () => {
    const created = (
      await send('POST', {
        articleMaitre: { codeArticle: 'G1' },
        titre: 'B plaques',
        articles: plaques(['G1', 'G2']),
      })
    ).json() as RegroupementDetail;
    const other = (
      await send('POST', {
        articleMaitre: { codeArticle: 'G5', codeDeclinaison: 'BL' },
        titre: 'A peinture',
        articles: [
          { codeArticle: 'G5', codeDeclinaison: 'BL' },
          { codeArticle: 'G5', codeDeclinaison: 'GR' },
        ],
      })
    ).json() as RegroupementDetail;
    const updated = await send('PUT', {
      id: created.id,
      articleMaitre: { codeArticle: 'G4' },
      titre: 'B plaques',
      articles: plaques(['G4', 'G1', 'G2']),
      attributs: [{ propriete: 'longueur', nature: 'ERP' }],
    });
    expect(updated.statusCode).toBe(200);
    expect(updated.json()).toMatchObject({
      id: created.id,
      articleMaitre: { codeArticle: 'G4' },
      articles: [{ codeArticle: 'G4' }, { codeArticle: 'G1' }, { codeArticle: 'G2' }],
      attributs: [{ propriete: 'longueur' }],
    });
    const page = await list();
    expect(page.pages).toBe(1);
    expect(page.list.map((g) => g.titre)).toEqual(['A peinture', 'B plaques']);

    const deleted = await remove(created.id);
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json()).toEqual({ message: 'Regroupement supprimé' });
    expect((await remove(created.id)).statusCode).toBe(404);
    expect((await app.inject({ url: '/catalogue/articles/G4' })).json().regroupement).toBeNull();
    await remove(other.id);
  });

  it('takes a deactivated article out of its groupings, deleting those left with one article', async () => {
    const three = (
      await send('POST', { articleMaitre: { codeArticle: 'G1' }, articles: plaques(['G1', 'G2', 'G3']) })
    ).json();
    const deactivate = (code: string) =>
      app.inject({ method: 'DELETE', url: '/service/article', query: { codeArticle: code }, headers: admin });
    await createArticle(app, { code: 'G6', designation1: 'Plaque courte', length: 1200 });
    await createArticle(app, { code: 'G7', designation1: 'Plaque longue', length: 3600 });
    const two = (
      await send('POST', { articleMaitre: { codeArticle: 'G6' }, articles: plaques(['G6', 'G7']) })
    ).json();
    expect((await deactivate('G1')).json()).toMatchObject({
      regroupementsModifies: 1,
      regroupementsSupprimes: 0,
    });
    expect((await deactivate('G7')).json()).toMatchObject({
      regroupementsModifies: 0,
      regroupementsSupprimes: 1,
    });
    const [kept, ...rest] = (await list()).list;
    expect(rest).toEqual([]);
    expect(kept).toMatchObject({
      id: three.id,
      articleMaitre: { codeArticle: 'G2' },
      articles: [{ codeArticle: 'G2' }, { codeArticle: 'G3' }],
    });
    expect(two.id).not.toBe(three.id);
  });
});
