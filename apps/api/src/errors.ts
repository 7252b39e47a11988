// Errors a service throws to answer with a status and a French message (docs/contract/errors.md). Anything
// else thrown becomes a 500 'Erreur critique' and is only logged.
import { HTTP_MESSAGES, type ErrorResponse } from '@comptoir/shared/errors';

export class HttpError extends Error {
  constructor(
    readonly statusCode: 400 | 401 | 403 | 404 | 405 | 409 | 413 | 415 | 429 | 503,
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
export const methodNotAllowed = () => new HttpError(405);

/** The PostgreSQL error behind a failed query (drizzle wraps it in `cause`), the same on PGlite and pg. */
export function postgresError(error: unknown): { code: string; constraint?: string } | null {
  let current = error;
  for (let depth = 0; depth < 5 && typeof current === 'object' && current !== null; depth++) {
    const { code, constraint, cause } = current as { code?: unknown; constraint?: unknown; cause?: unknown };
    // SQLSTATE: five digits or capitals (23505); Node's own codes (ECONNREFUSED) are longer.
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code))
      return typeof constraint === 'string' ? { code, constraint } : { code };
    current = cause;
  }
  return null;
}

/** True for a value out of its type's range (22003), as cart_add_quantity raises for a line past its bound. */
export const isNumericOutOfRange = (error: unknown): boolean => postgresError(error)?.code === '22003';

/** True for a unique violation (23505), of `constraint` when given. */
/** A foreign key refused the write (`constraint`: that one only). */
export function isForeignKeyViolation(error: unknown, constraint?: string): boolean {
  const pg = postgresError(error);
  return pg?.code === '23503' && (constraint === undefined || pg.constraint === constraint);
}

export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  const pg = postgresError(error);
  return pg?.code === '23505' && (constraint === undefined || pg.constraint === constraint);
}
