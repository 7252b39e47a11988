// Who may call a route. Every route has an access level, resolved once when the route is registered
// (routeAccess) and checked by one onRequest hook, before the body is even read:
//   'admin'    administrators only: forced for every route under /admin/ and /service/ and every
//              non-GET route under /openweb/admin/, whatever the route declares;
//   'user'     any logged-in account (customer or administrator): the default of every other route;
//   'optional' anyone; request.user is filled when a session exists;
//   'shop'     the storefront's catalogue: like 'optional' while the shop is open to anonymous visitors
//              (setting allowAnonymousAccess '1'), else a session is required (401);
//   'public'   anyone; the session is not even looked up (request.user stays null).
// A module declares anything but the default with `config: { access: 'public' }` on its route.
// Sessions are the sessions layer's (../sessions); what depends on a module comes in as the plugin's
// options (AccessPolicy), given by app.ts: this plugin imports no module.
import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { DbOrTx } from '@comptoir/db/client';
import { AUTH_MESSAGES } from '@comptoir/shared/auth';
import type { Config } from '../config';
import { STOREFRONT_ACCESS_MESSAGES } from '@comptoir/shared/connection-settings';
import { forbidden, unauthorized } from '../errors';
import {
  DEVICE_COOKIE,
  DEVICE_DURATION_MS,
  SESSION_COOKIE,
  SESSION_DURATION_MS,
  VISITOR_COOKIE,
} from '../sessions/cookies';
import {
  openVisitorSession,
  userForToken,
  visitorForToken,
  type CreateVisitorAccount,
  type SessionUser,
} from '../sessions/sessions';

export type Access = 'public' | 'optional' | 'shop' | 'user' | 'admin';

/** What the access checks need of the modules, given as this plugin's options by app.ts. */
export interface AccessPolicy {
  /** The settings module's: who may browse and order without an account. */
  storefront: {
    /** True when visitors without an account may browse the storefront's catalogue ('shop' routes). */
    anonymousAccessAllowed(db: DbOrTx): Promise<boolean>;
    /** The customer a visitor without an account orders as, or null when visitors may not order. */
    visitorOrderingCustomer(db: DbOrTx): Promise<string | null>;
  };
  /** The auth module's: the account of a visitor's cart session. */
  createVisitorAccount: CreateVisitorAccount;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The modules' part of the access checks (AccessPolicy). */
    accessPolicy: AccessPolicy;
  }
  interface FastifyContextConfig {
    access?: Access;
    /** The 401 message of this route when nobody is logged in (default 'Veuillez vous connecter'). */
    loginMessage?: string;
    /** The access level of each of the route's methods, resolved when it is registered (routeAccess). */
    accessByMethod?: Partial<Record<string, Access>>;
  }
  interface FastifyRequest {
    /** The logged-in account, or null (always null on 'public' routes). */
    user: SessionUser | null;
  }
}

const ADMIN_AREAS = ['/admin/', '/service/'];
const ADMIN_WRITE_AREA = '/openweb/admin/';
// Routes of the OpenAPI UI plugin, which cannot carry our route config.
const DOCS = /^\/docs(\/|$)/;

/** True for the URLs that only administrators may call with this method (DESIGN.md §3). */
export function isAdminArea(method: string, url: string): boolean {
  return (
    ADMIN_AREAS.some((area) => url.startsWith(area)) ||
    (url.startsWith(ADMIN_WRITE_AREA) && method !== 'GET' && method !== 'HEAD')
  );
}

/** The access level of a route; throws at registration when a route declares a looser one in the admin area. */
export function routeAccess(method: string, url: string, declared: Access | undefined): Access {
  if (isAdminArea(method, url)) {
    if (declared && declared !== 'admin')
      throw new Error(`${method} ${url} is in the admin area: access '${declared}' is not allowed`);
    return 'admin';
  }
  if (DOCS.test(url)) return 'public';
  return declared ?? 'user';
}

/** The logged-in user of a 'user' or 'admin' route (typed non-null), or a 401. */
export function currentUser(request: FastifyRequest): SessionUser {
  if (!request.user) throw unauthorized(AUTH_MESSAGES.notLoggedIn);
  return request.user;
}

/**
 * Who owns the cart on a cart route (access 'optional'): the logged-in account; else, when visitors may
 * order (visitorOrderingCustomer), the visitor's own cart session from its `comptoir_visiteur` cookie,
 * opened here on the first write (`open`); else a 401 asking to log in. A read without a visitor session
 * yet gets null: an empty cart. A visitor session of another visitor customer (the setting changed) is
 * left behind for a new one.
 */
/**
 * The onRequest hook of the cart routes: a visitor who may not order gets the 401 before its body is
 * even read (as with the access levels above).
 */
