// From search.ts, what the storefront's first load needs (the header search's lengths and pause) and the
// results page's messages: kept apart from the schemas so that those pages do not need zod. search.ts
// re-exports it.

/** The storefront search text is 3 to 60 characters once trimmed. */
export const SEARCH_MIN_LENGTH = 3;
export const SEARCH_MAX_LENGTH = 60;
export const SEARCH_MESSAGES = {
  tooShort: `La recherche doit contenir au moins ${SEARCH_MIN_LENGTH} caractères`,
  tooLong: `La recherche ne peut pas dépasser ${SEARCH_MAX_LENGTH} caractères`,
  noArticle: 'Aucun article trouvé',
} as const;

/** Pause after the last keystroke before the header search asks the server. */
export const SEARCH_DEBOUNCE_MS = 250;

/** Whether the header should ask the server: the trimmed text reached the trigger length. */
export const reachesTrigger = (text: string, triggerLength: number) =>
  text.trim().length >= Math.max(triggerLength, SEARCH_MIN_LENGTH);
