import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AUTH_MESSAGES } from '@comptoir/shared/auth';
import { errorResponse } from '@comptoir/shared/errors';
import {
  deleteImportedFileResponse,
  fichierImportation,
  importedFileParams,
  importedFilesQuery,
  importedFilesResponse,
} from '@comptoir/shared/imported-files';
import { forbidden } from '../../errors';
import {
  attachmentHeader,
  deleteImportedFile,
  listImportedFiles,
  openImportedFile,
  requeueImportedFile,
} from './imported-files.service';

const tags = ['fichiers importés'];
const fileErrors = { 400: errorResponse, 404: errorResponse, 409: errorResponse };

/**
 * The contract makes rename and delete GETs, which the cross-site write guard does not cover and a
 * SameSite=Lax cookie accompanies on a link from another site: a browser's request that says it
 * comes from another site is refused. Clients that send no Sec-Fetch-Site (scripts, tests) are
 * judged by their session alone, like the write guard.
 */
function refuseCrossSite(request: FastifyRequest) {
  const site = request.headers['sec-fetch-site'];
  if (site !== undefined && site !== 'same-origin' && site !== 'none')
    throw forbidden(AUTH_MESSAGES.foreignOrigin);
}

export const importedFileRoutes: FastifyPluginAsyncZod = async (app) => {
  const { importsDir } = app.config;

  app.get(
    '/admin/fichierimportation/fetch',
    {
      schema: {
        tags,
        summary:
          'Les fichiers du dossier d’import (FILES_DIR/imports), du plus récent au plus ancien, par pages',
        querystring: importedFilesQuery,
        response: { 200: importedFilesResponse },
      },
    },
    (request) => listImportedFiles(importsDir, request.query),
  );

  app.get(
    '/admin/fichierimportation/rename/:name',
    {
      schema: {
        tags,
        summary: 'Remet en attente un fichier importé (.ok) ou refusé (.err) : x.zip.err devient x.zip',
        params: importedFileParams,
        response: { 200: fichierImportation, ...fileErrors },
      },
    },
    (request) => {
      refuseCrossSite(request);
      return requeueImportedFile(importsDir, request.params.name);
    },
  );

  app.get(
    '/admin/fichierimportation/delete/:name',
    {
      schema: {
        tags,
        summary: 'Supprime un fichier du dossier d’import (sauf pendant son import)',
        params: importedFileParams,
        response: { 200: deleteImportedFileResponse, ...fileErrors },
      },
    },
    (request) => {
      refuseCrossSite(request);
      return deleteImportedFile(importsDir, request.params.name);
    },
  );

  app.get(
    '/admin/fichierimportation/download/:name',
    {
      schema: {
        tags,
        summary: 'Télécharge un fichier du dossier d’import (navigation)',
        params: importedFileParams,
        response: {
          200: { description: 'Le fichier', content: { 'application/octet-stream': { schema: z.string() } } },
          400: errorResponse,
          404: errorResponse,
        },
      },
    },
    async (request, reply) => {
      const { handle, size } = await openImportedFile(importsDir, request.params.name);
      return reply
        .header('content-disposition', attachmentHeader(request.params.name))
        .header('content-length', size)
        .header('cache-control', 'no-store')
        .type('application/octet-stream')
        .send(handle.createReadStream() as unknown as string); // a stream: the 200 schema only documents it
    },
  );
};
