// The OpenAPI document held against the server (used by src/openapi-truth.test.ts and the contract
// fuzz): the operation a route stands for, and whether an answer it gave is one the document declares,
// status and content type.

/** The parts of an OpenAPI 3 operation these checks read. */
export interface DocumentedOperation {
  parameters?: { in: string; name: string; required?: boolean; schema?: unknown }[];
  requestBody?: { content?: Record<string, { schema?: unknown }> };
  responses?: Record<string, { description?: string; content?: Record<string, unknown>; headers?: object }>;
}

export interface OpenApiDocument {
  paths?: Record<string, Record<string, DocumentedOperation>>;
}

/** A route's path as the document writes it: '/a/:id' → '/a/{id}'. */
export const documentedPath = (url: string) => url.replace(/:([\w-]+)(\([^)]*\))?/g, '{$1}');

/** The operation of a route (a HEAD route is documented by its GET), or undefined. */
export function operationOf(
  document: OpenApiDocument,
  method: string,
  url: string,
): DocumentedOperation | undefined {
  const documented = method === 'HEAD' ? 'get' : method.toLowerCase();
  return document.paths?.[documentedPath(url)]?.[documented];
}

/** What an answer is made of, as app.inject gives it. */
export interface Answer {
  statusCode: number;
  headers: Record<string, string | string[] | number | undefined>;
  body: string;
}

const mediaType = (contentType: unknown) =>
  String(contentType ?? '')
    .split(';')[0]!
    .trim()
    .toLowerCase();

/**
 * Why an answer of `method` is not one its operation declares, or null when it is: its status must
 * be declared; a status declared without content answers no body; one declared with content answers
 * one of its media types (JSON that parses, for JSON). A HEAD answer has no body: only its status
 * and content type are checked.
 */
export function answerProblem(
  operation: DocumentedOperation | undefined,
  method: string,
  answer: Answer,
): string | null {
  if (!operation) return 'opération absente du document';
  const status = answer.statusCode;
  const declared = operation.responses?.[String(status)] ?? operation.responses?.[`${String(status)[0]}XX`];
  if (!declared) return `statut ${status} non déclaré`;
  const types = Object.keys(declared.content ?? {}).map(mediaType);
  const answered = mediaType(answer.headers['content-type']);
  const head = method === 'HEAD';
  if (types.length === 0) {
    if (answer.body !== '' || answered !== '')
      return `${status} déclaré sans contenu, répond ${answered || 'un corps'} (${answer.body.length} octets)`;
    return null;
  }
  if (!types.includes(answered))
    return `${status} répond ${answered || 'sans type'}, déclaré ${types.join(', ')}`;
  if (!head && answered === 'application/json') {
    try {
      JSON.parse(answer.body);
    } catch {
      return `${status} annoncé JSON, corps illisible`;
    }
  }
  return null;
}
