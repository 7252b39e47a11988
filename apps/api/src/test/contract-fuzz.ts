// The contract fuzzer's parts (used by src/contract-fuzz.test.ts): request inputs drawn from the JSON
// schemas of the OpenAPI document (itself generated from the routes' zod schemas), hostile
// variations of them, the write journal that proves a refusal wrote nothing, and the check that an
// error message is one of the contract's French texts.
import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { queryRows, type Database } from '@comptoir/db/client';

// ---------------------------------------------------------------- JSON schemas and request inputs

/** The part of JSON Schema (OpenAPI 3.0 flavour, as @fastify/swagger writes it) the routes use. */
export interface JsonSchema {
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  nullable?: boolean;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  minItems?: number;
  maxItems?: number;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  format?: string;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: boolean | number;
  exclusiveMaximum?: boolean | number;
}

/**
 * Values that exist in the seeded database, so that generated ids and codes often name a row: by
 * field path ('tranche.id') when a hint knows what the field holds, and all together.
 */
export interface Pools {
  ids: number[];
  texts: string[];
  byField: Map<string, (string | number)[]>;
}

/** What one route accepts: its path parameters, query string and JSON body, as JSON schemas. */
export interface RouteInputs {
  params: Record<string, JsonSchema>;
  query: Record<string, JsonSchema>;
  requiredQuery: string[];
  body: JsonSchema | null;
  multipart: boolean;
}

/** One request's inputs before they are encoded. */
export interface Inputs {
  params: Record<string, unknown>;
  query: Record<string, unknown>;
  body?: unknown;
}

const SMALL_INT_MAX = 2_000;
const INT32_MAX = 2 ** 31 - 1;

/** A value the schema accepts, often one of the pools' when it fits. */
export function validValue(schema: JsonSchema, pools: Pools, field = ''): fc.Arbitrary<unknown> {
  const value = withKnown(nonNullValue(schema, pools, field), schema, pools.byField.get(field));
  return schema.nullable
    ? fc.oneof({ arbitrary: value, weight: 4 }, { arbitrary: fc.constant(null), weight: 1 })
    : value;
}

/** Three times out of four, one of the values the field is known to take, when they fit its schema. */
function withKnown(
  arbitrary: fc.Arbitrary<unknown>,
  schema: JsonSchema,
  known: (string | number)[] | undefined,
): fc.Arbitrary<unknown> {
  const fitting = (known ?? []).filter((value) => fits(value, schema));
  return fitting.length
    ? fc.oneof({ arbitrary: fc.constantFrom(...fitting), weight: 3 }, { arbitrary, weight: 1 })
    : arbitrary;
}

/** Whether a known number or text meets the schema's type and bounds (roughly: the schema decides). */
function fits(value: string | number, schema: JsonSchema): boolean {
  const choices = schema.anyOf ?? schema.oneOf;
  if (choices) return choices.some((choice) => fits(value, choice));
  const type = [schema.type ?? []].flat();
  if (typeof value === 'number')
    return (
      (type.includes('integer') || type.includes('number')) &&
      value >= (schema.minimum ?? -Infinity) &&
      value <= (schema.maximum ?? Infinity)
    );
  return (
    type.includes('string') &&
    value.length >= (schema.minLength ?? 0) &&
    value.length <= (schema.maxLength ?? Infinity)
  );
}

function nonNullValue(schema: JsonSchema, pools: Pools, field: string): fc.Arbitrary<unknown> {
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum?.length) return fc.constantFrom(...schema.enum);
  const choices = schema.anyOf ?? schema.oneOf;
  if (choices?.length) return fc.oneof(...choices.map((choice) => validValue(choice, pools, field)));
  if (schema.allOf?.length) return validValue(Object.assign({}, ...schema.allOf) as JsonSchema, pools, field);
  const type = [schema.type ?? []].flat().find((t) => t !== 'null');
  switch (type) {
    case 'object':
      return validObject(schema, pools, field);
    case 'array':
      return fc.array(validValue(schema.items ?? {}, pools, `${field}[]`), {
        minLength: schema.minItems ?? 0,
        maxLength: Math.max(schema.minItems ?? 0, Math.min(schema.maxItems ?? 4, 4)),
      });
    case 'string':
      return validString(schema, pools);
    case 'integer':
      return validNumber(schema, pools, true);
    case 'number':
      return validNumber(schema, pools, false);
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
}

