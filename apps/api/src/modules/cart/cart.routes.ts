import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponse } from '@comptoir/shared/errors';
import {
  CART_MESSAGES,
  addCartLineBody,
  cart,
  cartLineParams,
  checkoutOptions as checkoutOptionsSchema,
  checkoutQuery,
  deliveryAddress,
  placeOrderBody,
  placedOrder,
  updateCartLineBody,
} from '@comptoir/shared/cart';
import type { FieldError } from '@comptoir/shared/validation';
import { cartOwnerRequired, cartUser } from '../../plugins/auth';
import { badRequest, notFound } from '../../errors';
import { addCartLine, removeCartLine, updateCartLine } from './cart-lines.service';
import { checkoutOptions, placeOrder } from './checkout.service';
import { getCart } from './priced-cart.service';
import { visitorAddressBody } from '@comptoir/shared/visitor-checkout';
import { addVisitorAddress } from './visitor-checkout';
import type { PaymentProvider } from '../payments/payments.service';

const tags = ['panier'];
// The schemas carry French messages of their own ('La quantité doit être supérieure à 0'...): answer them.
const ownMessage = { validationMessage: (details: FieldError[]) => details[0]?.message };
const refusals = { 401: errorResponse, 403: errorResponse, 404: errorResponse };
// An account's cart, or a visitor's when visitors may order (cartUser; docs/contract/connection-settings.md).
const open = { access: 'optional' } as const;
const onRequest = cartOwnerRequired;

/** The owner of the cart whose line is changed: a visitor without a cart yet has no such line (404). */
async function lineOwner(request: FastifyRequest, reply: FastifyReply) {
  const user = await cartUser(request, reply, false);
  if (!user) throw notFound(CART_MESSAGES.unknownLine);
  return user;
}

export interface CartRoutesOptions {
  /** The card payment provider (the app factory's choice). */
  payments: PaymentProvider;
}

export const cartRoutes: FastifyPluginAsyncZod<CartRoutesOptions> = async (app, { payments }) => {
  app.get(
    '/rest/panier',
    {
      onRequest,
      schema: {
        tags,
        summary:
          'Le panier du client connecté (ou du visiteur), à ses prix (ceux que le catalogue lui montre), avec ses totaux',
        response: { 200: cart, 401: errorResponse, 403: errorResponse },
      },
      config: open,
    },
    async (request, reply) => getCart(app.db, await cartUser(request, reply, false)),
  );

  app.post(
    '/rest/panier/lignes',
    {
      onRequest,
      schema: {
        tags,
        summary:
          'Ajoute un article (et sa déclinaison) au panier ; augmente la ligne sans chantier du même article. Répond le panier.',
        body: addCartLineBody,
        response: { 200: cart, ...refusals },
      },
      config: { ...open, ...ownMessage },
    },
    async (request, reply) => addCartLine(app.db, (await cartUser(request, reply, true))!, request.body),
  );

  app.patch(
    '/rest/panier/lignes/:id',
    {
      onRequest,
      schema: {
        tags,
        summary: 'Change la quantité d’une ligne du panier. Répond le panier.',
        params: cartLineParams,
        body: updateCartLineBody,
        response: { 200: cart, ...refusals },
      },
      config: { ...open, ...ownMessage },
    },
    async (request, reply) =>
      updateCartLine(app.db, await lineOwner(request, reply), request.params.id, request.body),
  );

  app.delete(
    '/rest/panier/lignes/:id',
    {
      onRequest,
      schema: {
        tags,
        summary: 'Retire une ligne du panier. Répond le panier.',
        params: cartLineParams,
        response: { 200: cart, ...refusals },
      },
      config: open,
    },
    async (request, reply) => removeCartLine(app.db, await lineOwner(request, reply), request.params.id),
  );

  app.get(
    '/rest/panier/livraison',
    {
      onRequest,
      schema: {
        tags,
        summary:
          'La commande : adresses de livraison, transporteurs actifs avec leurs frais pour l’adresse (par défaut, ou adresseId), modes de règlement permis',
        querystring: checkoutQuery,
        response: { 200: checkoutOptionsSchema, 400: errorResponse, 401: errorResponse, 403: errorResponse },
      },
      config: open,
    },
    async (request, reply) => {
      const user = await cartUser(request, reply, false);
      if (!user) throw badRequest(CART_MESSAGES.emptyCart); // a visitor without a cart yet
      return checkoutOptions(app.db, user, request.query.adresseId);
    },
  );

  app.post(
    '/rest/panier/adresses',
    {
      onRequest,
      schema: {
        tags,
        summary:
          'Commande sans compte : ajoute une adresse de livraison saisie par le visiteur à sa session de panier (sa zone vient du code postal). Répond l’adresse.',
        body: visitorAddressBody,
        response: { 200: deliveryAddress, 400: errorResponse, 401: errorResponse, 403: errorResponse },
      },
      config: { ...open, ...ownMessage },
    },
    async (request, reply) =>
      addVisitorAddress(app.db, (await cartUser(request, reply, true))!, request.body),
  );

  app.post(
    '/rest/panier/commande',
    {
      onRequest,
      schema: {
        tags,
        summary:
          'Passe la commande du panier : compte → TER ; carte → ATT, puis paiement sur la page du prestataire (paiement.url), ' +
          'VAL quand il le confirme ; chèque ou virement → AT2. Une commande TER ou VAL est exportée. Vide le panier.',
        body: placeOrderBody,
        response: { 200: placedOrder, 400: errorResponse, 401: errorResponse, 403: errorResponse },
      },
      config: {
        ...open,
        validationMessage: (details) =>
          details.find((d) => d.message === CART_MESSAGES.cardNumberRefused)?.message ?? details[0]?.message,
      },
    },
    async (request, reply) => {
      const user = await cartUser(request, reply, false);
      if (!user) throw badRequest(CART_MESSAGES.emptyCart); // a visitor without a cart yet
      // Its mail is queued in its transaction and sent once it committed (mail module).
      return placeOrder(app.db, app.config.exportsDir, payments, user, request.body, request.log, app.mail);
    },
  );
};
