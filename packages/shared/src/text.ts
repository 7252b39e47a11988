// Text helpers shared by the server, the screens and the demo data.

/**
 * The text without accents and in lower case (NFD, combining marks removed), so that 'Façade ÉTÉ'
 * and 'facade ete' compare equal.
 */
export const foldText = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();

/** Escapes the LIKE wildcards (and the escape character) so that a typed % or _ matches itself. */
export const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);