const pathOf = (parent: string, key: string) => (parent ? `${parent}.${key}` : key);

function validObject(schema: JsonSchema, pools: Pools, field: string): fc.Arbitrary<Record<string, unknown>> {
  const properties = schema.properties ?? {};
  const model = Object.fromEntries(
    Object.entries(properties).map(([key, child]) => [key, validValue(child, pools, pathOf(field, key))]),
  );
  return fc.record(model, { requiredKeys: (schema.required ?? []).filter((key) => key in properties) });
}

function bounds(schema: JsonSchema, integer: boolean): [min: number, max: number] {
  let min = schema.minimum ?? -INT32_MAX;
  let max = schema.maximum ?? INT32_MAX;
  const step = integer ? 1 : Number.EPSILON * Math.max(1, Math.abs(min));
  if (schema.exclusiveMinimum === true) min += step;
  else if (typeof schema.exclusiveMinimum === 'number') min = schema.exclusiveMinimum + step;
  if (schema.exclusiveMaximum === true) max -= step;
  else if (typeof schema.exclusiveMaximum === 'number') max = schema.exclusiveMaximum - step;
  return integer ? [Math.ceil(min), Math.floor(max)] : [min, max];
}

function validNumber(schema: JsonSchema, pools: Pools, integer: boolean): fc.Arbitrary<number> {
  const [min, max] = bounds(schema, integer);
  const small = fc.integer({
    min: Math.ceil(Math.max(min, -SMALL_INT_MAX)),
    max: Math.floor(Math.min(max, SMALL_INT_MAX)),
  });
  const edges = fc.constantFrom(...new Set([min, max].filter((n) => Number.isSafeInteger(n) || !integer)));
  const known = pools.ids.filter((id) => id >= min && id <= max);
  const arbitraries: fc.Arbitrary<number>[] = [small, edges];
  if (known.length) arbitraries.push(fc.constantFrom(...known), fc.constantFrom(...known));
  if (!integer)
    arbitraries.push(
      fc.double({ min: Math.max(min, -1e6), max: Math.min(max, 1e6), noNaN: true, noDefaultInfinity: true }),
    );
  return fc.oneof(...arbitraries);
}

// A calendar day between 2020 and 2030, for the date patterns.
const isoDay = fc
  .integer({ min: Date.UTC(2020, 0, 1), max: Date.UTC(2030, 11, 31) })
  .map((time) => new Date(time).toISOString().slice(0, 10));

function validString(schema: JsonSchema, pools: Pools): fc.Arbitrary<string> {
  const minLength = schema.minLength ?? 0;
  const maxLength = schema.maxLength ?? 10_000;
  if (schema.pattern) {
    const pattern = new RegExp(schema.pattern);
    return pattern.test('2025-06-16')
      ? fc.oneof(isoDay, fc.stringMatching(pattern))
      : fc.stringMatching(pattern);
  }
  const arbitraries: fc.Arbitrary<string>[] = [
    fc.string({ minLength, maxLength: Math.max(minLength, Math.min(maxLength, 12)) }),
    fc.string({ unit: 'grapheme', minLength, maxLength: Math.max(minLength, Math.min(maxLength, 12)) }),
  ];
  if (maxLength < 10_000) arbitraries.push(fc.constant('é'.repeat(Math.max(minLength, maxLength))));
  const known = pools.texts.filter((text) => text.length >= minLength && text.length <= maxLength);
  if (known.length) arbitraries.push(fc.constantFrom(...known), fc.constantFrom(...known));
  return fc.oneof(...arbitraries);
}

/** The dotted path of every field of a route's inputs, as validValue names them ('lines[].familyCode'). */
export function fieldPaths(route: RouteInputs): string[] {
  const paths: string[] = [];
  const walk = (schema: JsonSchema, path: string) => {
    if (path) paths.push(path);
    for (const choice of [...(schema.anyOf ?? []), ...(schema.oneOf ?? []), ...(schema.allOf ?? [])])
      walk(choice, path);
    for (const [key, child] of Object.entries(schema.properties ?? {})) walk(child, pathOf(path, key));
    if (schema.items) walk(schema.items, `${path}[]`);
  };
  for (const [key, schema] of [...Object.entries(route.params), ...Object.entries(route.query)])
    walk(schema, key);
  if (route.body) walk(route.body, '');
  return [...new Set(paths)];
}

