// From search.ts, what the storefront's first load needs (the header search's lengths and pause): kept apart from
// the schemas so that the first load does not need zod. search.ts re-exports it.

/** The storefront search text is 3 to 60 characters once trimmed. */
export const SEARCH_MIN_LENGTH = 3;
export const SEARCH_MAX_LENGTH = 60;
/** Pause after the last keystroke before the header search asks the server. */
export const SEARCH_DEBOUNCE_MS = 250;

/** Whether the header should ask the server: the trimmed text reached the trigger length. */
export const reachesTrigger = (text: string, triggerLength: number) =>
  text.trim().length >= Math.max(triggerLength, SEARCH_MIN_LENGTH);
