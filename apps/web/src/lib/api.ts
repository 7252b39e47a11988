// The one way the web app talks to the API: same-origin fetch with the session cookie, answers typed by the
// shared zod schemas (checked by the server, see readAnswer), bodies checked by them where a page builds one,
// failures turned into an ApiError carrying the API's French message.
import type { z } from 'zod';
import type { ErrorResponse } from '@comptoir/shared/errors';
import { CRITICAL_ERROR } from '@comptoir/shared/messages';

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

/** The browser's fetch; the server's renderer gives its own, which asks the app itself (entry-server.tsx). */
let send: typeof fetch = (input, init) => fetch(input, init);

export function setApiFetch(fetcher: typeof fetch): void {
  send = fetcher;
}

async function request(method: string, url: string, body?: unknown): Promise<Response> {
  let response: Response;
  try {
    response = await send(url, {
      method,
      credentials: 'same-origin',
      // A GET sends no header of its own: the browser then reuses the answer the page's HTML asked
      // ahead (<link rel=preload as=fetch>, apps/api/src/plugins/page-hints.ts), which it does only for
      // a request with the same headers. Every API answer is JSON whatever Accept says.
      headers:
        method === 'GET'
          ? {}
          : {
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
  return isErrorResponse(json)
    ? new ApiError(response.status, json.message, json.details)
    : new ApiError(response.status, CRITICAL_ERROR);
}

// The error answer's shape (errorResponse in @comptoir/shared/errors), checked by hand: zod stays out of the
// first load.
function isErrorResponse(json: unknown): json is ErrorResponse {
  if (typeof json !== 'object' || json === null) return false;
  const { message, details } = json as Record<string, unknown>;
  return (
    typeof message === 'string' &&
    (details === undefined ||
      (Array.isArray(details) &&
        details.every(
          (detail: unknown) =>
            typeof detail === 'object' &&
            detail !== null &&
            typeof (detail as Record<string, unknown>).champ === 'string' &&
            typeof (detail as Record<string, unknown>).message === 'string',
        )))
  );
}

/**
 * The answer as JSON, undefined when empty (204). The server checks every answer against its shared
 * schema before sending it (the response serializer encodes it, so what arrives is the schema's output
 * form): the client trusts it and takes its type from the schema, without parsing it again, which keeps
 * zod out of the storefront's first load. An unreadable answer is a bug or a broken proxy: 'Erreur
 * critique'.
 */
async function readAnswer(response: Response, url: string): Promise<unknown> {
  const text = await response.text().catch(() => undefined);
  if (text === '') return undefined;
  try {
    return JSON.parse(text ?? '');
  } catch {
    console.error(`Réponse illisible de ${url}`);
    throw new ApiError(0, CRITICAL_ERROR);
  }
}

/** The answer's type: the output of its shared schema (`apiGet<typeof schema>(...)`). */
export type Answer<S extends z.ZodType | null> = S extends z.ZodType ? z.output<S> : void;

/** GET path?query; the answer typed by its shared schema S. */
export async function apiGet<S extends z.ZodType>(path: string, query?: Query): Promise<z.output<S>> {
  const url = buildUrl(path, query);
  return (await readAnswer(await request('GET', url), url)) as z.output<S>;
}

export type SendMethod = 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * POST/PUT/PATCH/DELETE with `body` as JSON (none when undefined); the answer typed by its shared schema R,
 * nothing for a 204 (R null, the default). Pages that build the body check it with `checkBody` first.
 */
export async function apiSend<R extends z.ZodType | null = null>(
  method: SendMethod,
  path: string,
  body?: unknown,
): Promise<Answer<R>> {
  return (await readAnswer(await request(method, path, body), path)) as Answer<R>;
}

/**
 * The body checked by its shared schema (its output, as the server will read it); an invalid body throws a
 * 400 ApiError with the schema's French message, so that nothing is sent.
 */
export function checkBody<B extends z.ZodType>(schema: B, body: z.input<B>): z.output<B> {
  const checked = schema.safeParse(body);
  if (checked.success) return checked.data;
  const details = checked.error.issues.map((issue) => ({
    champ: issue.path.join('.'),
    message: issue.message,
  }));
  throw new ApiError(400, details[0]?.message ?? CRITICAL_ERROR, details);
}

/** The message to show for any error: the API's French message, or 'Erreur critique'. */
export function errorMessage(error: unknown): string {
  return error instanceof ApiError ? error.message : CRITICAL_ERROR;
}

/** POST path with a multipart body of one file in `field`; the answer typed by its shared schema S. */
export async function apiUpload<S extends z.ZodType>(
  path: string,
  field: string,
  file: Blob,
): Promise<z.output<S>> {
  const form = new FormData();
  form.append(field, file);
  let response: Response;
  try {
    response = await send(path, {
      method: 'POST',
      credentials: 'same-origin',
      headers: { Accept: 'application/json' },
      body: form,
    });
  } catch {
    throw new ApiError(0, CRITICAL_ERROR);
  }
  if (!response.ok) throw await errorOf(response);
  return (await readAnswer(response, path)) as z.output<S>;
}