/** Inputs the route's schemas accept. */
export function validInputs(route: RouteInputs, pools: Pools): fc.Arbitrary<Inputs> {
  const params = fc.record(
    Object.fromEntries(
      Object.entries(route.params).map(([key, schema]) => [key, validValue(schema, pools, key)]),
    ),
  );
  const query = fc.record(
    Object.fromEntries(
      Object.entries(route.query).map(([key, schema]) => [key, validValue(schema, pools, key)]),
    ),
    { requiredKeys: route.requiredQuery },
  );
  const body = route.body ? validValue(route.body, pools) : fc.constant(undefined);
  return fc.record({ params, query, body });
}

// ---------------------------------------------------------------- hostile inputs

const HUGE_TEXT = 'x'.repeat(100_000);
const HUGE_ACCENTED = 'é'.repeat(50_000); // 100 kB of UTF-8

/** Values no schema should take without a 400 or a clean answer: wrong types, extremes, oddities. */
export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  // wrong types
  fc.constantFrom(true, false, null, [], {}, [1, 'a'], { a: { b: [1] } }),
  // numbers at and beyond the database's and JavaScript's limits
  fc.constantFrom(0, -0, -1, 1.5, 2 ** 31 - 1, 2 ** 31, 2 ** 32, 2 ** 53, 2 ** 53 + 2, 1e308, -1e308, 5e-324),
  // numbers in texts, as a query string or a form carries them
  fc.constantFrom('', ' ', 'NaN', 'Infinity', '-Infinity', '-1', '0', '2147483648', '9007199254740993'),
  fc.constantFrom('1e308', '1e400', '0x10', '1_000', ' 7 ', '٣', 'true', 'null', 'undefined', '1,5'),
  // NUL characters, broken UTF-16, direction overrides, zero-width and combining characters
  fc.constantFrom('a\u0000b', '\u0000', '\uD800', 'a\uDFFFb', '\uFFFE', '\u202Eabc', '\u200B', 'e\u0301'),
  fc.constantFrom('ﬁ', 'İı', '👨‍👩‍👧‍👦', '𝔘𝔫𝔦𝔠𝔬𝔡𝔢', '\r\n', '\t', ' é ', 'A'.repeat(101)),
  // texts that mean something elsewhere
  fc.constantFrom(
    '../../etc/passwd',
    "'; drop table orders; --",
    '%',
    '%00',
    '%zz',
    '<b>x</b>',
    '${x}',
    '\\',
  ),
  // huge texts
  fc.constantFrom(HUGE_TEXT, HUGE_ACCENTED),
  // anything
  fc.string({ unit: 'binary', maxLength: 20 }),
  fc.integer(),
  fc.double(),
);

/** Field names a schema does not know, some of them special to JavaScript objects. */
const hostileKey = fc.oneof(
  fc.constantFrom('inconnu', '__proto__', 'constructor', 'prototype', 'toString', '', 'a.b', 'x\u0000'),
  fc.string({ minLength: 1, maxLength: 8 }),
);

/** Number literals JSON allows and JavaScript reads oddly (1e400 is Infinity). */
const RAW_NUMBERS = ['1e400', '-1e400', '1e-400', '123456789012345678901234567890', '-0', '0.0000001'];

/** Bodies that are not what any route expects, sent as they are with their content type. */
const RAW_BODIES: [contentType: string, payload: string][] = [
  ['application/json', '{'],
  ['application/json', '{"a":'],
  ['application/json', ''],
  ['application/json', 'nul'],
  ['application/json', '{"a":1}{"b":2}'],
  ['application/json', '"\\u0000"'],
  ['application/json', '{"__proto__":{"admin":true}}'],
  ['application/json', '{"constructor":{"prototype":{"admin":true}}}'],
  ['application/json', `${'['.repeat(5_000)}${']'.repeat(5_000)}`],
  ['application/json; charset=latin1', '{"a":"\u00e9"}'],
  ['text/plain', 'bonjour'],
  ['application/xml', '<a/>'],
  ['application/x-www-form-urlencoded', 'a=1&a=2&%zz=%00&=&b'],
  [
    'multipart/form-data; boundary=x',
    '--x\r\nContent-Disposition: form-data; name="a"\r\n\r\n1\r\n--x--\r\n',
  ],
  ['multipart/form-data', 'pas de séparateur'],
];

