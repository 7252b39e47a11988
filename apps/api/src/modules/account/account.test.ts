// The customer account's calls: delivery addresses, reorder, quick order, password change and the
// forgotten password (its mail read back from DATA_DIR/mails).
import {
  ACCOUNT_MESSAGES,
  recentArticles,
  type LinesAdded,
  type ResolvedQuickOrder,
} from '@comptoir/shared/account';
import { NO_SESSION } from '@comptoir/shared/auth';
import { CART_MESSAGES, CART_QUANTITY_MAX, type DeliveryAddress } from '@comptoir/shared/cart';
import {
  createArticle,
  createCustomer,
  createCustomerPrice,
  createDeliveryAddress,
  createOrder,
  createStock,
  createUnit,
  createVariant,
  createZone,
} from '../../test/factories';
import { NO_VARIABLE_DIMENSION } from '@comptoir/shared/dimensions';
import {
  buildTestApp,
  createAdmin,
  createCustomerUser,
  loginAs,
  type App,
  type SessionHeaders,
} from '../../test/helpers';
import { mailsTo } from '../../test/mails';

// One app for the file: each test makes its own customers, articles and orders.
let app: App;
beforeAll(async () => {
  app = await buildTestApp({ config: { publicUrl: 'https://boutique.example', shopName: 'Comptoir Test' } });
});
afterAll(() => app.close());

async function customerSession(values: { email?: string } = {}) {
  const customer = await createCustomer(app, { email: values.email ?? null });
  const user = await createCustomerUser(app, customer.code);
  return { customer, user, headers: await loginAs(app, user) };
}

const address = {
  libelle: 'Chantier Bellecour',
  ligne1: '2 place Bellecour',
  codePostal: '69002',
  ville: 'Lyon',
};

