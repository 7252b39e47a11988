// A carrier saved with a logo at the moment the sweep deletes it: its first check has passed, then
// the sweep runs to the end before its transaction. The save must be refused, never commit a carrier
// whose logo is gone. The interleaving is forced by running the sweep right after that first check.
import fs from 'node:fs';
import path from 'node:path';
import { CARRIER_MESSAGES } from '@comptoir/shared/shipping/messages';
import { buildAppAs, type App, type SessionHeaders } from '../../test/helpers';
import { sweepUnusedLogos } from './carriers.service';
import type * as Logos from './logos';

const between = vi.hoisted(() => ({ firstCheck: null as null | (() => Promise<unknown>) }));
vi.mock('./logos', async (importOriginal) => {
  const real = await importOriginal<typeof Logos>();
  return {
    ...real,
    logoExists: async (logosDir: string, url: string) => {
      const found = await real.logoExists(logosDir, url);
      const run = between.firstCheck;
      between.firstCheck = null;
      if (run) await run();
      return found;
    },
  };
});

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

let app: App;
let admin: SessionHeaders;
beforeAll(async () => {
  ({ app, headers: admin } = await buildAppAs('admin'));
});
afterAll(() => app.close());

it('refuses a carrier whose logo the sweep deleted between its check and its write', async () => {
  const boundary = '----comptoirrace';
  const upload = await app.inject({
    method: 'POST',
    url: '/service/transporteur/logo/upload',
    headers: { ...admin, 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload: Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="logo"; filename="l.png"\r\nContent-Type: image/png\r\n\r\n`,
      ),
      PNG,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]),
  });
  const { logo } = upload.json() as { logo: string };
  const file = path.join(app.config.logosDir, logo.slice('/logos/'.length));
  const dayAndHourAgo = new Date(Date.now() - 25 * 60 * 60 * 1000);
  fs.utimesSync(file, dayAndHourAgo, dayAndHourAgo);

  let swept: unknown;
  between.firstCheck = async () => {
    swept = await sweepUnusedLogos(app.db, app.config.logosDir);
  };
  const saved = await app.inject({
    method: 'POST',
    url: '/service/transporteur',
    headers: admin,
    payload: { nom: 'Formulaire resté ouvert', logo },
  });
  expect(swept).toEqual([logo]);
  expect(fs.existsSync(file)).toBe(false);
  expect(saved.statusCode).toBe(400);
  expect(saved.json()).toEqual({ message: CARRIER_MESSAGES.invalid });
  const list = (await app.inject({ url: '/service/transporteurs', headers: admin })).json() as {
    nom: string;
  }[];
  expect(list.map((carrier) => carrier.nom)).not.toContain('Formulaire resté ouvert');
});
