import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { STOREFRONT_ACCESS_MESSAGES } from '@comptoir/shared/connection-settings';
import { errorResponse } from '@comptoir/shared/errors';
import {
  CART_MESSAGES,
  addCartLineBody,
  cart,
  cartLineParams,
  checkoutOptions as checkoutOptionsSchema,
  checkoutQuery,
  placeOrderBody,
  placedOrder,
  updateCartLineBody,
} from '@comptoir/shared/cart';
import type { PaymentProvider } from '@comptoir/shared/payment';
import type { FieldError } from '@comptoir/shared/validation';
import { currentUser } from '../../plugins/auth';
import {
  addCartLine,
  checkoutOptions,
  getCart,
  placeOrder,
  removeCartLine,
  updateCartLine,
} from './cart.service';
import { sendOrderPlacedMail } from '../mail/mail.service';

const tags = ['panier'];
// The schemas carry French messages of their own ('La quantité doit être supérieure à 0'...): answer them.
const ownMessage = { validationMessage: (details: FieldError[]) => details[0]?.message };
const refusals = { 403: errorResponse, 404: errorResponse };

export interface CartRoutesOptions {
  /** The card payment provider (the app factory's choice). */
  payments: PaymentProvider;
}

export const cartRoutes: FastifyPluginAsyncZod<CartRoutesOptions> = async (app, { payments }) => {
  app.get(
    '/rest/panier',
    {
      schema: {
        tags,
        summary:
          'Le panier du client connecté (prix catalogue : pas encore de tarifs client), avec ses totaux',
        response: { 200: cart, 403: errorResponse },
      },
    },
    (request) => getCart(app.db, currentUser(request)),
  );

  app.post(
    '/rest/panier/lignes',
    {
      schema: {
        tags,
        summary:
          'Ajoute un article (et sa déclinaison) au panier ; augmente la ligne sans chantier du même article. Répond le panier.',
        body: addCartLineBody,
        response: { 200: cart, ...refusals },
      },
      config: ownMessage,
    },
    (request) => addCartLine(app.db, currentUser(request), request.body),
  );

  app.patch(
    '/rest/panier/lignes/:id',
    {
      schema: {
        tags,
        summary: 'Change la quantité d’une ligne du panier. Répond le panier.',
        params: cartLineParams,
        body: updateCartLineBody,
        response: { 200: cart, ...refusals },
      },
      config: ownMessage,
    },
    (request) => updateCartLine(app.db, currentUser(request), request.params.id, request.body),
  );

  app.delete(
    '/rest/panier/lignes/:id',
    {
      schema: {
        tags,
        summary: 'Retire une ligne du panier. Répond le panier.',
        params: cartLineParams,
        response: { 200: cart, ...refusals },
      },
    },
    (request) => removeCartLine(app.db, currentUser(request), request.params.id),
  );

  app.get(
    '/rest/panier/livraison',
    {
      schema: {
        tags,
        summary:
          'La commande : adresses de livraison, transporteurs actifs avec leurs frais pour l’adresse (par défaut, ou adresseId), modes de règlement permis',
        querystring: checkoutQuery,
        response: { 200: checkoutOptionsSchema, 403: errorResponse },
      },
    },
    (request) => checkoutOptions(app.db, currentUser(request), request.query.adresseId),
  );

  app.post(
    '/rest/panier/commande',
    {
      schema: {
        tags,
        summary:
          'Passe la commande du panier : compte → TER ; carte → VAL si acceptée, ATT sinon ; chèque ou virement → AT2. ' +
          'Une commande TER ou VAL est exportée. Vide le panier.',
        body: placeOrderBody,
        response: { 200: placedOrder, 403: errorResponse },
      },
      config: {
        // Ordering needs an account (docs/contract.md, Connection settings: allowAnonymousCommande).
        loginMessage: STOREFRONT_ACCESS_MESSAGES.orderLoginRequired,
        validationMessage: (details) =>
          details.find((d) => d.message === CART_MESSAGES.cardNumberRequired)?.message ?? details[0]?.message,
      },
    },
    async (request) => {
      const user = currentUser(request);
      const placed = await placeOrder(
        app.db,
        app.config.exportsDir,
        payments,
        user,
        request.body,
        request.log,
      );
      // After the commit, and without making the customer wait for the mail server.
      void sendOrderPlacedMail(
        { db: app.db, mailer: app.mailer, config: app.config, log: request.log },
        user,
        placed.id,
      );
      return placed;
    },
  );
};
