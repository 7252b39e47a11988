// Plain HTML forms post application/x-www-form-urlencoded (the orders list's download button is such
// a form). Their body becomes an object of strings, read by the same zod schemas as JSON bodies; a
// field repeated (a=1&a=2) becomes a list of its values.
import fp from 'fastify-plugin';

export const FORM_CONTENT_TYPE = 'application/x-www-form-urlencoded';

/** The fields of a form body: one string per field, or the list of values of a repeated field. */
export function parseFormBody(body: string): Record<string, string | string[]> {
  // A Map, then own properties: a field named __proto__ stays a plain field.
  const fields = new Map<string, string | string[]>();
  for (const [key, value] of new URLSearchParams(body)) {
    const previous = fields.get(key);
    fields.set(key, previous === undefined ? value : [previous, value].flat());
  }
  return Object.fromEntries(fields);
}

export default fp(
  async (app) => {
    app.addContentTypeParser(FORM_CONTENT_TYPE, { parseAs: 'string' }, (_request, body, done) => {
      done(null, parseFormBody(body as string));
    });
  },
  { name: 'form-body' },
);
