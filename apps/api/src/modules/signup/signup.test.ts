// Sign-up and temporary accounts through the real app: the settings that open them, the checks on what
// the visitor gives (SIRET key, password, e-mail taken), what is created, the session opened at once,
// the rate limit, and that a refusal writes nothing.
import { eq } from 'drizzle-orm';
import { customers, deliveryAddresses, orders, users } from '@comptoir/db/schema';
import { SETTING_KEYS, type SettingKey, type SettingValue } from '@comptoir/shared/domain';
import { SIGNUP_CUSTOMER_TYPES, SIGNUP_MESSAGES, type SignupBody } from '@comptoir/shared/signup';
import {
  createAgency,
  createArticle,
  createCarrier,
  createCustomerType,
  createFamily,
  createUnit,
} from '../../test/factories';
import { buildTestApp, type App } from '../../test/helpers';
import { mailsTo } from '../../test/mails';
import { writeSetting } from '../settings/settings.service';

const address = { ligne1: '12 rue des Tanneurs', codePostal: '69007', ville: 'Lyon' };
let counter = 0;
const pro = (overrides: Partial<SignupBody> = {}): SignupBody => ({
  type: 'professionnel',
  email: `contact${++counter}@maconnerie-durand.fr`,
  motDePasse: 'un mot de passe solide',
  nom: 'Paul Durand',
  raisonSociale: 'Maçonnerie Durand',
  siret: '732 829 320 00074',
  telephone: '04 78 00 00 00',
  adresse: address,
  ...overrides,
});
const individual = (overrides: Partial<SignupBody> = {}): SignupBody => ({
  type: 'particulier',
  email: `marie${++counter}@exemple.fr`,
  motDePasse: 'mon jardin en 2026',
  nom: 'Marie Martin',
  adresse: { ...address, ligne2: 'Bâtiment B' },
  ...overrides,
});