describe('delivery addresses of the account', () => {
  it('adds, lists, edits and deletes its own addresses; the postal code gives the zone', async () => {
    const zone = await createZone(app, { label: 'Zone 1 - Proximité' });
    await createDeliveryAddress(app, { postalCode: '69002', zoneId: zone.id }); // another customer's, known zone
    const { headers } = await customerSession();
    const added = await app.inject({
      method: 'POST',
      url: '/rest/compte/adresses',
      headers,
      payload: address,
    });
    expect(added.statusCode).toBe(200);
    const [first] = added.json() as DeliveryAddress[];
    expect(first).toMatchObject({
      libelle: 'Chantier Bellecour',
      zoneId: zone.id,
      zone: zone.label,
      parDefaut: true,
    });

    const second = (
      await app.inject({
        method: 'POST',
        url: '/rest/compte/adresses',
        headers,
        payload: { ...address, libelle: 'Dépôt', codePostal: '38000', ville: 'Grenoble', parDefaut: true },
      })
    ).json() as DeliveryAddress[];
    expect(second.map((a) => [a.libelle, a.parDefaut, a.zone])).toEqual([
      ['Dépôt', true, null],
      ['Chantier Bellecour', false, zone.label],
    ]);

    const edited = await app.inject({
      method: 'PUT',
      url: `/rest/compte/adresses/${first!.id}`,
      headers,
      payload: { ...address, ligne2: 'Bâtiment B', parDefaut: true },
    });
    expect((edited.json() as DeliveryAddress[])[0]).toMatchObject({
      id: first!.id,
      ligne2: 'Bâtiment B',
      parDefaut: true,
    });

    const deleted = await app.inject({
      method: 'DELETE',
      url: `/rest/compte/adresses/${first!.id}`,
      headers,
    });
    expect(deleted.json()).toEqual([expect.objectContaining({ libelle: 'Dépôt', parDefaut: true })]);
    const checkout = await app.inject({ url: '/rest/panier/livraison', headers });
    expect(checkout.json().adresses.map((a: DeliveryAddress) => a.libelle)).toEqual(['Dépôt']);
  });

  it("refuses another customer's address (404) and bad input (400, French), changing nothing", async () => {
    const other = await createDeliveryAddress(app);
    const { headers } = await customerSession();
    for (const method of ['PUT', 'DELETE'] as const) {
      const response = await app.inject({
        method,
        url: `/rest/compte/adresses/${other.id}`,
        headers,
        ...(method === 'PUT' && { payload: address }),
      });
      expect(response.statusCode).toBe(404);
      expect(response.json().message).toBe(ACCOUNT_MESSAGES.addressNotFound);
    }
    const bad = await app.inject({
      method: 'POST',
      url: '/rest/compte/adresses',
      headers,
      payload: { ...address, codePostal: '690' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('Code postal invalide : 5 chiffres');
    expect((await app.inject({ url: '/rest/compte/adresses', headers })).json()).toEqual([]);
  });

  it('is for customer accounts: 401 without a session, 403 for an administrator', async () => {
    expect((await app.inject({ url: '/rest/compte/adresses' })).statusCode).toBe(401);
    const admin = await loginAs(app, await createAdmin(app));
    expect((await app.inject({ url: '/rest/compte/adresses', headers: admin })).statusCode).toBe(403);
  });
});

describe('reorder', () => {
  it("puts the order's still-sold lines back in the cart with their chantier, and says which could not", async () => {
    const { customer, headers } = await customerSession();
    await createArticle(app, { code: 'RPLQ13', designation1: 'Plaque BA13' });
    await createArticle(app, { code: 'RVIS440', designation1: 'Vis 4x40' });
    await createArticle(app, { code: 'ROLD1', designation1: 'Ciment ancien', active: false });
    const order = await createOrder(app, { customerCode: customer.code }, [
      { articleCode: 'RPLQ13', designation: 'Plaque BA13', quantity: 12, siteTag: 'Villa Martin' },
      { articleCode: 'RVIS440', designation: 'Vis 4x40', quantity: 3 },
      { articleCode: 'ROLD1', designation: 'Ciment ancien', quantity: 2 },
    ]);
    const response = await app.inject({
      method: 'POST',
      url: `/rest/compte/mouvements/${order.id}/recommander`,
      headers,
    });
    expect(response.statusCode).toBe(200);
    const body = response.json() as LinesAdded;
    expect(body.ajoutees).toBe(2);
    expect(body.refusees).toEqual([
      { codeArticle: 'ROLD1', designation: 'Ciment ancien', raison: "Cet article n'est plus disponible" },
    ]);
    expect(body.message).toBe(
      "2 lignes ajoutées au panier. Non ajouté : Ciment ancien (Cet article n'est plus disponible)",
    );
    expect(body.panier.lignes.map((l) => [l.codeArticle, l.quantite, l.chantier])).toEqual([
      ['RPLQ13', 12, 'Villa Martin'],
      ['RVIS440', 3, null],
    ]);
    expect((await app.inject({ url: '/tag/chantier/list', headers })).json()).toEqual(['Villa Martin']);
  });

  it("answers 404 for another customer's order and changes nothing", async () => {
    const { headers } = await customerSession();
    await createArticle(app, { code: 'FPLQ13' });
    const foreign = await createOrder(app, {}, [{ articleCode: 'FPLQ13' }]);
    const response = await app.inject({
      method: 'POST',
      url: `/rest/compte/mouvements/${foreign.id}/recommander`,
      headers,
    });
    expect(response.statusCode).toBe(404);
    expect((await app.inject({ url: '/rest/panier', headers })).json().lignes).toEqual([]);
  });
});

type QuickLines = { code: string; quantite: number; dimensions?: number[] }[];
const verifyQuickOrder = async (headers: SessionHeaders, lignes: QuickLines) =>
  (
    await app.inject({
      method: 'POST',
      url: '/rest/compte/commande-rapide/verification',
      headers,
      payload: { lignes },
    })
  ).json() as ResolvedQuickOrder;
const addQuickOrder = async (headers: SessionHeaders, lignes: QuickLines) =>
  (
    await app.inject({ method: 'POST', url: '/rest/compte/commande-rapide', headers, payload: { lignes } })
  ).json() as LinesAdded;

describe('quick order', () => {
  it('resolves each line with designation, price and stock, unknown codes flagged, then adds them all', async () => {
    const { customer, headers } = await customerSession();
    await createArticle(app, { code: 'QPLQ13', designation1: 'Plaque BA13', priceHt: 7.9 });
    await createStock(app, { articleCode: 'QPLQ13', agencyCode: customer.agencyCode, quantity: 40 });
    const withVariants = await createArticle(app, { code: 'QPEINT', designation1: 'Peinture' });
    const variant = await createVariant(app, { articleCode: withVariants.code });
    const lignes = [
      { code: 'QPLQ13', quantite: 10 },
      { code: 'INCONNU', quantite: 1 },
      { code: 'QPEINT', quantite: 2 },
    ];
    const resolved = await verifyQuickOrder(headers, lignes);
    expect(resolved.lignes[0]).toMatchObject({
      code: 'QPLQ13',
      trouve: true,
      designation: 'Plaque BA13',
      prixHT: 7.9,
      infoStock: { INFO_STOCK: 'enStock', NB_STOCK: 40 },
      probleme: null,
    });
    expect(resolved.lignes[1]).toMatchObject({
      code: 'INCONNU',
      trouve: false,
      probleme: ACCOUNT_MESSAGES.unknownCode,
    });
    expect(resolved.lignes[2]).toMatchObject({
      trouve: true,
      designation: 'Peinture',
      probleme: ACCOUNT_MESSAGES.variantRequired([`QPEINT.${variant.code}`]),
    });

    const added = await addQuickOrder(headers, lignes);
    expect(added.ajoutees).toBe(1);
    expect(added.refusees.map((l) => [l.codeArticle, l.raison])).toEqual([
      ['INCONNU', ACCOUNT_MESSAGES.unknownCode],
      ['QPEINT', ACCOUNT_MESSAGES.variantRequired([`QPEINT.${variant.code}`])],
    ]);
    expect(added.message).toBe(
      `1 ligne ajoutée au panier. Non ajoutés : INCONNU (Code article inconnu), Peinture (${ACCOUNT_MESSAGES.variantRequired([`QPEINT.${variant.code}`])})`,
    );
    expect(added.panier.lignes.map((l) => [l.codeArticle, l.quantite])).toEqual([['QPLQ13', 10]]);
  });

  it('leaves out a line that would take its cart line past the largest quantity, and adds the others', async () => {
    const { headers } = await customerSession();
    await createArticle(app, { code: 'QSABLE', designation1: 'Sable 0/4', priceHt: 2 });
    await createArticle(app, { code: 'QGRAV', designation1: 'Gravier', priceHt: 3 });
    const first = await app.inject({
      method: 'POST',
      url: '/rest/panier/lignes',
      headers,
      payload: { codeArticle: 'QSABLE', quantite: CART_QUANTITY_MAX - 5 },
    });
    expect(first.statusCode, first.body).toBe(200);
    const added = await addQuickOrder(headers, [
      { code: 'QSABLE', quantite: 10 },
      { code: 'QGRAV', quantite: 4 },
    ]);
    expect(added.ajoutees).toBe(1);
    expect(added.refusees.map((l) => [l.codeArticle, l.raison])).toEqual([
      ['QSABLE', CART_MESSAGES.quantityTooLarge],
    ]);
    expect(added.panier.lignes.map((l) => [l.codeArticle, l.quantite])).toEqual([
      ['QSABLE', CART_QUANTITY_MAX - 5],
      ['QGRAV', 4],
    ]);
  });

  it('adds the declinaison a line names as code.declinaison, with its own designation, price and stock', async () => {
    const { customer, headers } = await customerSession();
    await createArticle(app, { code: 'QBAS', designation1: 'Bastaing', priceHt: 12 });
    await createVariant(app, { articleCode: 'QBAS', code: '01', designation: 'Bastaing 2 m' });
    await createVariant(app, { articleCode: 'QBAS', code: '02', designation: 'Bastaing 3 m', priceHt: 18 });
    await createStock(app, {
      articleCode: 'QBAS',
      variantCode: '02',
      agencyCode: customer.agencyCode,
      quantity: 3,
    });
    const lignes = [
      { code: 'QBAS.02', quantite: 4 },
      { code: 'QBAS.01', quantite: 1 },
      { code: 'QBAS.09', quantite: 1 },
      { code: 'QBAS', quantite: 1 },
    ];
    const resolved = await verifyQuickOrder(headers, lignes);
    expect(
      resolved.lignes.map((l) => [l.code, l.designation, l.prixHT, l.infoStock?.NB_STOCK, l.probleme]),
    ).toEqual([
      ['QBAS.02', 'Bastaing 3 m', 18, 3, null],
      ['QBAS.01', 'Bastaing 2 m', 12, null, null],
      ['QBAS.09', null, undefined, undefined, 'Déclinaison inconnue pour cet article'],
      // The article's stock is its declinaisons' together.
      ['QBAS', 'Bastaing', 12, 3, ACCOUNT_MESSAGES.variantRequired(['QBAS.01', 'QBAS.02'])],
    ]);
    expect(resolved.lignes[2]!.trouve).toBe(false);

    const added = await addQuickOrder(headers, lignes);
    expect(added.ajoutees).toBe(2);
    expect(added.refusees.map((l) => l.codeArticle)).toEqual(['QBAS.09', 'QBAS']);
    expect(added.panier.lignes.map((l) => [l.codeArticle, l.codeDeclinaison, l.quantite])).toEqual([
      ['QBAS', '02', 4],
      ['QBAS', '01', 1],
    ]);
  });

  it('prices a cut from its pieces and dimensions, and asks for them when they are missing', async () => {
    const { headers } = await customerSession();
    const admin = await loginAs(app, await createAdmin(app));
    await createUnit(app, 'M2', 'Mètre carré');
    await createArticle(app, { code: 'QPARQ', designation1: 'Parquet chêne', priceHt: 40, saleUnit: 'M2' });
    await createArticle(app, { code: 'QCIM', designation1: 'Ciment', priceHt: 9.99 });
    const saved = await app.inject({
      method: 'POST',
      url: '/admin/dimensionsVariables/update',
      headers: admin,
      payload: {
        data: [{ ...NO_VARIABLE_DIMENSION, codeUnite: 'M2', longueurVariable: true, largeurVariable: true }],
      },
    });
    expect(saved.statusCode).toBe(200);
    const lignes = [
      { code: 'QPARQ', quantite: 4, dimensions: [2.5, 1.2] },
      { code: 'QPARQ', quantite: 2 },
      { code: 'QPARQ', quantite: 2, dimensions: [2.5] },
      { code: 'QPARQ', quantite: 2, dimensions: [0, 1] },
      { code: 'QCIM', quantite: 2, dimensions: [1] },
    ];
    const resolved = await verifyQuickOrder(headers, lignes);
    const needed = ACCOUNT_MESSAGES.cutRequired(['longueur', 'largeur']);
    expect(resolved.lignes.map((l) => [l.quantite, l.decoupe?.libelle ?? null, l.probleme])).toEqual([
      [12, 'Découpe : 4 pièces de Longueur 2,5 m × Largeur 1,2 m', null],
      [2, null, needed],
      [2, null, needed],
      [2, null, 'Longueur : la valeur doit être supérieure à 0'],
      [2, null, 'Cet article ne se vend pas sur mesure'],
    ]);

    const added = await addQuickOrder(headers, lignes);
    expect(added.ajoutees).toBe(1);
    expect(added.refusees).toHaveLength(4);
    expect(added.panier.lignes).toMatchObject([
      {
        codeArticle: 'QPARQ',
        quantite: 12,
        montantHT: 480,
        decoupe: { nbPieces: 4, dimensions: { longueur: 2.5, largeur: 1.2 } },
      },
    ]);
    // Pieces must be a whole number when dimensions are given.
    const bad = await app.inject({
      method: 'POST',
      url: '/rest/compte/commande-rapide/verification',
      headers,
      payload: { lignes: [{ code: 'QPARQ', quantite: 2.5, dimensions: [1, 1] }] },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/Nombre de pièces : un nombre entier est attendu/);
  });

  it('refuses an empty list with a French message', async () => {
    const { headers } = await customerSession();
    const response = await app.inject({
      method: 'POST',
      url: '/rest/compte/commande-rapide',
      headers,
      payload: { lignes: [] },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(ACCOUNT_MESSAGES.quickOrderEmpty);
  });
});

const login = (loginName: string, password: string) =>
  app.inject({ method: 'POST', url: '/auth/login', payload: { login: loginName, password } });

describe('change password', () => {
  it('needs the current password, keeps this session and ends the others', async () => {
    const { user, headers } = await customerSession();
    const other: SessionHeaders = await loginAs(app, user);
    const wrong = await app.inject({
      method: 'POST',
      url: '/rest/compte/mot-de-passe',
      headers,
      payload: { motDePasseActuel: 'pas le bon', nouveauMotDePasse: 'Nouveau-secret-2026' },
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe(ACCOUNT_MESSAGES.currentPasswordWrong);
    const short = await app.inject({
      method: 'POST',
      url: '/rest/compte/mot-de-passe',
      headers,
      payload: { motDePasseActuel: user.password, nouveauMotDePasse: 'court' },
    });
    expect(short.json().message).toBe('Le mot de passe doit contenir au moins 10 caractères');

    const changed = await app.inject({
      method: 'POST',
      url: '/rest/compte/mot-de-passe',
      headers,
      payload: { motDePasseActuel: user.password, nouveauMotDePasse: 'Nouveau-secret-2026' },
    });
    expect(changed.json()).toEqual({ message: ACCOUNT_MESSAGES.passwordChanged });
    expect((await app.inject({ url: '/auth/me', headers })).statusCode).toBe(200);
    expect((await app.inject({ url: '/auth/me', headers: other })).json()).toEqual(NO_SESSION);
    expect((await login(user.login, user.password)).statusCode).toBe(401);
    expect((await login(user.login, 'Nouveau-secret-2026')).statusCode).toBe(200);
  });
});

describe('forgotten password', () => {
  const forgot = (email: string, remoteAddress = '127.0.0.1') =>
    app.inject({ method: 'POST', url: '/auth/mot-de-passe-oublie', payload: { email }, remoteAddress });
  const reset = (jeton: string, motDePasse: string) =>
    app.inject({ method: 'POST', url: '/auth/mot-de-passe-oublie/nouveau', payload: { jeton, motDePasse } });

  it('mails a one-time link; the new password works, the link does not twice, sessions end', async () => {
    const { user, headers } = await customerSession({ email: 'Jeanne@Martin.fr' });
    const unknown = await forgot('personne@nulle-part.fr');
    const known = await forgot('jeanne@martin.fr');
    expect(known.statusCode).toBe(200);
    expect(known.json()).toEqual(unknown.json());
    expect(known.json()).toEqual({ message: ACCOUNT_MESSAGES.resetRequested });

    const [mail] = await mailsTo(app, 'jeanne@martin.fr');
    expect(mail!.subject).toBe('Comptoir Test : réinitialisation de votre mot de passe');
    expect(mail!.html).toContain('Comptoir Test');
    const link = /https:\/\/boutique\.example\/mot-de-passe-oublie\/nouveau\?jeton=([\w-]+)/.exec(
      mail!.text!,
    );
    expect(link).not.toBeNull();
    const token = decodeURIComponent(link![1]!);

    expect((await reset(token, 'court')).json().message).toBe(
      'Le mot de passe doit contenir au moins 10 caractères',
    );
    const done = await reset(token, 'Tout-nouveau-2026');
    expect(done.json()).toEqual({ message: ACCOUNT_MESSAGES.resetDone });
    expect((await app.inject({ url: '/auth/me', headers })).json()).toEqual(NO_SESSION);
    expect((await login(user.login, 'Tout-nouveau-2026')).statusCode).toBe(200);

    const again = await reset(token, 'Encore-autre-2026');
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe(ACCOUNT_MESSAGES.resetInvalid);
    expect((await reset('x'.repeat(43), 'Encore-autre-2026')).json().message).toBe(
      ACCOUNT_MESSAGES.resetInvalid,
    );
  });

  it('refuses an expired link', async () => {
    await customerSession({ email: 'paul@exemple.fr' });
    await forgot('paul@exemple.fr');
    const [mail] = await mailsTo(app, 'paul@exemple.fr');
    const token = decodeURIComponent(/jeton=([\w-]+)/.exec(mail!.text!)![1]!);
    await app.db.execute(`update password_reset_tokens set expires_at = now() - interval '1 minute'`);
    expect((await reset(token, 'Tout-nouveau-2026')).json().message).toBe(ACCOUNT_MESSAGES.resetInvalid);
  });

  it('is rate-limited per address and e-mail', async () => {
    const answers = [];
    for (let i = 0; i < 11; i++) answers.push((await forgot('quelqun@exemple.fr', '10.9.9.9')).statusCode);
    expect(answers.slice(0, 10).every((code) => code === 200)).toBe(true);
    expect(answers[10]).toBe(429);
  });
});

describe('GET /rest/compte/articles-recents', () => {
  const recent = async (headers: SessionHeaders) => {
    const response = await app.inject({ url: '/rest/compte/articles-recents', headers });
    expect(response.statusCode).toBe(200);
    return recentArticles.parse(response.json());
  };

  it('lists the articles of its own orders still sold, the most recently ordered first, at its prices', async () => {
    const { customer, headers } = await customerSession();
    const [old, fresh, withdrawn, twice, othersOnly] = [
      await createArticle(app, { designation1: 'Ciment ancien', priceHt: 10 }),
      await createArticle(app, { designation1: 'Sable récent', priceHt: 20 }),
      await createArticle(app, { designation1: 'Chaux retirée', active: false }),
      await createArticle(app, { designation1: 'Plâtre deux fois', priceHt: 30 }),
      await createArticle(app, { designation1: 'Brique d’un autre' }),
    ] as const;
    await createCustomerPrice(app, { customerCode: customer.code, articleCode: fresh.code, netPrice: 15 });
    const day = (n: number) => new Date(Date.UTC(2026, 10, n, 9));
    const line = (articleCode: string) => ({ articleCode, designation: articleCode });
    await createOrder(app, { customerCode: customer.code, orderedAt: day(1) }, [
      line(twice.code),
      line(old.code),
    ]);
    await createOrder(app, { customerCode: customer.code, orderedAt: day(10) }, [
      line(fresh.code),
      line(withdrawn.code),
      line(twice.code),
    ]);
    // Another customer's order, more recent: none of its articles shows.
    await createOrder(app, { orderedAt: day(20) }, [line(othersOnly.code), line(old.code)]);

    const answer = await recent(headers);
    expect(answer.articles.map((a) => a.codeArticle)).toEqual([fresh.code, twice.code, old.code]);
    expect(answer.articles[0]).toMatchObject({
      designation: 'Sable récent',
      prixHT: 15,
      lien: `/article/${fresh.code}`,
    });
    expect(answer.articles[1]).toMatchObject({ prixHT: 30 });
    expect(answer.affichageStock).toBeDefined();
  });

  it('shows at most 8 articles, and none for a customer who never ordered', async () => {
    const { customer, headers } = await customerSession();
    expect((await recent(headers)).articles).toEqual([]);
    const articles = [];
    for (let i = 0; i < 10; i++) articles.push(await createArticle(app));
    await createOrder(
      app,
      { customerCode: customer.code },
      articles.map((a) => ({ articleCode: a.code, designation: a.designation1 })),
    );
    const shown = (await recent(headers)).articles.map((a) => a.codeArticle);
    expect(shown).toEqual(articles.slice(0, 8).map((a) => a.code));
  });

  it('is for a logged-in customer only', async () => {
    expect((await app.inject({ url: '/rest/compte/articles-recents' })).statusCode).toBe(401);
    const admin = await loginAs(app, await createAdmin(app));
    expect((await app.inject({ url: '/rest/compte/articles-recents', headers: admin })).statusCode).toBe(403);
  });
});
