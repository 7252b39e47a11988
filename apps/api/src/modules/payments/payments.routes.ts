// The card provider's calls to the shop (its notification, the shopper's return) and, for the shipped
// test provider, its hosted page (docs/contract/checkout-and-payments.md).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponse } from '@comptoir/shared/errors';
import { formatEuros } from '@comptoir/shared/format';
import { PAYMENT_MESSAGES } from '@comptoir/shared/payment';
import { RETURN_QUERIES } from '@comptoir/shared/payment-calls';
import { notFound } from '../../errors';
import { notificationPath, returnPath, type PaymentProvider } from './payment-provider';
import { handleNotification, handleReturn, type SettleContext } from './payments.service';
import { TEST_PAGE_PREFIX, type TestPaymentProvider } from './test-provider';

const tags = ['paiement'];

export interface PaymentRoutesOptions {
  provider: PaymentProvider;
}

export const paymentRoutes: FastifyPluginAsyncZod<PaymentRoutesOptions> = async (app, { provider }) => {
  const context = (log: SettleContext['log']): SettleContext => ({
    db: app.db,
    mail: app.mail,
    exportsDir: app.config.exportsDir,
    log,
  });

  // Signatures are computed over the exact bytes the provider sent: this scope keeps JSON bodies raw.
  await app.register(async (scope) => {
    scope.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) =>
      done(null, body),
    );
    scope.post(
      notificationPath(provider.name),
      {
        schema: {
          tags,
          summary:
            'Notification signée du prestataire de paiement (serveur à serveur) : vérifiée, appliquée une seule fois',
          body: z.string(),
          response: { 200: z.object({ recu: z.literal(true) }), 400: errorResponse },
        },
        // The provider has no session, and no browser Origin either.
        config: { access: 'public' },
      },
      async (request) => {
        await handleNotification(context(request.log), provider, String(request.body), request.headers);
        return { recu: true as const };
      },
    );
  });

  app.get(
    returnPath(provider.name),
    {
      schema: {
        tags,
        summary:
          'Retour signé du client depuis la page de paiement : vérifié, appliqué une seule fois, puis redirigé vers la commande',
        // The provider's own parameters: other ones are ignored.
        querystring: RETURN_QUERIES[provider.name],
        response: {
          303: {
            description:
              'Vers /compte/detail-mouvement/{id}?paiement={accepted|refused|pending}, ou pour un visiteur /panier/commande?paiement=…&commande={numero}',
            content: {},
          },
          400: errorResponse,
        },
      },
      config: { access: 'public' },
    },
    async (request, reply) =>
      reply.redirect(await handleReturn(context(request.log), provider, request.query), 303),
  );

  if (provider.name === 'test') registerTestPage(app, provider as TestPaymentProvider, context);
};

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The test provider's hosted page: it plays the provider's part, with its own secret. */
function registerTestPage(
  app: Parameters<FastifyPluginAsyncZod>[0],
  provider: TestPaymentProvider,
  context: (log: SettleContext['log']) => SettleContext,
) {
  const params = z.object({ token: z.string().max(2000) });

  app.get(
    `${TEST_PAGE_PREFIX}/:token`,
    {
      schema: {
        tags,
        summary: 'Page de paiement du prestataire de test (PAYMENT_PROVIDER=test seulement)',
        params,
        response: {
          200: { description: 'La page HTML', content: { 'text/html': { schema: z.string() } } },
          404: errorResponse,
        },
      },
      config: { access: 'public' },
    },
    async (request, reply) => {
      const session = provider.readSession(request.params.token);
      if (!session) throw notFound(PAYMENT_MESSAGES.unknownSession);
      const action = `${TEST_PAGE_PREFIX}/${encodeURIComponent(request.params.token)}`;
      return reply.type('text/html; charset=utf-8').send(`<!doctype html>
<html lang="fr">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Paiement de test</title></head>
<body>
<main>
<h1>Paiement de test</h1>
<p>Commande ${escapeHtml(session.numero)} : <strong>${escapeHtml(formatEuros(session.amountTtc))} TTC</strong></p>
<p>Prestataire de paiement de test : aucune carte n’est demandée ni débitée. Choisissez la réponse de la banque.</p>
<form method="post" action="${escapeHtml(action)}">
<button type="submit" name="resultat" value="accepted">Accepter le paiement</button>
<button type="submit" name="resultat" value="refused">Refuser le paiement</button>
</form>
</main>
</body>
</html>`);
    },
  );

  app.post(
    `${TEST_PAGE_PREFIX}/:token`,
    {
      schema: {
        tags,
        summary: 'Réponse choisie sur la page de test : notification signée, puis retour signé',
        params,
        // The page's form posts its fields; a script may send JSON.
        consumes: ['application/x-www-form-urlencoded', 'application/json'],
        body: z.object({ resultat: z.enum(['accepted', 'refused']) }),
        response: {
          303: { description: 'Vers le retour signé, /rest/paiement/test/retour?…', content: {} },
          404: errorResponse,
        },
      },
      config: { access: 'public' },
    },
    async (request, reply) => {
      const session = provider.readSession(request.params.token);
      if (!session) throw notFound(PAYMENT_MESSAGES.unknownSession);
      // As a real provider does: the server-to-server notification first (verified like any other)…
      const notice = provider.notification(session, request.body.resultat);
      await handleNotification(context(request.log), provider, notice.body, notice.headers).catch(
        (error: unknown) => request.log.error({ err: error }, 'Notification de test non traitée'),
      );
      // …then the shopper back to the shop with a signed return.
      return reply.redirect(provider.returnUrl(session, request.body.resultat), 303);
    },
  );
}
