// A large import does not keep the shop from answering (docs/import-erp.md, Staged imports): while it
// reads its file, the storefront's calls and the import page are served, and the progress moves. On
// PGlite this is the staged import (one connection); on PostgreSQL the pool does it.
import { createFamily } from '../../test/factories';
import { buildAppAs, type App, type SessionHeaders } from '../../test/helpers';
import { csv, listImports, settled, upload } from './test-support';

const ROWS = 20_000;

let app: App;
let admin: SessionHeaders;
beforeAll(async () => {
  ({ app, headers: admin } = await buildAppAs('admin', { config: { importPollMs: 0 } }));
});
afterAll(() => app.close());

it('answers the storefront and shows a moving progress while a large import runs', async () => {
  const family = await createFamily(app);
  const file = csv(
    'code_article;designation1;code_famille;prix_ht;taux_tva;unite_vente;actif',
    ...Array.from({ length: ROWS }, (_, i) => `GROS${i};Article ${i};${family.code};${i % 100}.5;20;U;1`),
  );
  const response = await upload(app, admin, 'articles-gros.csv', file);
  expect(response.statusCode).toBe(200);

  let servedWhileRunning = 0;
  const progressSeen = new Set<number>();
  for (;;) {
    const menu = await app.inject({ url: '/menu/activites' });
    expect(menu.statusCode).toBe(200);
    const list = await listImports(app, admin);
    const running = list.enCours;
    // The upload answers before the import has written its history row: wait for it to show.
    if (!running.length && list.historique.length) break;
    if (!running.length) {
      await new Promise((resolve) => setTimeout(resolve, 20));
      continue;
    }
    // The menu answered, and the import is still running afterwards: it was served meanwhile.
    servedWhileRunning++;
    const done = running[0]!.lignesTraitees;
    if (done > 0 && done < ROWS) progressSeen.add(done);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  const [job] = (await settled(app, admin)).historique;
  expect(job).toMatchObject({ statut: 'ok', lues: ROWS, creees: ROWS });
  expect(servedWhileRunning).toBeGreaterThan(1);
  expect(progressSeen.size).toBeGreaterThan(1);
});
