import { z } from 'zod';
import {
  fieldErrors,
  frenchErrorMap,
  frenchErrorMapFor,
  ID_MAX,
  idNumber,
  idParam,
  validationMessage,
} from './validation';

function errorsOf(schema: z.ZodType, input: unknown) {
  const result = schema.safeParse(input, { error: frenchErrorMapFor(input) });
  if (result.success) throw new Error('expected a failure');
  return fieldErrors(result.error);
}

const first = (schema: z.ZodType, input: unknown) => errorsOf(schema, input)[0]!.message;

describe('frenchErrorMap', () => {
  it('says which type was expected', () => {
    expect(first(z.object({ n: z.number() }), { n: 'a' })).toBe('nombre attendu');
    expect(first(z.object({ n: z.int() }), { n: 1.5 })).toBe('nombre entier attendu');
    expect(first(z.object({ s: z.string() }), { s: 1 })).toBe('texte attendu');
    expect(first(z.object({ b: z.boolean() }), { b: 'oui' })).toBe('booléen attendu (true ou false)');
    expect(first(z.object({ l: z.array(z.string()) }), { l: 'x' })).toBe('liste attendue');
  });

  it('says a missing value is required, coerced or not', () => {
    expect(first(z.object({ s: z.string() }), {})).toBe('valeur obligatoire');
    expect(first(z.object({ page: z.coerce.number() }), {})).toBe('valeur obligatoire');
    expect(first(z.object({ page: z.coerce.number() }), { page: 'x' })).toBe('nombre attendu');
  });

  it('explains bounds with French plurals', () => {
    expect(first(z.string().min(1), '')).toBe('valeur obligatoire');
    expect(first(z.string().min(3), 'ab')).toBe('au moins 3 caractères');
    expect(first(z.string().max(1), 'ab')).toBe('au plus 1 caractère');
    expect(first(z.string().length(5), 'ab')).toBe('5 caractères attendus');
    expect(first(z.number().min(0), -1)).toBe('doit être supérieur ou égal à 0');
    expect(first(z.number().positive(), 0)).toBe('doit être supérieur à 0');
    expect(first(z.number().max(100), 101)).toBe('doit être inférieur ou égal à 100');
    expect(first(z.array(z.string()).min(2), ['a'])).toBe('au moins 2 éléments');
  });

  it('explains formats, enums and unknown keys', () => {
    expect(first(z.email(), 'x')).toBe('adresse e-mail invalide');
    expect(first(z.iso.date(), '12/03/2024')).toBe('date attendue au format AAAA-MM-JJ');
    expect(first(z.enum(['heure', 'jour']), 'an')).toBe('valeur attendue parmi : heure, jour');
    expect(first(z.literal('EXPORT'), 'x')).toBe('valeur attendue : EXPORT');
    expect(first(z.strictObject({ a: z.string() }), { a: 'x', b: 1, c: 2 })).toBe('champs inconnus : b, c');
  });

  it('leaves a message written in the schema alone', () => {
    expect(first(z.string().min(1, 'Identifiant obligatoire'), '')).toBe('Identifiant obligatoire');
  });

  it('is usable as a plain error map', () => {
    const result = z.number().safeParse('1', { error: frenchErrorMap });
    expect(result.error?.issues[0]?.message).toBe('nombre attendu');
  });
});

describe('validationMessage', () => {
  it('names the first invalid field with the noun of its source', () => {
    expect(validationMessage('querystring', [{ champ: 'page', message: 'nombre attendu' }])).toBe(
      'Paramètre « page » invalide : nombre attendu',
    );
    expect(
      validationMessage('body', [
        { champ: 'lignes.1.quantite', message: 'Quantité obligatoire' },
        { champ: 'x', message: 'y' },
      ]),
    ).toBe('Champ « lignes.1.quantite » invalide : quantité obligatoire');
    expect(validationMessage('body', [{ champ: '', message: 'objet attendu' }])).toBe(
      'Corps de la requête invalide : objet attendu',
    );
    expect(validationMessage('params', [{ champ: 'id', message: 'TVA invalide' }])).toBe(
      'Paramètre « id » invalide : TVA invalide',
    );
    expect(validationMessage('body', [])).toBe('Corps de la requête invalide');
  });

  it('does not repeat a field name the message already starts with', () => {
    expect(
      validationMessage('querystring', [{ champ: 'page', message: 'page : entier positif ou nul attendu' }]),
    ).toBe('Paramètre « page » invalide : entier positif ou nul attendu');
    expect(
      validationMessage('body', [{ champ: 'lignes.2.montantHT', message: 'montantHT : nombre attendu' }]),
    ).toBe('Champ « lignes.2.montantHT » invalide : nombre attendu');
    expect(validationMessage('body', [{ champ: 'page', message: 'pages : 3 au plus' }])).toBe(
      'Champ « page » invalide : pages : 3 au plus',
    );
  });

  it('gives the path of nested fields', () => {
    expect(
      errorsOf(z.object({ a: z.array(z.object({ b: z.number() })) }), { a: [{ b: 1 }, { b: 'x' }] }),
    ).toEqual([{ champ: 'a.1.b', message: 'nombre attendu' }]);
  });
});

describe('ids', () => {
  const outOfRange = 'identifiant attendu (entier de 1 à 2147483647)';

  it('stay within the int4 columns', () => {
    expect(ID_MAX).toBe(2 ** 31 - 1);
    for (const schema of [idNumber(), idParam()]) {
      expect(schema.parse(1)).toBe(1);
      expect(schema.parse(ID_MAX)).toBe(ID_MAX);
      for (const input of [0, -1, ID_MAX + 1, 3_000_000_000, 2 ** 53 - 1])
        expect(first(schema, input), String(input)).toBe(outOfRange);
      expect(first(schema, 1.5)).toBe('nombre entier attendu');
      expect(first(z.object({ id: schema }), {})).toBe('valeur obligatoire');
    }
  });

  it('read decimal texts only where texts arrive (paths, query strings, forms)', () => {
    expect(idParam().parse('42')).toBe(42);
    expect(first(idParam(), '3000000000')).toBe(outOfRange);
    expect(first(idParam(), 'abc')).toBe('nombre attendu');
    expect(first(z.object({ id: idParam() }), { id: '' })).toBe(outOfRange);
    expect(first(idNumber(), '42')).toBe('nombre attendu');
  });

  it('never read a boolean as an id', () => {
    for (const schema of [idNumber(), idParam()]) {
      expect(first(schema, true)).toBe('nombre attendu');
      expect(first(schema, false)).toBe('nombre attendu');
    }
  });

  it('say the contract message for every failure when given one', () => {
    const schema = idParam('Transporteur obligatoire');
    for (const input of [undefined, true, 'abc', 0, 1.5, 3_000_000_000])
      expect(first(z.object({ id: schema }), { id: input }), String(input)).toBe('Transporteur obligatoire');
  });
});
