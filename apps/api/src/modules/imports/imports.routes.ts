import fp from 'fastify-plugin';
import { isEmbedded } from '@comptoir/db/client';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponse } from '@comptoir/shared/errors';
import {
  IMPORT_PAGE_MESSAGES,
  IMPORT_UPLOAD_MAX_BYTES,
  importDetail,
  importIdParams,
  importList,
  importListQuery,
  importUploadResponse,
  reportFileName,
} from '@comptoir/shared/imports/contract';
import { badRequest, HttpError } from '../../errors';
import { registerUploadRoutes, withUploadedFile } from '../../plugins/uploads';
import { startDropFolder, type DropFolder } from './drop-folder';
import { importDetail as detailOf, importReport, listImports } from './import-history.service';
import { acceptUpload, uploadsDone } from './import-upload.service';
import type { ImportRuntime } from './runtime';

declare module 'fastify' {
  interface FastifyInstance {
    /** The ERP drop folder's poller (tests call poll() rather than wait for it). */
    importDropFolder: DropFolder;
  }
}

const tags = ['imports'];

const routes: FastifyPluginAsyncZod = async (app) => {
  const runtime: ImportRuntime = {
    db: app.db,
    importsDir: app.config.importsDir,
    documentsDir: app.config.documentsDir,
    log: app.log,
    staged: isEmbedded(app.db),
    encoding: app.config.importEncoding,
    limits: app.config.importLimits,
  };
  let dropFolder: DropFolder | undefined;
  app.decorate('importDropFolder', {
    poll: () => dropFolder?.poll() ?? Promise.resolve(),
    stop: () => dropFolder?.stop() ?? Promise.resolve(),
  });
  app.addHook('onReady', async () => {
    dropFolder = startDropFolder(runtime, {
      pollMs: app.config.importPollMs,
      staleMs: app.config.importStaleMs,
    });
  });
  app.addHook('onClose', async () => {
    await dropFolder?.stop();
    await uploadsDone();
  });

  await registerUploadRoutes(app, (uploads) =>
    uploads.post(
      '/admin/importation/envoi',
      {
        schema: {
          tags,
          summary:
            'Envoie un fichier ERP (.zip ou .csv, multipart, champ « fichier ») : il est importé aussitôt',
          consumes: ['multipart/form-data'],
          response: { 200: importUploadResponse },
        },
      },
      (request) =>
        withUploadedFile(
          request,
          {
            field: 'fichier',
            maxBytes: IMPORT_UPLOAD_MAX_BYTES,
            maxFields: 5,
            missing: () => badRequest(IMPORT_PAGE_MESSAGES.noFile),
            tooLarge: () => new HttpError(413, IMPORT_PAGE_MESSAGES.tooLarge),
          },
          (part) => acceptUpload(runtime, { filename: part.filename, file: part.file }),
        ),
    ),
  );

  app.get(
    '/admin/importation/imports',
    {
      schema: {
        tags,
        summary: 'Les imports en cours (avec leur progression) et l’historique des imports, page par page',
        querystring: importListQuery,
        response: { 200: importList },
      },
    },
    (request) => listImports(app.db, request.query.page),
  );

  app.get(
    '/admin/importation/imports/:id',
    {
      schema: {
        tags,
        summary: 'Un import, avec son rapport (les lignes rejetées)',
        params: importIdParams,
        response: { 200: importDetail, 404: errorResponse },
      },
    },
    (request) => detailOf(app.db, request.params.id),
  );

  app.get(
    '/admin/importation/imports/:id/rapport',
    {
      schema: {
        tags,
        summary: 'Le rapport d’un import, en CSV (téléchargement)',
        params: importIdParams,
        response: {
          200: { description: 'Le rapport', content: { 'text/csv': { schema: z.string() } } },
          404: errorResponse,
        },
      },
    },
    async (request, reply) => {
      const report = await importReport(app.db, request.params.id);
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${reportFileName(request.params.id)}"`)
        .header('cache-control', 'no-store')
        .send(report);
    },
  );
};

// Not encapsulated: the app itself carries importDropFolder.
export const importRoutes = fp(routes, { name: 'imports' });
