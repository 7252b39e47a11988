import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { LOGO_MAX_BYTES } from '@comptoir/shared/shipping/logo';
import { CARRIER_MESSAGES } from '@comptoir/shared/shipping/messages';
import { buildApp } from '../../app';
import { buildAppAs, type App, type SessionHeaders } from '../../test/helpers';

// Real 1×1 images.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);
const JPEG = Buffer.from(
  '/9j/4AAQSkZJRgABAQEASABIAAD/2wBDAP//////////////////////////////////////////////////////////////////////////////////////wgALCAABAAEBAREA/8QAFBABAAAAAAAAAAAAAAAAAAAAAP/aAAgBAQABPxA=',
  'base64',
);
const WEBP = Buffer.from('UklGRhoAAABXRUJQVlA4TA0AAAAvAAAAEAcQERGIiP4HAA==', 'base64');

let app: App;
let admin: SessionHeaders;
beforeAll(async () => {
  ({ app, headers: admin } = await buildAppAs('admin'));
});
afterAll(() => app.close());

/** A multipart/form-data body with one file part. */
function form(field: string, filename: string, content: Buffer, contentType = 'application/octet-stream') {
  const boundary = `----comptoir${randomBytes(8).toString('hex')}`;
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: ${contentType}\r\n\r\n`;
  return {
    payload: Buffer.concat([Buffer.from(head), content, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

const upload = (field: string, filename: string, content: Buffer, contentType?: string) => {
  const { payload, headers } = form(field, filename, content, contentType);
  return app.inject({
    method: 'POST',
    url: '/service/transporteur/logo/upload',
    headers: { ...admin, ...headers },
    payload,
  });
};

const stored = () => fs.readdirSync(app.config.logosDir).sort();

describe('POST /service/transporteur/logo/upload', () => {
  it.each([
    ['PNG', PNG, 'logo.png', 'png', 'image/png'],
    ['JPEG', JPEG, 'logo.jpeg', 'jpg', 'image/jpeg'],
    ['WebP', WEBP, 'logo.webp', 'webp', 'image/webp'],
    // The content decides, not the name nor the declared type.
    ['PNG named .gif', PNG, 'logo.gif', 'png', 'image/png'],
  ])('stores a %s under a random name and serves it back', async (_, bytes, filename, extension, mime) => {
    const response = await upload('logo', filename, bytes, 'image/gif');
    expect(response.statusCode).toBe(200);
    const { logo } = response.json() as { logo: string };
    expect(logo).toMatch(new RegExp(`^/logos/[0-9a-f-]{36}\\.${extension}$`));
    expect(fs.readFileSync(path.join(app.config.logosDir, logo.slice('/logos/'.length)))).toEqual(bytes);

    const served = await app.inject({ url: logo });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe(mime);
    expect(served.headers['cache-control']).toContain('immutable');
    expect(served.rawPayload).toEqual(bytes);
  });

  it('accepts exactly 1 MB', async () => {
    const bytes = Buffer.concat([PNG, Buffer.alloc(LOGO_MAX_BYTES - PNG.length)]);
    const response = await upload('logo', 'grand.png', bytes);
    expect(response.statusCode).toBe(200);
  });

  describe('refusals store nothing', () => {
    let before: string[];
    beforeEach(() => {
      before = stored();
    });
    afterEach(() => expect(stored()).toEqual(before));

    it('refuses a text file named .png', async () => {
      const response = await upload('logo', 'logo.png', Buffer.from('pas une image\n'), 'image/png');
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ message: CARRIER_MESSAGES.logoType });
    });

    it('refuses a GIF and an empty file', async () => {
      const gif = await upload(
        'logo',
        'logo.gif',
        Buffer.from('GIF89a\x01\x00\x01\x00', 'latin1'),
        'image/gif',
      );
      expect(gif.json()).toEqual({ message: CARRIER_MESSAGES.logoType });
      const empty = await upload('logo', 'vide.png', Buffer.alloc(0));
      expect(empty.statusCode).toBe(400);
      expect(empty.json()).toEqual({ message: CARRIER_MESSAGES.logoType });
    });

    it('refuses more than 1 MB', async () => {
      const bytes = Buffer.concat([PNG, Buffer.alloc(LOGO_MAX_BYTES + 1 - PNG.length)]);
      const response = await upload('logo', 'trop-grand.png', bytes);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ message: CARRIER_MESSAGES.logoTooLarge });
    });

    it('refuses far more than 1 MB without reading it all into memory', async () => {
      const bytes = Buffer.concat([PNG, Buffer.alloc(5 * LOGO_MAX_BYTES)]);
      const response = await upload('logo', 'enorme.png', bytes);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ message: CARRIER_MESSAGES.logoTooLarge });
    });

    it('refuses another field name and a request that is not multipart', async () => {
      const other = await upload('image', 'logo.png', PNG);
      expect(other.statusCode).toBe(400);
      expect(other.json()).toEqual({ message: CARRIER_MESSAGES.logoMissing });
      const json = await app.inject({
        method: 'POST',
        url: '/service/transporteur/logo/upload',
        headers: admin,
        payload: { logo: PNG.toString('base64') },
      });
      expect(json.statusCode).toBe(400);
      expect(json.json()).toEqual({ message: CARRIER_MESSAGES.logoMissing });
    });
  });

  it('lets a carrier use an uploaded logo, and removes the file once no carrier uses it', async () => {
    const { logo } = (await upload('logo', 'a.png', PNG)).json() as { logo: string };
    const saved = await app.inject({
      method: 'POST',
      url: '/service/transporteur',
      headers: admin,
      payload: { nom: 'Avec logo', logo },
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().logo).toBe(logo);
    const file = path.join(app.config.logosDir, logo.slice('/logos/'.length));

    const { logo: next } = (await upload('logo', 'b.webp', WEBP)).json() as { logo: string };
    await app.inject({
      method: 'POST',
      url: '/service/transporteur',
      headers: admin,
      payload: { id: saved.json().id, nom: 'Avec logo', logo: next },
    });
    expect(fs.existsSync(file)).toBe(false);

    const nextFile = path.join(app.config.logosDir, next.slice('/logos/'.length));
    await app.inject({ method: 'DELETE', url: `/service/transporteur/${saved.json().id}`, headers: admin });
    expect(fs.existsSync(nextFile)).toBe(false);
  });
});

describe('unused logos', () => {
  const HOUR = 60 * 60 * 1000;
  const fileOf = (logo: string) => path.join(app.config.logosDir, logo.slice('/logos/'.length));
  const uploaded = async (bytes = PNG) =>
    ((await upload('logo', 'l.png', bytes)).json() as { logo: string }).logo;
  /** Backdates a file as if it had been written `hours` ago: no waiting. */
  const age = (file: string, hours: number) => {
    const then = new Date(Date.now() - hours * HOUR);
    fs.utimesSync(file, then, then);
  };
  const saveCarrier = (logo: string) =>
    app.inject({
      method: 'POST',
      url: '/service/transporteur',
      headers: admin,
      payload: { nom: 'Transporteur au logo', logo },
    });

  it('are deleted at the next upload once 24 hours old; used, younger and foreign files stay', async () => {
    const abandoned = await uploaded();
    const recent = await uploaded(JPEG);
    const used = await uploaded(WEBP);
    expect((await saveCarrier(used)).statusCode).toBe(200);
    const foreign = path.join(app.config.logosDir, 'lisez-moi.txt');
    fs.writeFileSync(foreign, 'pas un logo');
    age(fileOf(abandoned), 25);
    age(fileOf(recent), 23);
    age(fileOf(used), 25 * 24);
    age(foreign, 25);

    const next = await uploaded();
    expect(fs.existsSync(fileOf(abandoned))).toBe(false);
    for (const file of [fileOf(recent), fileOf(used), fileOf(next), foreign])
      expect(fs.existsSync(file)).toBe(true);
    expect((await app.inject({ url: abandoned })).statusCode).toBe(404);
    expect((await app.inject({ url: used })).statusCode).toBe(200);
    // A form left open past the limit cannot save the swept logo: it is refused, never left dangling.
    const late = await saveCarrier(abandoned);
    expect(late.statusCode).toBe(400);
    expect(late.json()).toEqual({ message: CARRIER_MESSAGES.invalid });
    expect((await saveCarrier(recent)).statusCode).toBe(200);
  });

  it('are deleted when the server starts', async () => {
    const abandoned = await uploaded();
    age(fileOf(abandoned), 25);
    // A restart: a new app on the same files and database.
    const restarted = await buildApp({ config: app.config, db: app.db, logger: false });
    await restarted.ready();
    await restarted.close();
    expect(fs.existsSync(fileOf(abandoned))).toBe(false);
  });
});

describe('GET /logos/:file', () => {
  it('serves without a session and answers 404 for a missing or unsafe name', async () => {
    fs.writeFileSync(path.join(app.config.filesDir, 'secret.png'), PNG);
    fs.writeFileSync(path.join(app.config.logosDir, 'notes.txt'), 'secret');
    for (const url of [
      '/logos/absent.png',
      '/logos/..%2fsecret.png',
      '/logos/..%2F..%2Fsession-secret',
      '/logos/%2e%2e%2fsecret.png',
      '/logos/../secret.png',
      '/logos/notes.txt',
      '/logos/.png',
    ]) {
      const response = await app.inject({ url });
      expect(response.statusCode, url).toBe(404);
      expect(response.headers['content-type'], url).toContain('application/json');
    }
  });
});
