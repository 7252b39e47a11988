// The Fastify app factory: plugins, then one register per domain module. The server and the tests
// both build the app here; only the database handle and the configuration differ.
import cookie from '@fastify/cookie';
import rateLimit from '@fastify/rate-limit';
import Fastify, { type FastifyServerOptions, type RouteOptions } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Database, DatabaseHandle } from '@comptoir/db/client';
import { errorResponse } from '@comptoir/shared/errors';
import { PATH_PARAM_MAX_LENGTH } from '@comptoir/shared/validation';
import type { Config } from './config';
import { accountRoutes } from './modules/account/account.routes';
import { adminHomeRoutes } from './modules/admin-home/admin-home.routes';
import { adminListRoutes } from './modules/admin-lists/admin-lists.routes';
import { articleRoutes } from './modules/articles/articles.routes';
import { authRoutes } from './modules/auth/auth.routes';
import { createVisitorAccount } from './modules/auth/auth.service';
import { createPaymentProvider } from './modules/payments/payments.service';
import type { PaymentProvider } from './modules/payments/payment-provider';
import { paymentRoutes } from './modules/payments/payments.routes';
import { cartRoutes } from './modules/cart/cart.routes';
import { carrierRoutes } from './modules/carriers/carriers.routes';
import { catalogueRoutes } from './modules/catalogue/catalogue.routes';
import { crawlerRoutes } from './modules/crawlers/crawlers.routes';
import { productPicture } from './modules/catalogue/catalogue.service';
import { dimensionRoutes } from './modules/dimensions/dimensions.routes';
import { documentRoutes } from './modules/documents/documents.routes';
import { encoursRoutes } from './modules/encours/encours.routes';
import { groupingRoutes } from './modules/groupings/groupings.routes';
import { healthRoutes } from './modules/health/health.routes';
import { importedFileRoutes } from './modules/imported-files/imported-files.routes';
import { accountsRoutes } from './modules/accounts/accounts.routes';
import { importRoutes } from './modules/imports/imports.routes';
import { orderRoutes } from './modules/orders/orders.routes';
import { referenceRoutes } from './modules/reference/reference.routes';
import { createMailer, createMailSender, type Mailer, type MailSender } from './modules/mail/mail.service';
import { menuRoutes } from './modules/menu/menu.routes';
import { selectionModelRoutes } from './modules/selection-models/selection-models.routes';
import { searchRoutes } from './modules/search/search.routes';
import { settingsRoutes } from './modules/settings/settings.routes';
import { storefrontPolicy } from './modules/settings/settings.service';
import { salesPlanRoutes } from './modules/sales-plan/sales-plan.routes';
import { shippingFeeRoutes } from './modules/shipping-fees/shipping-fees.routes';
import { signupRoutes } from './modules/signup/signup.routes';
import { sitePageRoutes } from './modules/site-pages/site-pages.routes';
import { siteTagRoutes } from './modules/site-tags/site-tags.routes';
import answerCachePlugin from './plugins/answer-cache';
import compressionPlugin from './plugins/compression';
import { statisticsRoutes } from './modules/statistics/statistics.routes';
import authPlugin, { routeAccess, type Access } from './plugins/auth';
import dbPlugin from './plugins/db';
import errorsPlugin, { clientErrorHandler, frameworkErrors } from './plugins/errors';
import formBodyPlugin from './plugins/form-body';
import { createKeptFront, frontServerFactory } from './plugins/kept-front';
import openapiPlugin from './plugins/openapi';
import securityPlugin from './plugins/security';
import webPlugin from './plugins/web';

/** One row of the route table: what the route sweep test walks through. */
export interface RouteEntry {
  method: string;
  url: string;
  access: Access;
}

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    /** Every route registered so far, one row per method. */
    routeTable: RouteEntry[];
    /** The mail outbox's sender: queue mails in a transaction, wake it after the commit. */
    mail: MailSender;
  }
}

export interface BuildAppOptions {
  config: Config;
  db: Database;
  /**
   * The database's change feed: with it, answers built from rarely changing tables are cached
   * (plugins/answer-cache.ts); without it, every answer is loaded afresh.
   */
  listenForChanges?: DatabaseHandle['listenForChanges'];
  /** How the outbox's mails leave; by default SMTP_URL's server, or .eml files in DATA_DIR/mails. */
  mailer?: Mailer;
  /** The mail sender's clock (tests move it to make retries due); the wall clock by default. */
  mailClock?: () => Date;
  /** Defaults to pino at config.logLevel; tests pass false. */
  logger?: FastifyServerOptions['logger'];
  /** The card payment provider; by default the one PAYMENT_PROVIDER names (docs/contract/checkout-and-payments.md). */
  paymentProvider?: PaymentProvider;
}

