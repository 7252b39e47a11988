import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponse } from '@comptoir/shared/errors';
import {
  forfait,
  forfaitBody,
  forfaitBodyMessage,
  forfaitsTransportResponse,
  idParams,
  messageResponse,
  setTypeForfaitBody,
  tranche,
  trancheBody,
  trancheList,
  typeForfaitResponse,
} from '@comptoir/shared/shipping/contract';
import { feeSimulationBody, shippingFeeResult } from '@comptoir/shared/shipping/fee-contract';
import { TRANCHE_MESSAGES } from '@comptoir/shared/shipping/messages';
import { droppingKept, sendKept } from '../../plugins/answer-cache';
import {
  createBand,
  getFeeSchedule,
  listBands,
  getFeeType,
  priceCart,
  removeShippingFee,
  removeAllShippingFees,
  saveShippingFee,
  setFeeType,
} from './shipping-fees.service';
import { SCHEDULE_TABLES } from './shipping-fees.kept';

const tags = ['forfaits de transport'];
const trancheMessages: readonly string[] = Object.values(TRANCHE_MESSAGES);

// The back office's lists are kept as sent until what they are read from changes: the fee type is a
// setting (the type in force decides which forfaits and tranches are listed).
const FEE_TYPE_TABLES = ['settings'];
const BAND_TABLES = ['settings', 'bands'];
const FEE_SCHEDULE_TABLES = ['settings', ...SCHEDULE_TABLES];

export const shippingFeeRoutes: FastifyPluginAsyncZod = async (app) => {
  // What a write drops at once (removing forfaits unlinks the carriers that named them).
  const onSend = droppingKept(['settings', 'shipping_fees', 'bands', 'carriers']);

  app.get(
    '/service/forfaitsTransport',
    {
      schema: {
        tags,
        summary:
          'Les forfaits du type en vigueur : sans agence à part, puis par agence ; groupés par zone et plan de vente',
        response: { 200: forfaitsTransportResponse },
      },
    },
    (_request, reply) =>
      sendKept(reply, 'shipping-fees:schedule', FEE_SCHEDULE_TABLES, () => getFeeSchedule(app.db)),
  );

  app.post(
    '/service/forfaitTransport',
    {
      onSend,
      schema: {
        tags,
        summary: 'Crée (sans id) ou modifie (avec id) un forfait ; répond le forfait enregistré',
        body: forfaitBody,
        response: { 200: forfait, 404: errorResponse, 409: errorResponse },
      },
      // The contract's messages, in its order (docs/contract/shipping-fees.md).
      config: { validationMessage: (details) => forfaitBodyMessage(details) },
    },
    (request) => saveShippingFee(app.db, request.body),
  );

  app.delete(
    '/service/forfaitTransport/:id',
    {
      onSend,
      schema: {
        tags,
        summary: 'Supprime un forfait',
        params: idParams,
        response: { 200: messageResponse, 404: errorResponse },
      },
    },
    (request) => removeShippingFee(app.db, request.params.id),
  );

  app.delete(
    '/service/resetForfaitTransport',
    {
      onSend,
      schema: {
        tags,
        summary: 'Supprime tous les forfaits (de tous les types) ; les transporteurs liés perdent leur lien',
        response: { 200: messageResponse },
      },
    },
    () => removeAllShippingFees(app.db),
  );

  app.post(
    '/service/forfaitTransport/simulation',
    {
      schema: {
        tags,
        summary: 'Simule les frais de port d’un panier (agence, zone, transporteur, lignes) et les explique',
        body: feeSimulationBody,
        response: { 200: shippingFeeResult },
      },
    },
    (request) => priceCart(app.db, request.body),
  );

  app.get(
    '/service/tranches',
    {
      schema: {
        tags,
        summary: 'Les tranches du type de forfait en vigueur, par début (aucune sans type)',
        response: { 200: trancheList },
      },
    },
    (_request, reply) => sendKept(reply, 'shipping-fees:bands', BAND_TABLES, () => listBands(app.db)),
  );

  app.post(
    '/service/tranche',
    {
      onSend,
      schema: {
        tags,
        summary: 'Crée une tranche du type de forfait en vigueur',
        body: trancheBody,
        response: { 200: tranche },
      },
      config: {
        validationMessage: (details) => details.find((d) => trancheMessages.includes(d.message))?.message,
      },
    },
    (request) => createBand(app.db, request.body),
  );

  app.get(
    '/service/typeForfaitTransport',
    {
      schema: {
        tags,
        summary: 'Le type de forfait en vigueur (poids ou montant), null tant qu’aucun n’est choisi',
        response: { 200: typeForfaitResponse },
      },
    },
    (_request, reply) => sendKept(reply, 'shipping-fees:type', FEE_TYPE_TABLES, () => getFeeType(app.db)),
  );

  app.post(
    '/service/setTypeForfaitTransport',
    {
      onSend,
      schema: {
        tags,
        summary:
          'Change le type de forfait ; supprime dans la même transaction les forfaits dont la tranche est d’un autre type',
        body: setTypeForfaitBody,
        response: { 200: typeForfaitResponse },
      },
    },
    (request) => setFeeType(app.db, request.body.typeForfait),
  );
};
