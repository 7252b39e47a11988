import type { FastifyBaseLogger } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponse } from '@comptoir/shared/errors';
import {
  idParams,
  logoUploadResponse,
  messageResponse,
  transporteur,
  transporteurBody,
  transporteurEtatBody,
  transporteurList,
  transporteurOptions,
  transporteurPositionBody,
} from '@comptoir/shared/shipping/contract';
import { LOGO_TYPES } from '@comptoir/shared/shipping/logo';
import { CARRIER_MESSAGES } from '@comptoir/shared/shipping/messages';
import { notFound } from '../../errors';
import { droppingKept, sendKept } from '../../plugins/answer-cache';
import { registerUploadRoutes } from '../../plugins/uploads';
import {
  carrierOptions,
  listCarriers,
  moveCarrier,
  removeCarrier,
  saveCarrier,
  setCarrierActive,
  sweepUnusedLogos,
  uploadLogo,
} from './carriers.service';
import { readLogo, readLogoUpload } from './logos';

const tags = ['transporteurs'];
// Any invalid carrier is refused with this one message (docs/contract/carriers.md).
const carrierMessage = { validationMessage: () => CARRIER_MESSAGES.invalid };

// The back office's lists are kept as sent until a carrier changes (a fee schedule's removal unlinks
// carriers too: the database's notification says so).
const CARRIER_TABLES = ['carriers'];

export const carrierRoutes: FastifyPluginAsyncZod = async (app) => {
  const { logosDir } = app.config;
  const onSend = droppingKept(CARRIER_TABLES);
  const sweepFailed = (log: FastifyBaseLogger) => (error: unknown) =>
    log.warn({ err: error }, 'nettoyage des logos inutilisés impossible');

  // Logos abandoned while the server was down go at start; a failure never keeps it from starting.
  app.addHook('onReady', async () => {
    await sweepUnusedLogos(app.db, logosDir).catch(sweepFailed(app.log));
  });

  app.get(
    '/service/transporteurs',
    { schema: { tags, summary: 'Les transporteurs, par position', response: { 200: transporteurList } } },
    (_request, reply) => sendKept(reply, 'carriers:list', CARRIER_TABLES, () => listCarriers(app.db)),
  );

  app.get(
    '/service/transporteur/options',
    {
      schema: {
        tags,
        summary: 'Les paramètres et options proposés (catalogue, plus ceux que des transporteurs ont déjà)',
        response: { 200: transporteurOptions },
      },
    },
    (_request, reply) => sendKept(reply, 'carriers:options', CARRIER_TABLES, () => carrierOptions(app.db)),
  );

  app.post(
    '/service/transporteur',
    {
      onSend,
      schema: {
        tags,
        summary: 'Crée (sans id) ou modifie (avec id) un transporteur ; répond le transporteur enregistré',
        body: transporteurBody,
        response: { 200: transporteur, 404: errorResponse },
      },
      config: carrierMessage,
    },
    (request) => saveCarrier(app.db, logosDir, request.body),
  );

  app.delete(
    '/service/transporteur/:id',
    {
      onSend,
      schema: {
        tags,
        summary: 'Supprime un transporteur',
        params: idParams,
        response: { 200: messageResponse, 404: errorResponse },
      },
    },
    (request) => removeCarrier(app.db, logosDir, request.params.id),
  );

  app.post(
    '/service/transporteur/:id/etat',
    {
      onSend,
      schema: {
        tags,
        summary: 'Active ou désactive un transporteur',
        params: idParams,
        body: transporteurEtatBody,
        response: { 200: transporteur, 404: errorResponse },
      },
      config: carrierMessage,
    },
    (request) => setCarrierActive(app.db, request.params.id, request.body.etat),
  );

  app.post(
    '/service/transporteur/:id/position',
    {
      onSend,
      schema: {
        tags,
        summary: 'Monte (up) ou descend (down) un transporteur d’une place ; répond la liste réordonnée',
        params: idParams,
        body: transporteurPositionBody,
        response: { 200: transporteurList, 404: errorResponse },
      },
      config: carrierMessage,
    },
    (request) => moveCarrier(app.db, request.params.id, request.body.direction),
  );

  await registerUploadRoutes(app, (uploads) =>
    uploads.post(
      '/service/transporteur/logo/upload',
      {
        schema: {
          tags,
          summary:
            'Envoie un logo (multipart, champ « logo ») : PNG, JPEG ou WebP reconnu au contenu, 1 Mo maximum',
          consumes: ['multipart/form-data'],
          response: { 200: logoUploadResponse },
        },
      },
      async (request) => ({
        logo: await uploadLogo(app.db, logosDir, await readLogoUpload(request), sweepFailed(request.log)),
      }),
    ),
  );

  // Logos are shown on the storefront too: public, and immutable (a new upload gets a new name).
  app.get(
    '/logos/:file',
    {
      schema: {
        tags,
        summary: 'Un logo de transporteur',
        params: z.object({ file: z.string().max(120) }),
        response: {
          200: {
            description: 'Le logo, du type de son extension',
            content: Object.fromEntries(
              Object.values(LOGO_TYPES).map((type) => [type.mime, { schema: z.string() }]),
            ),
          },
          404: errorResponse,
        },
      },
      config: { access: 'public' },
    },
    async (request, reply) => {
      const logo = await readLogo(logosDir, request.params.file);
      if (!logo) throw notFound();
      return reply
        .type(logo.contentType)
        .header('cache-control', 'public, max-age=31536000, immutable')
        .send(logo.bytes as unknown as string); // bytes: the 200 schema only documents them
    },
  );
};
