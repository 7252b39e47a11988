// The field rules the orders contract's areas share, and the delivery address an order keeps
// (contract.ts describes the contract).
import { z } from 'zod';
import { idParam } from '../validation';

export const blankToUndefined = (value: unknown) =>
  typeof value === 'string' && value.trim() === '' ? undefined : value;

/** An optional trimmed text of at most `max` characters; blank means absent. */
export function optionalText(field: string, max: number) {
  return z.preprocess(
    blankToUndefined,
    z
      .string({ error: `${field} : texte attendu` })
      .trim()
      .max(max, { error: `${field} : ${max} caractères au maximum` })
      .optional(),
  );
}

/** A required trimmed, non-blank text of at most `max` characters. */
export function requiredText(field: string, what: string, max: number) {
  return z.preprocess(
    blankToUndefined,
    z
      .string({ error: `${field} : ${what} attendu` })
      .trim()
      .max(max, { error: `${field} : ${max} caractères au maximum` }),
  );
}

const ISO_DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Whether `text` is a YYYY-MM-DD day that exists in the calendar (2024-02-29 yes, 2023-02-29 no). */
export function isCalendarDay(text: string): boolean {
  const match = ISO_DAY.exec(text);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/** An optional YYYY-MM-DD day (a Europe/Paris calendar day, both bounds included by the API). */
export function optionalDay(field: string) {
  return z.preprocess(
    blankToUndefined,
    z
      .string({ error: `${field} : date attendue au format AAAA-MM-JJ` })
      .trim()
      .regex(ISO_DAY, { error: `${field} : date attendue au format AAAA-MM-JJ`, abort: true })
      .refine(isCalendarDay, { error: (issue) => `${field} : la date ${String(issue.input)} n'existe pas` })
      .optional(),
  );
}

/** An id (idParam: 1 to the int4 maximum), given as a number or as a decimal string (form fields, paths). */
export function positiveId(field: string, what: string) {
  return z.preprocess(blankToUndefined, idParam(`${field} : ${what} attendu (entier positif)`));
}

/**
 * A form value that must equal `expected`: a string, or the number/boolean a JSON client may send
 * instead, read as a trimmed string.
 */
export function formLiteral<const T extends string>(expected: T, message: string) {
  return z
    .union([z.string(), z.number(), z.boolean()], { error: message })
    .transform((value) => String(value).trim())
    .pipe(z.literal(expected, { error: message }));
}

/**
 * A delivery address as the order keeps it (copied at checkout, so later changes to the customer's
 * addresses do not rewrite past orders). Every part may be missing: an order collected at the agency
 * has no address. `zone` is the delivery zone's label (it decides the shipping fee).
 */
export const deliveryAddress = z.object({
  libelle: z.string().nullable(),
  ligne1: z.string().nullable(),
  ligne2: z.string().nullable(),
  codePostal: z.string().nullable(),
  ville: z.string().nullable(),
  zone: z.string().nullable(),
});
export type DeliveryAddress = z.infer<typeof deliveryAddress>;
