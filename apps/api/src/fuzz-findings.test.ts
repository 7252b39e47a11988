// What the contract fuzz (contract-fuzz.test.ts) found, one case each, so that every fix is proved
// by a plain request: values the schemas let through and the database could not store (500), a
// truncated upload (500), and URLs the router refused in English.
import fs from 'node:fs';
import { HTTP_MESSAGES } from '@comptoir/shared/errors';
import { CARRIER_POSITION_MAX } from '@comptoir/shared/shipping/contract';
import { CARRIER_MESSAGES, FEE_MESSAGES, TRANCHE_MESSAGES } from '@comptoir/shared/shipping/messages';
import { FASTIFY_MESSAGES } from './plugins/errors';
import { createBand, createSetting } from './test/factories';
import { buildAppAs, type App, type SessionHeaders } from './test/helpers';

let app: App;
let admin: SessionHeaders;
beforeAll(async () => {
  ({ app, headers: admin } = await buildAppAs('admin'));
  await createSetting(app, 'transport.typeForfait', 'poids');
});
afterAll(() => app.close());

const post = (url: string, payload: object) => app.inject({ method: 'POST', url, headers: admin, payload });

describe('numbers beyond their column', () => {
  it('refuses a tranche starting at 100 000 000 (8 integer digits in the database), keeps the largest that fits', async () => {
    const tooBig = await post('/service/tranche', { libelle: 'Très lourd', debut: 1e8 });
    expect(tooBig.statusCode).toBe(400);
    expect(tooBig.json().message).toBe(TRANCHE_MESSAGES.debutInvalid);
    // 99 999 999,99995 would round up to 100 000 000 in the column.
    expect((await post('/service/tranche', { libelle: 'Arrondi', debut: 99_999_999.99995 })).statusCode).toBe(
      400,
    );
    const largest = await post('/service/tranche', { libelle: 'Le plus lourd', debut: 99_999_999.9999 });
    expect(largest.statusCode).toBe(200);
    expect(largest.json().debut).toBe(99_999_999.9999);
  });

  it('refuses a progressive interval of 100 000 000', async () => {
    const response = await post('/service/tranche', {
      libelle: 'Par lot',
      debut: 0,
      unique: true,
      interval: 1e8,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(TRANCHE_MESSAGES.intervalRequired);
  });

  it('refuses a franco of 10 000 000 000 € (10 integer digits in the database)', async () => {
    const band = await createBand(app);
    const response = await post('/service/forfaitTransport', {
      tranche: { id: band.id },
      montant: 1,
      franco: 1e10,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(FEE_MESSAGES.francoTooLarge);
    const largest = await post('/service/forfaitTransport', {
      tranche: { id: band.id },
      montant: 1,
      franco: 9_999_999_999.99,
    });
    expect(largest.statusCode).toBe(200);
  });

  it('refuses a carrier position beyond CARRIER_POSITION_MAX, so that the next one still fits', async () => {
    for (const position of [2 ** 31, CARRIER_POSITION_MAX + 1]) {
      const response = await post('/service/transporteur', { nom: 'Messagerie', position });
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe(CARRIER_MESSAGES.invalid);
    }
    const last = await post('/service/transporteur', { nom: 'Messagerie', position: CARRIER_POSITION_MAX });
    expect(last.statusCode).toBe(200);
    const next = await post('/service/transporteur', { nom: 'Enlèvement' });
    expect(next.statusCode).toBe(200);
    expect(next.json().position).toBe(CARRIER_POSITION_MAX + 1);
  });
});

describe('a logo upload cut short', () => {
  it('is refused with a 400 and stores nothing', async () => {
    const before = fs.existsSync(app.config.logosDir) ? fs.readdirSync(app.config.logosDir) : [];
    const response = await app.inject({
      method: 'POST',
      url: '/service/transporteur/logo/upload',
      headers: { ...admin, 'content-type': 'multipart/form-data; boundary=x' },
      // No closing boundary: the body ends in the middle of the file.
      payload: '--x\r\nContent-Disposition: form-data; name="logo"; filename="logo.png"\r\n\r\n\x89PNG',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: HTTP_MESSAGES[400] });
    expect(fs.existsSync(app.config.logosDir) ? fs.readdirSync(app.config.logosDir) : []).toEqual(before);
  });
});

describe('a URL the router cannot read', () => {
  it.each(['/catalogue/articles/%zz', '/simplemenu/%E0%A4%A', '/tag/chantier/%C0%AF'])(
    'answers a French 400 for a broken percent-encoding: %s',
    async (url) => {
      const response = await app.inject({ url, headers: admin });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ message: FASTIFY_MESSAGES.FST_ERR_BAD_URL });
    },
  );

  it('answers a French 414 for a path parameter over 200 characters', async () => {
    const response = await app.inject({ url: `/catalogue/articles/${'A'.repeat(201)}`, headers: admin });
    expect(response.statusCode).toBe(414);
    expect(response.json()).toEqual({
      message: 'Adresse de la requête trop longue : 200 caractères au plus par paramètre',
    });
    expect(FASTIFY_MESSAGES.FST_ERR_MAX_PARAM_LENGTH).toBe(response.json().message);
  });
});
