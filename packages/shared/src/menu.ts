import { z } from 'zod';
import type { MENU_LABEL_CASES } from './domain';

export { MENU_HOVER_DELAY_MS, MENU_STORAGE_PREFIX } from './menu-texts';

/** Bumped when the cached shapes change, so old entries are dropped (part of the cacheKey). */
// 2: the 'min' case keeps the ERP's acronyms and numbers; 3: and the trade's acronyms with a vowel.
export const MENU_CACHE_SCHEMA = 3;

/** A menu item (docs/contract/category-menu.md). */
export const menuItem = z.object({
  CODE: z.string(),
  NIVEAU: z.number().int(),
  LIBELLE: z.string(),
  LIEN: z.string(),
});
export type MenuItem = z.infer<typeof menuItem>;

export const menuActivity = z.object({ code: z.string(), libelle: z.string() });
export type MenuActivity = z.infer<typeof menuActivity>;

/** GET /menu/activites: the header's top entries and what the cached sub-menus must match. */
export const menuActivities = z.object({
  /** Changes whenever the sales plan changes. */
  version: z.string(),
  /** Changes with the label case setting or the cache layout. */
  cacheKey: z.string(),
  activites: z.array(menuActivity),
});
export type MenuActivities = z.infer<typeof menuActivities>;

/** GET /submenu/:activity */
export const subMenu = z.object({ activite: menuActivity, items: z.array(menuItem) });
export type SubMenu = z.infer<typeof subMenu>;

/** GET /simplemenu/:code: the direct sub-levels of a family. */
export const simpleMenu = z.object({ code: z.string(), items: z.array(menuItem) });
export type SimpleMenu = z.infer<typeof simpleMenu>;

const VOWELS = /[aeiouyàâäéèêëîïôöùûüÿæœ]/iu;
const DIGIT = /\p{Nd}/u;
const LETTER = /\p{L}/u;

/**
 * The building trade's acronyms that hold a vowel: in a label all in capitals nothing tells them
 * from words, so they are known by name (none is a French word a label would hold).
 */
const TRADE_ACRONYMS = new Set([
  'ABS',
  'BBC',
  'CPI',
  'DTU',
  'EPDM',
  'EPS',
  'HEA',
  'HEB',
  'IPE',
  'IPN',
  'LED',
  'MDF',
  'OSB',
  'PE',
  'PEHD',
  'PER',
  'PIR',
  'PP',
  'PPR',
  'PSE',
  'PU',
  'TPO',
  'UPN',
  'XPS',
]);

/** The longest word in capitals read as an acronym in a label in lower and upper case ('PEHD'). */
const ACRONYM_MAX_LETTERS = 4;

/**
 * Whether a word of an ERP label is an acronym or a code to keep as written: it holds a digit
 * ('BA13', 'H1', '1,20x2,50'); or, in a label written in lower and upper case, it is in capitals and
 * short ('PVC', 'PER', not 'CIMENTS') or has a capital after a small letter ('McKenzie'); or, in a
 * label all in capitals (where every word looks like an acronym), it has two letters or more and no
 * vowel ('PVC', 'VMC') or is one of the trade's acronyms ('PER', 'OSB').
 */
function keptAsWritten(word: string, allCapitals: boolean): boolean {
  if (DIGIT.test(word)) return true;
  const letters = [...word].filter((c) => LETTER.test(c));
  if (allCapitals) return letters.length >= 2 && (!VOWELS.test(word) || TRADE_ACRONYMS.has(letters.join('')));
  const isCapital = (c: string) => c !== c.toLocaleLowerCase('fr-FR');
  if (letters.length >= 2 && letters.every(isCapital)) return letters.length <= ACRONYM_MAX_LETTERS;
  return letters.slice(1).some(isCapital);
}

/**
 * Setting menu.casse: 'maj' upper-cases the labels; 'min' writes them as a sentence, its first letter
 * a capital, the other words in lower case except the ERP's acronyms and codes ('PLAQUES BA13' →
 * 'Plaques BA13', 'PVC évacuation' and 'Multicouche et PER' as they are; keptAsWritten). Spaces are
 * kept as the ERP wrote them.
 */
export function menuLabel(label: string, casse: (typeof MENU_LABEL_CASES)[number]): string {
  if (casse === 'maj') return label.toLocaleUpperCase('fr-FR');
  const allCapitals = label === label.toLocaleUpperCase('fr-FR');
  const words = label
    .split(/(\s+)/u)
    .map((word) => (keptAsWritten(word, allCapitals) ? word : word.toLocaleLowerCase('fr-FR')))
    .join('');
  return words.charAt(0).toLocaleUpperCase('fr-FR') + words.slice(1);
}

/** The cacheKey of the menus for a label case. */
export const menuCacheKey = (casse: string) => `${MENU_CACHE_SCHEMA}:${casse}`;
