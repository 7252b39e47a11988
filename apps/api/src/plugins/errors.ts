// Validation and error answers (DESIGN.md §2): every error leaves as { message, details? } in French;
// a 400 names the invalid field; anything unexpected is logged and answered 'Erreur critique'.
import type { FastifyError, FastifySchemaCompiler } from 'fastify';
import fp from 'fastify-plugin';
import { serializerCompiler } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { CRITICAL_ERROR, HTTP_MESSAGES, type ErrorResponse } from '@comptoir/shared/errors';
import {
  fieldErrors,
  frenchErrorMapFor,
  validationMessage,
  type FieldError,
  type ValidationSource,
} from '@comptoir/shared/validation';
import { HttpError } from '../errors';

/** A request part that failed its zod schema; fastify adds validationContext (body, querystring...). */
export class RequestValidationError extends Error {
  validationContext?: ValidationSource;
  constructor(readonly details: FieldError[]) {
    super('validation');
  }
}

/** Validates each request part with its zod schema, with French messages. */
export const validatorCompiler: FastifySchemaCompiler<z.ZodType> =
  ({ schema }) =>
  (data) => {
    const result = schema.safeParse(data, { error: frenchErrorMapFor(data) });
    return result.success
      ? { value: result.data }
      : { error: new RequestValidationError(fieldErrors(result.error)) };
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
const FASTIFY_MESSAGES: Record<string, string> = {
  FST_ERR_CTP_INVALID_JSON_BODY: 'Corps de la requête illisible : JSON invalide',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'Corps de la requête vide alors que du JSON est annoncé',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: HTTP_MESSAGES[415],
  FST_ERR_CTP_BODY_TOO_LARGE: HTTP_MESSAGES[413],
};

function messageFor(status: number): string {
  return (HTTP_MESSAGES as Record<number, string>)[status] ?? HTTP_MESSAGES[400];
}

export default fp(
  async (app) => {
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
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
          request.log.error({ err: error }, 'erreur non gérée');
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