export async function buildApp({
  config,
  db,
  listenForChanges,
  logger,
  mailer,
  mailClock,
  paymentProvider,
}: BuildAppOptions) {
  // Kept answers are answered ahead of Fastify once recorded (plugins/kept-front.ts).
  const keptFront = createKeptFront();
  const app = Fastify({
    serverFactory: frontServerFactory(keptFront),
    logger: logger ?? { level: config.logLevel },
    // A hop count, not `true`: true would take the first, client-written X-Forwarded-For address.
    trustProxy: config.trustProxy > 0 ? (_address: string, hop: number) => hop < config.trustProxy : false,
    // A URL the router cannot read: answered in French too (docs/contract/errors.md).
    frameworkErrors,
    // What the HTTP parser refuses (headers too large: 431) too.
    clientErrorHandler,
    // Fastify's 100 would refuse with a 414 a site tag its schema accepts (up to 200).
    routerOptions: { maxParamLength: PATH_PARAM_MAX_LENGTH },
  }).withTypeProvider<ZodTypeProvider>();

  app.decorate('config', config);
  app.decorate('routeTable', []);
  const mail = createMailSender({
    db,
    transport: mailer ?? createMailer(config, app.log),
    config,
    log: app.log,
    ...(mailClock && { now: mailClock }),
  });
  app.decorate('mail', mail);
  // A server that starts sends what is pending (docs/contract/e-mails.md, The outbox).
  app.addHook('onReady', async () => mail.start());
  app.addHook('onClose', () => mail.stop());
  app.addHook('onRoute', (route) => {
    const methods = [route.method].flat();
    const accesses = methods.map((method) => routeAccess(method, route.url, route.config?.access));
    for (const [i, method] of methods.entries()) {
      app.routeTable.push({ method, url: route.url, access: accesses[i]! });
    }
    documentRoute(route, accesses);
  });

  await app.register(errorsPlugin);
  await app.register(compressionPlugin);
  await app.register(formBodyPlugin);
  await app.register(dbPlugin, { db });
  await app.register(answerCachePlugin, listenForChanges ? { listenForChanges, front: keptFront } : {});
  await app.register(cookie);
  await app.register(rateLimit, { global: false });
  await app.register(securityPlugin);
  // The plugins import no module: what they need of one comes in here.
  await app.register(authPlugin, { storefront: storefrontPolicy, createVisitorAccount });
  await app.register(openapiPlugin);

  await app.register(healthRoutes);
  await app.register(authRoutes);
  await app.register(signupRoutes);
  await app.register(catalogueRoutes);
  await app.register(referenceRoutes);
  await app.register(adminHomeRoutes);
  await app.register(orderRoutes);
  await app.register(adminListRoutes);
  await app.register(carrierRoutes);
  await app.register(shippingFeeRoutes);
  await app.register(salesPlanRoutes);
  await app.register(dimensionRoutes);
  await app.register(articleRoutes);
  await app.register(groupingRoutes);
  await app.register(selectionModelRoutes);
  const payments = paymentProvider ?? createPaymentProvider(config);
  await app.register(cartRoutes, { payments });
  await app.register(paymentRoutes, { provider: payments });
  await app.register(siteTagRoutes);
  await app.register(sitePageRoutes);
  await app.register(encoursRoutes);
  await app.register(accountRoutes);
  await app.register(statisticsRoutes);
  await app.register(crawlerRoutes);
  await app.register(searchRoutes);
  await app.register(menuRoutes);
  await app.register(importedFileRoutes);
  await app.register(documentRoutes);
  await app.register(settingsRoutes);
  await app.register(importRoutes);
  await app.register(accountsRoutes);

  await app.register(webPlugin, { productPicture });
  return app;
}

export type App = Awaited<ReturnType<typeof buildApp>>;

/**
 * Adds the error answers a route can give to its response schemas, so that they are documented
 * in /docs and serialised through errorResponse (nothing else can leak), and marks the routes that
 * need a session. Codes a route declares itself (e.g. 404, 409) are kept.
 */
function documentRoute(route: RouteOptions, accesses: Access[]) {
  const schema = route.schema;
  if (!schema?.response || schema.hide) return;
  const codes: number[] = [500];
  if (schema.body || schema.querystring || schema.params || schema.headers) codes.push(400);
  if (accesses.some((access) => access === 'shop' || access === 'user' || access === 'admin'))
    codes.push(401);
  if (accesses.includes('admin') || [route.method].flat().some((m) => m !== 'GET' && m !== 'HEAD'))
    codes.push(403);
  if (route.config?.rateLimit) codes.push(429);
  const defaults = Object.fromEntries(codes.map((code) => [code, errorResponse]));
  // A shop route answers 401 only while the shop is closed to visitors: its session stays optional.
  const needsSession = accesses.some((access) => access === 'user' || access === 'admin');
  route.schema = {
    ...schema,
    response: { ...defaults, ...(schema.response as object) },
    ...(needsSession && { security: [{ session: [] }] }),
  };
}