export async function cartOwnerRequired(request: FastifyRequest): Promise<void> {
  const { storefront } = request.server.accessPolicy;
  if (!request.user && (await storefront.visitorOrderingCustomer(request.server.db)) === null)
    throw unauthorized(STOREFRONT_ACCESS_MESSAGES.orderLoginRequired);
}

export async function cartUser(
  request: FastifyRequest,
  reply: FastifyReply,
  open: boolean,
): Promise<SessionUser | null> {
  if (request.user) return request.user;
  const { db, config, accessPolicy } = request.server;
  const visitorCode = await accessPolicy.storefront.visitorOrderingCustomer(db);
  if (visitorCode === null) throw unauthorized(STOREFRONT_ACCESS_MESSAGES.orderLoginRequired);
  const token = request.cookies[VISITOR_COOKIE];
  const user = token ? await visitorForToken(db, token, config.sessionSecret) : null;
  if (user?.codeClient === visitorCode && user.role === 'client') return { ...user, visitor: true };
  if (!open) return null;
  const opened = await openVisitorSession(
    db,
    visitorCode,
    config.sessionSecret,
    accessPolicy.createVisitorAccount,
  );
  // No maxAge: the cart lasts the browser session (and the session's idle limit on the server).
  reply.setCookie(VISITOR_COOKIE, opened.token, {
    httpOnly: true,
    sameSite: 'lax',
    path: '/',
    secure: config.cookieSecure === 'auto' ? request.protocol === 'https' : config.cookieSecure,
  });
  return opened.user;
}

export function setSessionCookie(reply: FastifyReply, config: Config, token: string) {
  reply.setCookie(SESSION_COOKIE, token, {
    httpOnly: true,
    sameSite: 'lax',
    path: '/',
    secure: config.cookieSecure === 'auto' ? reply.request.protocol === 'https' : config.cookieSecure,
    maxAge: SESSION_DURATION_MS / 1000,
  });
}

/**
 * The device cookie of a successful login (see deviceToken): sent back to the login route only, where
 * it lets this browser try that account's password whatever others did from its address.
 */
export function setDeviceCookie(reply: FastifyReply, config: Config, token: string) {
  reply.setCookie(DEVICE_COOKIE, token, {
    httpOnly: true,
    sameSite: 'lax',
    path: '/auth/login',
    secure: config.cookieSecure === 'auto' ? reply.request.protocol === 'https' : config.cookieSecure,
    maxAge: DEVICE_DURATION_MS / 1000,
  });
}

export function clearSessionCookie(reply: FastifyReply, config: Config) {
  reply.clearCookie(SESSION_COOKIE, {
    httpOnly: true,
    sameSite: 'lax',
    path: '/',
    secure: config.cookieSecure === 'auto' ? reply.request.protocol === 'https' : config.cookieSecure,
  });
}

/** The session checks of a route whose access is not 'public' (the hook below). */
async function checkAccess(
  request: FastifyRequest,
  reply: FastifyReply,
  access: Exclude<Access, 'public'>,
  loginMessage: string | undefined,
): Promise<void> {
  const { db, config, accessPolicy } = request.server;
  const token = request.cookies[SESSION_COOKIE];
  request.user = token ? await userForToken(db, token, config.sessionSecret) : null;
  if (token && !request.user) clearSessionCookie(reply, config);
  if (access === 'optional') return;
  if (access === 'shop') {
    if (!request.user && !(await accessPolicy.storefront.anonymousAccessAllowed(db)))
      throw unauthorized(STOREFRONT_ACCESS_MESSAGES.loginRequired);
    return;
  }
  if (!request.user) throw unauthorized(loginMessage ?? AUTH_MESSAGES.notLoggedIn);
  if (access === 'admin' && request.user.role !== 'admin') throw forbidden(AUTH_MESSAGES.forbidden);
}

export default fp<AccessPolicy>(
  async (app, policy) => {
    app.decorate('accessPolicy', {
      storefront: policy.storefront,
      createVisitorAccount: policy.createVisitorAccount,
    });
    app.decorateRequest('user', null);
    // Each route's access, per method, resolved once here rather than on every request.
    app.addHook('onRoute', (route) => {
      const methods = [route.method].flat();
      const accessByMethod = Object.fromEntries(
        methods.map((method) => [method, routeAccess(method, route.url, route.config?.access)]),
      );
      route.config = { ...route.config, accessByMethod };
    });
    // A callback hook, not an async one: the public routes cost no promise. Unmatched requests (404,
    // history fallback) have no route: nothing to protect.
    app.addHook('onRequest', (request, reply, done) => {
      const { config } = request.routeOptions;
      const access =
        config.accessByMethod?.[request.method] ??
        (config.url === undefined ? 'public' : routeAccess(request.method, config.url, config.access));
      if (access === 'public') return done();
      checkAccess(request, reply, access, config.loginMessage).then(() => done(), done);
    });
  },
  { name: 'auth', dependencies: ['db', '@fastify/cookie', 'answer-cache'] },
);
