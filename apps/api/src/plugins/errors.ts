// Validation and error answers (docs/contract/errors.md): every error leaves as { message, details? }
// in French; a 400 names the invalid field; anything unexpected is logged and answered 'Erreur
// critique'. Also what the HTTP layer refuses before any route (clientErrorHandler) and the methods a
// path has, for a 405's Allow (allowedMethods).
import { STATUS_CODES } from 'node:http';
import type { Duplex } from 'node:stream';
import type {
  FastifyError,
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  FastifySchemaCompiler,
  HTTPMethods,
} from 'fastify';
import fp from 'fastify-plugin';
import { serializerCompiler } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { CRITICAL_ERROR, HTTP_MESSAGES, type ErrorResponse } from '@comptoir/shared/errors';
import {
  fieldErrors,
  frenchErrorMapFor,
  NUL_CHARACTER_MESSAGE,
  PATH_PARAM_MAX_LENGTH,
  validationMessage,
  type FieldError,
  type ValidationSource,
} from '@comptoir/shared/validation';
import { badRequest, HttpError } from '../errors';

/** A request part that failed its zod schema; fastify adds validationContext (body, querystring...). */
export class RequestValidationError extends Error {
  validationContext?: ValidationSource;
  constructor(readonly details: FieldError[]) {
    super('validation');
  }
}

/**
 * Validates each request part with its zod schema, with French messages. A part is parsed plainly
 * first: given an error map, zod parses about twenty times slower (1.1 µs against 0.06 for a path
 * parameter), and only a refused part needs the messages, so it alone is parsed again with them.
 */
export const validatorCompiler: FastifySchemaCompiler<z.ZodType> =
  ({ schema }) =>
  (data) => {
    const result = schema.safeParse(data);
    if (result.success) return { value: result.data };
    const explained = schema.safeParse(data, { error: frenchErrorMapFor(data) });
    return { error: new RequestValidationError(fieldErrors(explained.error ?? result.error)) };
  };

export { serializerCompiler };

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * For the routes whose contract fixes the exact text of a 400 (SPEC.md §5: fee, tranche and
     * carrier messages): the message to answer for these invalid fields, or undefined for the
     * generic "Champ « x » invalide : …". The details are answered either way.
     */
    validationMessage?: (details: FieldError[]) => string | undefined;
  }
}

// Fastify's own client errors, by code, when the status alone says too little.
export const FASTIFY_MESSAGES: Record<string, string> = {
  FST_ERR_CTP_INVALID_JSON_BODY: 'Corps de la requête illisible : JSON invalide',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'Corps de la requête vide alors que du JSON est annoncé',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: HTTP_MESSAGES[415],
  FST_ERR_CTP_BODY_TOO_LARGE: HTTP_MESSAGES[413],
  FST_ERR_BAD_URL: "Adresse de la requête illisible : encodage d'un caractère invalide",
  FST_ERR_MAX_PARAM_LENGTH: `Adresse de la requête trop longue : ${PATH_PARAM_MAX_LENGTH} caractères au plus par paramètre`,
};

/**
 * The dotted path of the first text holding U+0000 in a parsed request part, keys included ('' for
 * the part itself), or null. Iterative: a deeply nested JSON body cannot exhaust the stack.
 */
export function nulCharacterPath(part: unknown): string | null {
  const pending: [value: unknown, path: string][] = [[part, '']];
  for (let next = pending.pop(); next; next = pending.pop()) {
    const [value, path] = next;
    if (typeof value === 'string') {
      if (value.includes('\u0000')) return path;
    } else if (typeof value === 'object' && value !== null && !Buffer.isBuffer(value)) {
      for (const [key, child] of Object.entries(value).reverse()) {
        const childPath = path ? `${path}.${key}` : key;
        if (key.includes('\u0000')) return childPath;
        pending.push([child, childPath]);
      }
    }
  }
  return null;
}

// What a 500 logs, bounded so that requests failing in a loop cannot flood the logs: enough stack
// lines to find the code, and the message of the cause (a query error carries PostgreSQL's there).
const LOGGED_STACK_LINES = 6;
const LOGGED_MESSAGE_LENGTH = 2000;

const bounded = (text: string) =>
  text.length > LOGGED_MESSAGE_LENGTH ? `${text.slice(0, LOGGED_MESSAGE_LENGTH)}…` : text;