/** One hostile change to valid inputs; `pick` chooses the field, modulo the fields there are. */
export type Mutation =
  | { kind: 'replace'; where: Where; pick: number; value: unknown }
  | { kind: 'remove'; where: Where; pick: number }
  | { kind: 'extra'; where: Where; key: string; value: unknown }
  | { kind: 'rawNumber'; pick: number; text: string }
  | { kind: 'repeat'; pick: number }
  | { kind: 'wholeBody'; value: unknown }
  | { kind: 'rawBody'; contentType: string; payload: string }
  | { kind: 'form' }
  | { kind: 'rawSegment'; pick: number; segment: string }
  | { kind: 'cookie'; cookie: string };

type Where = 'params' | 'query' | 'body';

export const mutation: fc.Arbitrary<Mutation> = fc.oneof(
  {
    arbitrary: fc.record({
      kind: fc.constant('replace' as const),
      where: where(),
      pick: fc.nat(),
      value: hostileValue,
    }),
    weight: 6,
  },
  {
    arbitrary: fc.record({ kind: fc.constant('remove' as const), where: where(), pick: fc.nat() }),
    weight: 2,
  },
  {
    arbitrary: fc.record({
      kind: fc.constant('extra' as const),
      where: where(),
      key: hostileKey,
      value: hostileValue,
    }),
    weight: 2,
  },
  {
    arbitrary: fc.record({
      kind: fc.constant('rawNumber' as const),
      pick: fc.nat(),
      text: fc.constantFrom(...RAW_NUMBERS),
    }),
    weight: 1,
  },
  { arbitrary: fc.record({ kind: fc.constant('repeat' as const), pick: fc.nat() }), weight: 1 },
  {
    arbitrary: fc.record({
      kind: fc.constant('wholeBody' as const),
      value: fc.oneof(hostileValue, fc.constant([{}]), fc.constant('texte')),
    }),
    weight: 2,
  },
  {
    arbitrary: fc
      .constantFrom(...RAW_BODIES)
      .map(([contentType, payload]) => ({ kind: 'rawBody' as const, contentType, payload })),
    weight: 2,
  },
  { arbitrary: fc.constant({ kind: 'form' as const }), weight: 1 },
  {
    arbitrary: fc.record({
      kind: fc.constant('rawSegment' as const),
      pick: fc.nat(),
      segment: fc.constantFrom('%zz', '%E0%A4%A', '%C0%AF', '..', '%2F', '%2e%2e', '%', 'a%00', 'é'),
    }),
    weight: 1,
  },
  {
    // The session cookie replaced: garbage, a forged or truncated token, huge, repeated.
    arbitrary: fc
      .oneof(
        hostileValue.map((value) => `comptoir_session=${encode(textOf(value))}`),
        fc.constantFrom(
          'comptoir_session',
          'comptoir_session=%zz',
          '=;=;',
          'comptoir_session=a; comptoir_session=b',
        ),
        fc.constant(`comptoir_session=${'a'.repeat(8_000)}`),
      )
      .map((cookie) => ({ kind: 'cookie' as const, cookie })),
    weight: 1,
  },
);

function where() {
  return fc.constantFrom<Where>('params', 'query', 'body');
}

// ---------------------------------------------------------------- encoding a request

/** One request as app.inject takes it, and how to show it in a failure. */
export interface FuzzRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
  payload?: string | Buffer;
  /** What was sent, short enough for a failure message. */
  shown: string;
}

type Container = Record<string, unknown> | unknown[];

/** Every place inside a value where a field can be replaced or removed: [container, key]. */
function slots(value: unknown): [Container, string | number][] {
  const found: [Container, string | number][] = [];
  const pending = [value];
  while (pending.length) {
    const current = pending.pop();
    if (Array.isArray(current))
      current.forEach((child, index) => (found.push([current, index]), pending.push(child)));
    else if (current && typeof current === 'object')
      for (const [key, child] of Object.entries(current)) {
        found.push([current as Record<string, unknown>, key]);
        pending.push(child);
      }
  }
  return found;
}

