// The zod schema of a number a client may send as typed (a query string, a form field) or as a JSON
// number: a text is read by readTypedNumber, a number checked by the same rules, so that the API and
// the web app read '12,5', '12.5' and '1 234,5' one way and refuse '12.5.3' with the field's message.
import { z } from 'zod';
import {
  checkTypedNumber,
  readTypedNumber,
  refusalMessage,
  type TypedNumberMessages,
  type TypedNumberRules,
} from './typed-number';

/**
 * A number, given as a number or as a typed text. `field` names it in the messages ('prixMin : nombre
 * attendu, par exemple 12,5'); `messages` are the field's own for some refusals.
 */
export function typedNumber(field: string, rules: TypedNumberRules = {}, messages: TypedNumberMessages = {}) {
  const say = (text: string) => `${field} : ${text.charAt(0).toLowerCase()}${text.slice(1)}`;
  const own = (refusal: Parameters<typeof refusalMessage>[0]) =>
    messages[refusal.reason] === undefined ? say(refusalMessage(refusal)) : refusalMessage(refusal, messages);
  return z
    .union([z.number(), z.string()], { error: own({ reason: 'notANumber' }) })
    .transform((input, ctx) => {
      const reading =
        typeof input === 'number' ? checkTypedNumber(input, rules) : readTypedNumber(input, rules);
      if (reading.ok) return reading.value;
      ctx.addIssue({ code: 'custom', message: own(reading), input });
      return z.NEVER;
    });
}
