// A quantity and its unit as French writes them: '1 sac', '1 657 sacs', '2 boîtes', '2,5 mètres
// carrés', '0,5 mètre'. The units' labels come from the ERP in the singular, capitalised ('Sac',
// 'Mètre carré'); a label in capitals (a unit code, 'PLQ') is written as it is. No zod: the first load's
// stock badge uses it.
import { formatDecimal } from './format';

// Words written alike in the plural, or with another plural than the rules below give.
const INVARIABLE: ReadonlySet<string> = new Set(['de', 'du', 'des', 'à', 'en', 'par', 'pour', 'et']);
const AL_WITH_S: ReadonlySet<string> = new Set(['bal', 'carnaval', 'chacal', 'festival', 'récital', 'régal']);
const EU_WITH_S: ReadonlySet<string> = new Set(['pneu', 'bleu', 'émeu']);

/** The plural of one French word: 'sac' → 'sacs', 'rouleau' → 'rouleaux', 'métal' → 'métaux'. */
export function pluralWord(word: string): string {
  const lower = word.toLowerCase();
  if (!/\p{L}$/u.test(word) || /[sxz]$/i.test(word)) return word;
  if (/(au|eau)$/i.test(word) || (/eu$/i.test(word) && !EU_WITH_S.has(lower))) return `${word}x`;
  if (/al$/i.test(word) && !AL_WITH_S.has(lower)) return `${word.slice(0, -2)}aux`;
  return `${word}s`;
}

/**
 * A unit's label in the singular or the plural, starting in lower case: 'Sac' → 'sacs', 'Mètre
 * carré' → 'mètres carrés', 'Sac de 35 kg' → 'sacs de 35 kg' (the words after a preposition stay).
 * A label in capitals is a code, written as it is.
 */
export function unitLabel(label: string, plural: boolean): string {
  const text = label.trim();
  if (!text || (text === text.toUpperCase() && /\p{L}{2}/u.test(text))) return text;
  const lowered = text.charAt(0).toLowerCase() + text.slice(1);
  if (!plural) return lowered;
  const words = lowered.split(' ');
  const stop = words.findIndex((word) => INVARIABLE.has(word.toLowerCase()) || /\d/.test(word));
  return words.map((word, index) => (stop >= 0 && index >= stop ? word : pluralWord(word))).join(' ');
}

/** French puts the plural from 2 on: 1,5 mètre, 2 mètres. */
export const isPluralQuantity = (quantity: number) => Math.abs(quantity) >= 2;

/** '1 657 sacs', '1 sac', '2,5 mètres carrés': the quantity (at most 4 decimals) and its unit. */
export function unitQuantity(quantity: number, label: string, maxDecimals = 4): string {
  const unit = unitLabel(label, isPluralQuantity(quantity));
  const number = formatDecimal(quantity, maxDecimals);
  return unit ? `${number} ${unit}` : number;
}