const RAW_MARK = '\u0001raw\u0001';

/** Applies `change` to a copy of `inputs`; returns the inputs and any raw body to send instead. */
export function mutate(
  inputs: Inputs,
  change: Mutation,
): {
  inputs: Inputs;
  raw?: { contentType: string; payload: string };
  repeat?: string;
  segment?: [number, string];
  cookie?: string;
} {
  const copy: Inputs = structuredClone(inputs);
  const part = (name: Where): Container => {
    if (name === 'body') {
      if (copy.body === undefined || copy.body === null || typeof copy.body !== 'object') copy.body = {};
      return copy.body as Container;
    }
    return copy[name];
  };
  switch (change.kind) {
    case 'replace':
    case 'remove': {
      const places = slots(part(change.where));
      const place = places[change.pick % Math.max(places.length, 1)];
      if (!place) {
        // Nothing to change there: send the hostile value as the whole part.
        if (change.kind === 'replace' && change.where === 'body') copy.body = change.value;
        return { inputs: copy };
      }
      const [container, key] = place;
      if (change.kind === 'replace') (container as Record<string | number, unknown>)[key] = change.value;
      else if (Array.isArray(container)) container.splice(key as number, 1);
      else if (change.where === 'params') container[key as string] = '';
      else delete container[key as string];
      return { inputs: copy };
    }
    case 'extra': {
      const container = part(change.where);
      if (Array.isArray(container)) container.push(change.value);
      else
        Object.defineProperty(container, change.key, {
          value: change.value,
          enumerable: true,
          writable: true,
        });
      return { inputs: copy };
    }
    case 'rawNumber': {
      const places = slots(part('body'));
      const place = places[change.pick % Math.max(places.length, 1)];
      if (place) (place[0] as Record<string | number, unknown>)[place[1]] = RAW_MARK;
      else copy.body = RAW_MARK;
      const payload = JSON.stringify(copy.body).replace(JSON.stringify(RAW_MARK), change.text);
      return { inputs: copy, raw: { contentType: 'application/json', payload } };
    }
    case 'repeat': {
      const keys = Object.keys(copy.query);
      return { inputs: copy, repeat: keys[change.pick % Math.max(keys.length, 1)] ?? 'inconnu' };
    }
    case 'wholeBody':
      copy.body = change.value;
      return { inputs: copy };
    case 'rawBody':
      return { inputs: copy, raw: { contentType: change.contentType, payload: change.payload } };
    case 'form': {
      const fields = Object.entries((copy.body as Record<string, unknown> | undefined) ?? {});
      const payload = new URLSearchParams(fields.map(([key, value]) => [key, textOf(value)])).toString();
      return { inputs: copy, raw: { contentType: 'application/x-www-form-urlencoded', payload } };
    }
    case 'rawSegment':
      return { inputs: copy, segment: [change.pick, change.segment] };
    case 'cookie':
      return { inputs: copy, cookie: change.cookie };
  }
}

/** A value as a path or query string carries it. */
function textOf(value: unknown): string {
  if (typeof value === 'string') return value;
  if (value === undefined) return '';
  if (typeof value === 'number' || typeof value === 'boolean' || value === null) return String(value);
  return JSON.stringify(value);
}

/** Percent-encodes like encodeURIComponent, and a lone surrogate as the bytes of its code unit. */
function encode(text: string): string {
  try {
    return encodeURIComponent(text);
  } catch {
    return [...text]
      .map((char) => {
        try {
          return encodeURIComponent(char);
        } catch {
          const unit = char.charCodeAt(0);
          return [0xe0 | (unit >> 12), 0x80 | ((unit >> 6) & 0x3f), 0x80 | (unit & 0x3f)]
            .map((byte) => `%${byte.toString(16).toUpperCase()}`)
            .join('');
        }
      })
      .join('');
  }
}

const shorten = (text: string, max = 300) =>
  text.length > max ? `${text.slice(0, max)}… (${text.length} caractères)` : text;