/** The error of a 500 as it is logged: type, message, the cause's message, the top of the stack. */
export function loggedError(error: Error): { type: string; message: string; cause?: string; stack: string } {
  const stack = (error.stack ?? '').split('\n').filter((line) => /^\s+at /.test(line));
  const cause = error.cause instanceof Error ? bounded(error.cause.message) : undefined;
  return {
    type: error.name,
    message: bounded(error.message),
    ...(cause !== undefined && { cause }),
    stack: stack.slice(0, LOGGED_STACK_LINES).join('\n'),
  };
}

// The methods routes are declared with, in the order an Allow header lists them.
const ROUTE_METHODS: HTTPMethods[] = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'];

/**
 * The methods the router has a route for at this path: what a 405's Allow header lists (HEAD comes
 * with every GET). Asks Fastify's own router, so that a wildcard or a parameter matches as it does.
 */
export function allowedMethods(app: FastifyInstance, urlPath: string): HTTPMethods[] {
  return ROUTE_METHODS.filter((method) => {
    try {
      return app.findRoute({ method, url: urlPath }) !== null;
    } catch {
      return false; // a path the router cannot read has no route
    }
  });
}

function messageFor(status: number): string {
  return (HTTP_MESSAGES as Record<number, string>)[status] ?? HTTP_MESSAGES[400];
}

/**
 * Fastify's clientErrorHandler option: what Node's HTTP parser refuses before Fastify sees a request
 * (headers, request line included, over 16 KB: 431; a request not received in time: 408; anything
 * unreadable: 400) is answered in French JSON, like the rest, and the connection closed.
 */
export function clientErrorHandler(error: Error & { code?: string }, socket: Duplex) {
  // A connection the client reset: nobody to answer.
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const status =
    error.code === 'HPE_HEADER_OVERFLOW' ? 431 : error.code === 'ERR_HTTP_REQUEST_TIMEOUT' ? 408 : 400;
  const body = JSON.stringify({ message: messageFor(status) } satisfies ErrorResponse);
  if (socket.writable)
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: application/json; charset=utf-8\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  socket.destroy(error);
}

/**
 * Fastify's frameworkErrors option: the router's own refusals (a URL it cannot decode, a path
 * parameter over its length) come before any route, hook or error handler, so they are answered
 * here, like the error handler would.
 */
export function frameworkErrors(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  const status =
    error.statusCode && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 400;
  const message = FASTIFY_MESSAGES[error.code] ?? messageFor(status);
  request.log.info({ status, message }, 'requête refusée');
  return reply
    .code(status)
    .type('application/json; charset=utf-8')
    .send({ message } satisfies ErrorResponse);
}

export default fp(
  async (app) => {
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    // PostgreSQL text cannot hold U+0000: refused in every route, before any schema or query sees it.
    // A callback hook: nothing here waits, so no promise per request.
    app.addHook('preValidation', (request, _reply, done) => {
      const parts: [ValidationSource, unknown][] = [
        ['params', request.params],
        ['querystring', request.query],
        ['body', request.body],
      ];
      for (const [source, part] of parts) {
        const champ = nulCharacterPath(part);
        if (champ === null) continue;
        const details = [{ champ, message: NUL_CHARACTER_MESSAGE }];
        return done(badRequest(validationMessage(source, details), details));
      }
      done();
    });
    app.setErrorHandler<FastifyError | Error>((error, request, reply) => {
      let status: number;
      let body: ErrorResponse;
      if (error instanceof RequestValidationError) {
        status = 400;
        const exact = request.routeOptions.config.validationMessage?.(error.details);
        body = {
          message: exact ?? validationMessage(error.validationContext ?? 'body', error.details),
          details: error.details,
        };
      } else if (error instanceof HttpError) {
        status = error.statusCode;
        body = error.details
          ? { message: error.message, details: error.details }
          : { message: error.message };
      } else {
        const code = 'statusCode' in error ? error.statusCode : undefined;
        if (code && code >= 400 && code < 500) {
          status = code;
          body = { message: ('code' in error && FASTIFY_MESSAGES[error.code]) || messageFor(code) };
        } else {
          request.log.error({ error: loggedError(error) }, 'erreur non gérée');
          status = 500;
          body = { message: CRITICAL_ERROR };
        }
      }
      if (status >= 400 && status < 500)
        request.log.info({ status, message: body.message }, 'requête refusée');
      return reply.code(status).type('application/json; charset=utf-8').send(body);
    });
  },
  { name: 'errors' },
);
