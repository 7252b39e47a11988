// The one way the web app talks to the API: same-origin fetch with the session cookie, bodies and answers
// checked against the shared zod schemas, failures turned into an ApiError carrying the API's French message.
import type { z } from 'zod';
import { CRITICAL_ERROR, errorResponse, type ErrorResponse } from '@comptoir/shared/errors';

export class ApiError extends Error {
  override readonly name = 'ApiError';
  constructor(
    /** HTTP status; 0 when the server could not be reached or its answer was unreadable. */
    readonly status: number,
    /** The French message to show the user. */
    message: string,
    /** For a 400: the invalid fields. */
    readonly details?: ErrorResponse['details'],
  ) {
    super(message);
  }
}

type QueryValue = string | number | boolean | null | undefined;
/** Query parameters; null and undefined are left out, arrays repeat the key (agences[]=A&agences[]=B). */
export type Query = Record<string, QueryValue | readonly QueryValue[]>;

export function buildUrl(path: string, query?: Query): string {
  if (!query) return path;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    const values = Array.isArray(value) ? value : [value];
    for (const v of values) if (v !== null && v !== undefined) params.append(key, String(v));
  }
  const search = params.toString();
  return search ? `${path}${path.includes('?') ? '&' : '?'}${search}` : path;
}

async function request(method: string, url: string, body?: unknown): Promise<Response> {
  let response: Response;
  try {
    response = await fetch(url, {
      method,
      credentials: 'same-origin',
      headers: {
        Accept: 'application/json',
        ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch {
    throw new ApiError(0, CRITICAL_ERROR);
  }
  if (!response.ok) throw await errorOf(response);
  return response;
}

async function errorOf(response: Response): Promise<ApiError> {
  const json: unknown = await response.json().catch(() => null);
  const parsed = errorResponse.safeParse(json);
  return parsed.success
    ? new ApiError(response.status, parsed.data.message, parsed.data.details)
    : new ApiError(response.status, CRITICAL_ERROR);
}

async function parseBody<S extends z.ZodType>(
  response: Response,
  schema: S,
  url: string,
): Promise<z.output<S>> {
  const json: unknown = await response.json().catch(() => undefined);
  const parsed = schema.safeParse(json);
  if (!parsed.success) {
    // A contract mismatch is a bug: keep the detail for the developer, show the user the generic message.
    console.error(`Réponse inattendue de ${url}`, parsed.error.issues);
    throw new ApiError(0, CRITICAL_ERROR);
  }
  return parsed.data;
}

/** GET path?query, the answer parsed with `schema`. */
export async function apiGet<S extends z.ZodType>(
  path: string,
  schema: S,
  query?: Query,
): Promise<z.output<S>> {
  const url = buildUrl(path, query);
  return parseBody(await request('GET', url), schema, url);
}

export type SendMethod = 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * POST/PUT/PATCH/DELETE with a JSON body checked by `bodySchema` first (an invalid body throws a 400
 * ApiError with the schema's French message, and nothing is sent). With `responseSchema` null the answer
 * is ignored (204 No Content); otherwise it is parsed with it.
 */
export async function apiSend<B extends z.ZodType, R extends z.ZodType | null>(
  method: SendMethod,
  path: string,
  bodySchema: B | null,
  body: B extends z.ZodType ? z.input<B> : unknown,
  responseSchema: R,
): Promise<R extends z.ZodType ? z.output<R> : void> {
  let payload: unknown = body;
  if (bodySchema) {
    const checked = bodySchema.safeParse(body);
    if (!checked.success) {
      const details = checked.error.issues.map((issue) => ({
        champ: issue.path.join('.'),
        message: issue.message,
      }));
      throw new ApiError(400, details[0]?.message ?? CRITICAL_ERROR, details);
    }
    payload = checked.data;
  }
  const response = await request(method, path, payload);
  if (responseSchema === null) return undefined as R extends z.ZodType ? z.output<R> : void;
  return parseBody(response, responseSchema, path) as Promise<R extends z.ZodType ? z.output<R> : void>;
}

/** The message to show for any error: the API's French message, or 'Erreur critique'. */
export function errorMessage(error: unknown): string {
  return error instanceof ApiError ? error.message : CRITICAL_ERROR;
}

/** POST path with a multipart body of one file in `field`, the answer parsed with `schema`. */
export async function apiUpload<S extends z.ZodType>(
  path: string,
  field: string,
  file: Blob,
  schema: S,
): Promise<z.output<S>> {
  const form = new FormData();
  form.append(field, file);
  let response: Response;
  try {
    response = await fetch(path, {
      method: 'POST',
      credentials: 'same-origin',
      headers: { Accept: 'application/json' },
      body: form,
    });
  } catch {
    throw new ApiError(0, CRITICAL_ERROR);
  }
  if (!response.ok) throw await errorOf(response);
  return parseBody(response, schema, path);
}