/** The request for a route pattern, its inputs and the changes a mutation asked for. */
export function encodeRequest(
  method: string,
  pattern: string,
  inputs: Inputs,
  extras: {
    raw?: { contentType: string; payload: string };
    repeat?: string;
    segment?: [number, string];
    cookie?: string;
  } = {},
): FuzzRequest {
  let index = 0;
  const names = [...pattern.matchAll(/:([\w-]+)/g)].map((match) => match[1]!);
  const url = pattern.replace(/:([\w-]+)(\([^)]*\))?/g, (_whole, name: string) => {
    const here = index++;
    if (extras.segment && extras.segment[0] % names.length === here) return extras.segment[1];
    return encode(textOf(inputs.params[name]));
  });
  const query: string[] = [];
  for (const [key, value] of Object.entries(inputs.query)) {
    if (value === undefined) continue;
    const values = Array.isArray(value) && value.length ? value : [value];
    for (const one of values) query.push(`${encode(key)}=${encode(textOf(one))}`);
    if (extras.repeat === key) query.push(`${encode(key)}=${encode(textOf(values[0]))}`);
  }
  if (extras.repeat && !(extras.repeat in inputs.query)) query.push(`${encode(extras.repeat)}=1`);
  const fullUrl = query.length ? `${url}?${query.join('&')}` : url;
  const headers: Record<string, string> = extras.cookie === undefined ? {} : { cookie: extras.cookie };
  let payload: string | undefined;
  if (extras.raw) {
    headers['content-type'] = extras.raw.contentType;
    payload = extras.raw.payload;
  } else if (inputs.body !== undefined) {
    headers['content-type'] = 'application/json';
    payload = JSON.stringify(inputs.body) ?? 'null';
  }
  const shown =
    `${method} ${shorten(fullUrl)}` +
    (extras.cookie === undefined ? '' : ` cookie: ${shorten(extras.cookie, 80)}`) +
    (payload === undefined ? '' : ` ${headers['content-type']} ${shorten(payload)}`);
  return { method, url: fullUrl, headers, ...(payload !== undefined && { payload }), shown };
}