describe('sign-up and temporary accounts', () => {
  let app: App;
  let ip = 0;
  beforeAll(async () => {
    app = await buildTestApp();
    await createAgency(app, { label: 'Agence de Vénissieux' });
  });
  afterAll(() => app.close());

  const set = <K extends SettingKey>(key: K, value: SettingValue<K>) => writeSetting(app.db, key, value);
  // Each call from its own address: the rate limit is tested on its own below.
  const post = (url: string, payload: object, remoteAddress = `10.0.0.${++ip % 250}`) =>
    app.inject({ method: 'POST', url, payload, remoteAddress });
  const count = async () => ({
    customers: await app.db.$count(customers),
    users: await app.db.$count(users),
    addresses: await app.db.$count(deliveryAddresses),
  });

  beforeEach(async () => {
    await set(SETTING_KEYS.allowParAccount, '1');
    await set(SETTING_KEYS.allowProAccount, '1');
    await set(SETTING_KEYS.anonymousAccount, '0');
  });

  it('says what the page may offer, from the settings', async () => {
    await set(SETTING_KEYS.allowParAccount, '0');
    const answer = await app.inject({ url: '/auth/inscription' });
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual({ particulier: false, professionnel: true, compteTemporaire: false });
  });

  it('is closed by default: nobody signs up until the settings allow it', async () => {
    await set(SETTING_KEYS.allowParAccount, '0');
    await set(SETTING_KEYS.allowProAccount, '0');
    const before = await count();
    const a = await post('/auth/inscription', pro());
    expect(a.statusCode).toBe(403);
    expect(a.json().message).toBe(SIGNUP_MESSAGES.proRefused);
    const b = await post('/auth/inscription', individual());
    expect(b.statusCode).toBe(403);
    expect(b.json().message).toBe(SIGNUP_MESSAGES.parRefused);
    expect(await count()).toEqual(before);
  });

  it('refuses the kind the settings leave out, and only that one', async () => {
    await set(SETTING_KEYS.allowProAccount, '0');
    expect((await post('/auth/inscription', pro())).statusCode).toBe(403);
    expect((await post('/auth/inscription', individual())).statusCode).toBe(200);
  });

  it('creates a professional customer, its address and account, and logs it in at once', async () => {
    const agency = await createAgency(app, { label: 'Agence de Lyon' });
    await set(SETTING_KEYS.agenceDefautTarif, agency.code);
    const body = pro({ email: ' Paul.Durand@Maconnerie-Durand.fr ' });
    const answer = await post('/auth/inscription', body);
    expect(answer.statusCode).toBe(200);
    const me = answer.json();
    expect(me).toMatchObject({ login: 'paul.durand@maconnerie-durand.fr', role: 'client' });
    expect(me.codeClient).toMatch(/^WEB\d{6}$/);
    const [customer] = await app.db.select().from(customers).where(eq(customers.code, me.codeClient));
    expect(customer).toMatchObject({
      name: 'Maçonnerie Durand',
      isProfessional: true,
      siret: '73282932000074',
      email: 'paul.durand@maconnerie-durand.fr',
      phone: '04 78 00 00 00',
      typeCode: SIGNUP_CUSTOMER_TYPES.professionnel.code,
      agencyCode: agency.code,
      creditLimit: null,
    });
    const addresses = await app.db
      .select()
      .from(deliveryAddresses)
      .where(eq(deliveryAddresses.customerCode, me.codeClient));
    expect(addresses).toMatchObject([
      { line1: address.ligne1, postalCode: '69007', city: 'Lyon', isDefault: true },
    ]);

    // The cookie is a live session: the new customer sees itself and its (empty) cart.
    const cookie = answer.cookies.find((c) => c.name === 'comptoir_session')!;
    expect(cookie.httpOnly).toBe(true);
    const headers = { cookie: `comptoir_session=${cookie.value}` };
    expect((await app.inject({ url: '/auth/me', headers })).json()).toEqual(me);
    expect((await app.inject({ url: '/rest/panier', headers })).statusCode).toBe(200);
    // And it logs in again with its e-mail and password.
    const login = await app.inject({
      method: 'POST',
      url: '/auth/login',
      payload: { login: me.login, password: body.motDePasse },
    });
    expect(login.statusCode).toBe(200);
  });

  it('mails the new customer that its account is created, with its login', async () => {
    const body = individual();
    expect((await post('/auth/inscription', body)).statusCode).toBe(200);
    const [mail] = await mailsTo(app, body.email);
    expect(mail?.subject).toBe('Comptoir : votre compte est créé');
    expect(mail?.text).toContain(`Votre identifiant : ${body.email}.`);
    expect(mail?.html).toContain('Me connecter');
  });

  it('creates an individual with no SIRET, offered no payment on account', async () => {
    const answer = await post('/auth/inscription', individual({ siret: '123', raisonSociale: 'ignorée' }));
    expect(answer.statusCode).toBe(200);
    const [customer] = await app.db
      .select()
      .from(customers)
      .where(eq(customers.code, answer.json().codeClient));
    expect(customer).toMatchObject({
      name: 'Marie Martin',
      isProfessional: false,
      siret: null,
      typeCode: SIGNUP_CUSTOMER_TYPES.particulier.code,
    });
  });

  it('reads a postal code typed with spaces inside, 69 007, as 69007', async () => {
    const answer = await post(
      '/auth/inscription',
      individual({ adresse: { ...address, codePostal: '69 007' } }),
    );
    expect(answer.statusCode).toBe(200);
    const [row] = await app.db
      .select({ postalCode: deliveryAddresses.postalCode })
      .from(deliveryAddresses)
      .where(eq(deliveryAddresses.customerCode, answer.json().codeClient));
    expect(row).toEqual({ postalCode: '69007' });
  });

  it.each([
    ['a SIRET whose key is wrong', pro({ siret: '73282932000075' }), SIGNUP_MESSAGES.siretInvalid],
    ['a SIRET of 13 digits', pro({ siret: '7328293200007' }), SIGNUP_MESSAGES.siretInvalid],
    ['no SIRET', pro({ siret: undefined }), SIGNUP_MESSAGES.siretRequired],
    ['no company name', pro({ raisonSociale: ' ' }), SIGNUP_MESSAGES.companyRequired],
    ['a short password', pro({ motDePasse: 'court' }), SIGNUP_MESSAGES.passwordTooShort],
    [
      'the e-mail as password',
      individual({ email: 'jean@ex.fr', motDePasse: 'JEAN@ex.fr' }),
      SIGNUP_MESSAGES.passwordContainsLogin,
    ],
    [
      'a password containing the e-mail',
      individual({ email: 'jean@ex.fr', motDePasse: 'xx jean@ex.fr xx' }),
      SIGNUP_MESSAGES.passwordContainsLogin,
    ],
    ['a bad e-mail', individual({ email: 'marie@' }), SIGNUP_MESSAGES.emailInvalid],
    ['no name', individual({ nom: '' }), SIGNUP_MESSAGES.nameRequired],
    ['a name of 300 characters', individual({ nom: 'a'.repeat(300) }), SIGNUP_MESSAGES.nameTooLong],
    [
      'a bad postal code',
      individual({ adresse: { ...address, codePostal: '6907' } }),
      SIGNUP_MESSAGES.postalCodeInvalid,
    ],
  ])('refuses %s with a French message and writes nothing', async (_, body, message) => {
    const before = await count();
    const answer = await post('/auth/inscription', body);
    expect(answer.statusCode).toBe(400);
    expect(answer.json().message).toBe(message);
    expect(answer.cookies).toEqual([]);
    expect(await count()).toEqual(before);
  });

  it('refuses an e-mail that already has an account (409), writing nothing', async () => {
    const body = individual();
    expect((await post('/auth/inscription', body)).statusCode).toBe(200);
    const before = await count();
    const again = await post('/auth/inscription', pro({ email: body.email.toUpperCase() }));
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(SIGNUP_MESSAGES.emailTaken);
    expect(await count()).toEqual(before);
  });

  it('gives concurrent sign-ups distinct customer codes', async () => {
    const answers = await Promise.all(
      Array.from({ length: 4 }, () => post('/auth/inscription', individual())),
    );
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200, 200]);
    expect(new Set(answers.map((a) => a.json().codeClient)).size).toBe(4);
  });

  it('limits sign-ups per address like logins (429 with Retry-After)', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 21; i++)
      statuses.push((await post('/auth/inscription', individual({ nom: '' }), '10.9.9.9')).statusCode);
    // Refused bodies are not counted (nothing to guess there); accepted ones and conflicts are.
    expect(statuses.every((s) => s === 400)).toBe(true);
    const seen: number[] = [];
    let last;
    for (let i = 0; i < 21; i++) {
      last = await post('/auth/inscription', individual(), '10.9.9.9');
      seen.push(last.statusCode);
    }
    expect(seen.slice(0, 20).every((s) => s === 200)).toBe(true);
    expect(seen[20]).toBe(429);
    expect(last!.json().message).toBe(SIGNUP_MESSAGES.tooManyAttempts);
    expect(Number(last!.headers['retry-after'])).toBeGreaterThan(0);
  });

  describe('temporary accounts', () => {
    const visitor = () => ({ email: 'passant@exemple.fr', nom: 'Jean Passant', adresse: address });

    it('are refused unless anonymousAccount is on', async () => {
      const before = await count();
      const answer = await post('/auth/compte-temporaire', visitor());
      expect(answer.statusCode).toBe(403);
      expect(answer.json().message).toBe(SIGNUP_MESSAGES.temporaryRefused);
      expect(await count()).toEqual(before);
    });

    it('need a temporary customer type that exists', async () => {
      await set(SETTING_KEYS.anonymousAccount, '1');
      await set(SETTING_KEYS.typeClientTemporaire, 'INCONNU');
      const answer = await post('/auth/compte-temporaire', visitor());
      expect(answer.statusCode).toBe(400);
      expect(answer.json().message).toBe(SIGNUP_MESSAGES.temporaryNotConfigured);
    });

    it('create a customer of typeClientTemporaire with a session of its own, twice for one e-mail', async () => {
      const type = await createCustomerType(app, { label: 'Client web temporaire' });
      await set(SETTING_KEYS.anonymousAccount, '1');
      await set(SETTING_KEYS.typeClientTemporaire, type.code);
      expect((await app.inject({ url: '/auth/inscription' })).json().compteTemporaire).toBe(true);
      const first = await post('/auth/compte-temporaire', visitor());
      expect(first.statusCode).toBe(200);
      const me = first.json();
      expect(me).toMatchObject({ role: 'client', login: me.codeClient });
      const [customer] = await app.db.select().from(customers).where(eq(customers.code, me.codeClient));
      expect(customer).toMatchObject({
        name: 'Jean Passant',
        typeCode: type.code,
        isProfessional: false,
        email: 'passant@exemple.fr',
      });
      const second = await post('/auth/compte-temporaire', visitor());
      expect(second.statusCode).toBe(200);
      expect(second.json().codeClient).not.toBe(me.codeClient);
      // No password opens it again.
      const [user] = await app.db.select().from(users).where(eq(users.login, me.login));
      expect(user!.passwordHash).toMatch(/^\$argon2/);
    });

    it('order at once in the session they open, as a private customer (no payment on account)', async () => {
      const type = await createCustomerType(app, { label: 'Client de passage' });
      await set(SETTING_KEYS.anonymousAccount, '1');
      await set(SETTING_KEYS.typeClientTemporaire, type.code);
      await createUnit(app, 'U', 'Unité');
      const familyCode = (await createFamily(app, { code: 'OU', label: 'Outillage' })).code;
      await createArticle(app, { code: 'MAR', designation1: 'Marteau', priceHt: 20, familyCode });
      const carrierId = (await createCarrier(app, { name: 'Retrait agence', pickup: true })).id;

      const opened = await post('/auth/compte-temporaire', visitor());
      const cookie = opened.cookies.find((c) => c.name === 'comptoir_session')!;
      const headers = { cookie: `comptoir_session=${cookie.value}` };
      const added = await app.inject({
        method: 'POST',
        url: '/rest/panier/lignes',
        headers,
        payload: { codeArticle: 'MAR', quantite: 2 },
      });
      expect(added.statusCode).toBe(200);
      const options = (await app.inject({ url: '/rest/panier/livraison', headers })).json();
      expect(options.adresses).toMatchObject([{ ligne1: address.ligne1, ville: 'Lyon', parDefaut: true }]);
      expect(options.modesReglement.map((m: { code: string }) => m.code)).toEqual([
        'carte',
        'cheque',
        'virement',
      ]);
      const placed = await app.inject({
        method: 'POST',
        url: '/rest/panier/commande',
        headers,
        payload: {
          adresseId: options.adresseId,
          transporteurId: carrierId,
          modeReglement: 'carte',
        },
      });
      expect(placed.statusCode).toBe(200);
      expect(placed.json().typePanier).toBe('ATT');
      const [order] = await app.db.select().from(orders).where(eq(orders.id, placed.json().id));
      expect(order).toMatchObject({ customerCode: opened.json().codeClient, amountHt: 40 });
    });
  });
});
