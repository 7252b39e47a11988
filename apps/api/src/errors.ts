// Errors a service throws to answer with a status and a French message (DESIGN.md §2). Anything
// else thrown becomes a 500 'Erreur critique' and is only logged.
import { HTTP_MESSAGES, type ErrorResponse } from '@comptoir/shared/errors';

export class HttpError extends Error {
  constructor(
    readonly statusCode: 400 | 401 | 403 | 404 | 409 | 413 | 415 | 429 | 503,
    message: string = HTTP_MESSAGES[statusCode],
    readonly details?: ErrorResponse['details'],
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

export const badRequest = (message: string, details?: ErrorResponse['details']) =>
  new HttpError(400, message, details);
export const unauthorized = (message?: string) => new HttpError(401, message);
export const forbidden = (message?: string) => new HttpError(403, message);
export const notFound = (message?: string) => new HttpError(404, message);
export const conflict = (message?: string) => new HttpError(409, message);