// ---------------------------------------------------------------- multipart uploads

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** A multipart body: one file part (maybe a real PNG, maybe junk, maybe too big) and its headers. */
export const multipartUpload = fc
  .record({
    field: fc.constantFrom('logo', 'logo', 'logo', 'fichier', '', 'logo\u0000'),
    filename: fc.constantFrom('logo.png', '../../etc/passwd', 'a\u0000.png', '', 'é'.repeat(300), 'logo'),
    contentType: fc.constantFrom('image/png', 'image/jpeg', 'application/octet-stream', 'text/html', ''),
    content: fc.oneof(
      fc.constant(Buffer.concat([PNG_SIGNATURE, Buffer.alloc(64)])),
      fc.uint8Array({ maxLength: 64 }).map((bytes) => Buffer.from(bytes)),
      fc.constant(Buffer.concat([PNG_SIGNATURE, Buffer.alloc(1024 * 1024 + 1)])),
      fc.constant(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>')),
    ),
    truncated: fc.boolean(),
  })
  .map(({ field, filename, contentType, content, truncated }) => {
    const boundary = 'fuzzboundary';
    const head = Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\n` +
        (contentType ? `Content-Type: ${contentType}\r\n` : '') +
        '\r\n',
    );
    const tail = Buffer.from(truncated ? '' : `\r\n--${boundary}--\r\n`);
    const payload = Buffer.concat([head, content, tail]);
    return {
      contentType: `multipart/form-data; boundary=${boundary}`,
      payload,
      shown: `multipart ${field}/${shorten(filename, 40)}/${contentType || '-'} ${content.length} octets${truncated ? ' tronqué' : ''}`,
    };
  });

// ---------------------------------------------------------------- what a request wrote

/**
 * The write journal: a row-level trigger on every table of the public schema records each row a
 * committed statement inserts, updates or deletes (and each truncate). A rolled-back transaction
 * takes its journal rows with it, so the journal holds exactly what was written for good. Cheaper
 * than checksumming every table after every request, and it also sees a write that puts back the
 * same values.
 */
export const JOURNAL_TABLE = 'fuzz_write_journal';

/**
 * Columns whose updates are not recorded, each for a reason: a session's last request time is
 * refreshed by any request, refused or not (docs/contract/customer-account.md: the idle limit).
 */
const UNWATCHED_COLUMNS: Record<string, string[]> = { sessions: ['last_seen_at'] };

/** Installs the journal; answers each table's watched columns (for tableChecksums). */
export async function installWriteJournal(db: Database): Promise<Map<string, string[]>> {
  const columns = await queryRows<{ table_name: string; column_name: string }>(
    db,
    sql`select table_name, column_name from information_schema.columns
        where table_schema = 'public' order by table_name, ordinal_position`,
  );
  const byTable = new Map<string, string[]>();
  for (const { table_name: table, column_name: column } of columns)
    byTable.set(table, [...(byTable.get(table) ?? []), column]);
  // Raw SQL: a test-only table and triggers, outside the application's schema.
  const statements = [
    `create table ${JOURNAL_TABLE} (id bigserial primary key, table_name text not null, operation text not null)`,
    `create function ${JOURNAL_TABLE}_row() returns trigger language plpgsql as $$
       begin insert into ${JOURNAL_TABLE} (table_name, operation) values (tg_table_name, tg_op); return null; end $$`,
  ];
  const watched = new Map<string, string[]>();
  for (const [table, cols] of byTable) {
    const unwatched = UNWATCHED_COLUMNS[table] ?? [];
    const kept = cols.filter((col) => !unwatched.includes(col));
    watched.set(table, kept);
    const update = unwatched.length ? `update of ${kept.map((col) => `"${col}"`).join(', ')}` : 'update';
    statements.push(
      `create trigger ${JOURNAL_TABLE} after insert or ${update} or delete on "${table}"
         for each row execute function ${JOURNAL_TABLE}_row()`,
      `create trigger ${JOURNAL_TABLE}_truncate after truncate on "${table}"
         for each statement execute function ${JOURNAL_TABLE}_row()`,
    );
  }
  for (const statement of statements) await db.execute(sql.raw(statement));
  return watched;
}

/** The journal's position now: writes after it are those of the next requests. */
export async function journalMark(db: Database): Promise<number> {
  const [row] = await queryRows<{ id: string | number | null }>(
    db,
    sql.raw(`select max(id) as id from ${JOURNAL_TABLE}`),
  );
  return Number(row?.id ?? 0);
}

/** The writes recorded after `mark`, e.g. 'orders INSERT ×1', and the new mark. */
export async function writesSince(db: Database, mark: number): Promise<{ writes: string[]; mark: number }> {
  const rows = await queryRows<{ table_name: string; operation: string; n: number; last: string | number }>(
    db,
    sql`select table_name, operation, count(*)::int as n, max(id) as last from ${sql.raw(JOURNAL_TABLE)}
        where id > ${mark} group by table_name, operation order by table_name, operation`,
  );
  return {
    writes: rows.map((row) => `${row.table_name} ${row.operation} ×${row.n}`),
    mark: Math.max(mark, ...rows.map((row) => Number(row.last))),
  };
}

/** Per table: its row count and a checksum of its watched columns (a cross-check of the journal). */
export async function tableChecksums(
  db: Database,
  tables: Map<string, string[]>,
): Promise<Map<string, string>> {
  // Raw SQL: one statement over every table, whatever tables the schema has now.
  const statement = [...tables]
    .map(([table, cols]) => {
      const row = `row(${cols.map((col) => `t."${col}"`).join(', ')})::text`;
      return `select '${table}' as name, count(*)::text || ':' || md5(coalesce(string_agg(${row}, E'\\n' order by ${row}), '')) as state from "${table}" t`;
    })
    .join('\nunion all\n');
  const rows = await queryRows<{ name: string; state: string }>(db, sql.raw(statement));
  return new Map(rows.map((row) => [row.name, row.state]));
}

/**
 * The state of FILES_DIR's folders: a file added, removed or renamed anywhere changes the
 * modification time of its folder. Folders are listed once (`folders`), then only stat'ed.
 */
export function fileFolders(filesDir: string): string[] {
  if (!fs.existsSync(filesDir)) return [filesDir];
  const folders = fs
    .readdirSync(filesDir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => path.join(entry.parentPath, entry.name));
  return [filesDir, ...folders];
}

export function folderState(folders: string[]): string {
  return folders
    .map((folder) => `${folder}:${fs.statSync(folder, { throwIfNoEntry: false })?.mtimeMs ?? '-'}`)
    .join('\n');
}

// ---------------------------------------------------------------- French messages

/** The texts a French error answer may be: exact texts, and templates whose {placeholders} match anything. */
export interface KnownTexts {
  exact: Set<string>;
  templates: RegExp[];
}

/** Every text exported by the modules of `dir` (recursively), walked through objects and arrays. */
export async function exportedTexts(dir: string): Promise<string[]> {
  const texts: string[] = [];
  const files = fs
    .readdirSync(dir, { recursive: true })
    .map(String)
    .filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts'));
  for (const file of files) {
    const module = (await import(path.join(dir, file))) as Record<string, unknown>;
    const pending: unknown[] = Object.values(module);
    const seen = new Set<unknown>();
    while (pending.length) {
      const value = pending.pop();
      if (typeof value === 'string') texts.push(value);
      else if (value && typeof value === 'object' && !seen.has(value)) {
        seen.add(value);
        // zod schemas are objects too: only plain objects and arrays hold message texts.
        if (Array.isArray(value) || Object.getPrototypeOf(value) === Object.prototype)
          pending.push(...Object.values(value));
      }
    }
  }
  return texts;
}

/** The texts quoted in a Markdown document ('…' or "…"), e.g. the messages docs/contract/ lists. */
export function quotedTexts(markdown: string): string[] {
  return [...markdown.matchAll(/'([^'\n]+)'|"([^"\n]+)"/g)].map((match) => (match[1] ?? match[2])!);
}

export function knownTexts(texts: string[]): KnownTexts {
  const escape = (text: string) => text.replace(/[.*+?^$(){}|[\]\\]/g, '\\$&');
  const template = (text: string) =>
    `^${text
      .split(/\{[^}]+\}/)
      .map(escape)
      .join('.+')}$`;
  const templates = texts
    .filter((text) => /\{[^}]+\}/.test(text))
    .map((text) => new RegExp(template(text), 's'));
  return { exact: new Set(texts), templates };
}

// Words of English error texts (Fastify's, zod's, Node's) that no French message of ours contains.
const ENGLISH =
  /\b(Invalid|invalid|expected|Expected|received|Required|required|must|should|Unexpected|Unsupported|Bad Request|Not Found|Error|error|Too (big|small)|Unrecognized|exceeding|is not)\b/;
// The generic 400 built by validationMessage (packages/shared/src/validation.ts).
const VALIDATION_SHAPE =
  /^((Paramètre|Champ|En-tête) « [^»]* » invalide|(Paramètres de la requête|Paramètres de l'adresse|Corps de la requête|En-têtes de la requête) invalide)( : .+)?$/s;

/**
 * Why `body` is not a French error answer of the contract, or null when it is: a message, with no
 * English in it or its details, that is a known text (or a known text, ' : ' and a detail), a
 * validation message naming a field, or the reason given for the first invalid field.
 */
export function frenchProblem(body: unknown, known: KnownTexts): string | null {
  if (!body || typeof body !== 'object' || Array.isArray(body)) return 'pas un objet JSON';
  const { message, details } = body as { message?: unknown; details?: unknown };
  if (typeof message !== 'string' || message.trim() === '') return 'pas de message';
  // Quoted field names and listed unknown keys come from the request: not ours to judge.
  const ours = (text: string) => text.replace(/«[^»]*»/g, '«»').replace(/champs? inconnus? : .*$/s, '');
  const reasons = Array.isArray(details) ? details.map((detail) => String(detail?.message)) : [];
  const english = [message, ...reasons].find((text) => ENGLISH.test(ours(text)));
  if (english !== undefined) return `texte anglais : ${shorten(english, 200)}`;
  const isKnown = (text: string) => known.exact.has(text) || known.templates.some((t) => t.test(text));
  if (isKnown(message) || VALIDATION_SHAPE.test(message) || message === reasons[0]) return null;
  const separator = message.indexOf(' : ');
  if (separator > 0 && isKnown(message.slice(0, separator))) return null;
  return `message hors du contrat : ${shorten(message, 200)}`;
}
