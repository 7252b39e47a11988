// The Fastify app factory: plugins, then one register per domain module. The server and the tests
// both build the app here; only the database handle and the configuration differ.
import cookie from '@fastify/cookie';
import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import Fastify, { type FastifyServerOptions, type RouteOptions } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Database } from '@comptoir/db/client';
import { errorResponse } from '@comptoir/shared/errors';
import { testPaymentProvider, type PaymentProvider } from '@comptoir/shared/payment';
import type { Config } from './config';
import { adminHomeRoutes } from './modules/admin-home/admin-home.routes';
import { adminListRoutes } from './modules/admin-lists/admin-lists.routes';
import { authRoutes } from './modules/auth/auth.routes';
import { cartRoutes } from './modules/cart/cart.routes';
import { carrierRoutes } from './modules/carriers/carriers.routes';
import { catalogueRoutes } from './modules/catalogue/catalogue.routes';
import { healthRoutes } from './modules/health/health.routes';
import { importRoutes } from './modules/imports/imports.routes';
import { orderRoutes } from './modules/orders/orders.routes';
import { referenceRoutes } from './modules/reference/reference.routes';
import { menuRoutes } from './modules/menu/menu.routes';
import { searchRoutes } from './modules/search/search.routes';
import { salesPlanRoutes } from './modules/sales-plan/sales-plan.routes';
import { shippingFeeRoutes } from './modules/shipping-fees/shipping-fees.routes';
import { siteTagRoutes } from './modules/site-tags/site-tags.routes';
import authPlugin, { routeAccess, type Access } from './plugins/auth';
import dbPlugin from './plugins/db';
import errorsPlugin, { frameworkErrors } from './plugins/errors';
import formBodyPlugin from './plugins/form-body';
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
  }
}

export interface BuildAppOptions {
  config: Config;
  db: Database;
  /** Defaults to pino at config.logLevel; tests pass false. */
  logger?: FastifyServerOptions['logger'];
  /** The card payment provider; the shipped test provider (docs/contract.md, Checkout and payments) unless a real one is plugged in. */
  paymentProvider?: PaymentProvider;
}

export async function buildApp({ config, db, logger, paymentProvider }: BuildAppOptions) {
  const app = Fastify({
    logger: logger ?? { level: config.logLevel },
    // A hop count, not `true`: true would take the first, client-written X-Forwarded-For address.
    trustProxy: config.trustProxy > 0 ? (_address: string, hop: number) => hop < config.trustProxy : false,
    // A URL the router cannot read: answered in French too (docs/contract.md, Errors).
    frameworkErrors,
  }).withTypeProvider<ZodTypeProvider>();

  app.decorate('config', config);
  app.decorate('routeTable', []);
  app.addHook('onRoute', (route) => {
    const methods = [route.method].flat();
    const accesses = methods.map((method) => routeAccess(method, route.url, route.config?.access));
    for (const [i, method] of methods.entries()) {
      app.routeTable.push({ method, url: route.url, access: accesses[i]! });
    }
    documentRoute(route, accesses);
  });

  await app.register(errorsPlugin);
  await app.register(formBodyPlugin);
  await app.register(dbPlugin, { db });
  await app.register(cookie);
  await app.register(rateLimit, { global: false });
  // Multipart uploads; each route sets its own limits (e.g. the 1 MB carrier logo).
  await app.register(multipart);
  await app.register(securityPlugin);
  await app.register(authPlugin);
  await app.register(openapiPlugin);

  await app.register(healthRoutes);
  await app.register(authRoutes);
  await app.register(catalogueRoutes);
  await app.register(referenceRoutes);
  await app.register(adminHomeRoutes);
  await app.register(orderRoutes);
  await app.register(adminListRoutes);
  await app.register(carrierRoutes);
  await app.register(shippingFeeRoutes);
  await app.register(salesPlanRoutes);
  await app.register(cartRoutes, { payments: paymentProvider ?? testPaymentProvider });
  await app.register(siteTagRoutes);
  await app.register(searchRoutes);
  await app.register(menuRoutes);
  await app.register(importRoutes);

  await app.register(webPlugin);
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
  if (accesses.some((access) => access === 'user' || access === 'admin')) codes.push(401);
  if (accesses.includes('admin') || [route.method].flat().some((m) => m !== 'GET' && m !== 'HEAD'))
    codes.push(403);
  if (route.config?.rateLimit) codes.push(429);
  const defaults = Object.fromEntries(codes.map((code) => [code, errorResponse]));
  const needsSession = codes.includes(401);
  route.schema = {
    ...schema,
    response: { ...defaults, ...(schema.response as object) },
    ...(needsSession && { security: [{ session: [] }] }),
  };
}
