import type { FamilyCountRow } from './families.repository';

/** Siblings by position, then label (French order, whatever the database collation), then code. */
export const bySiblingOrder = (a: FamilyCountRow, b: FamilyCountRow) =>
  a.position - b.position || a.label.localeCompare(b.label, 'fr') || (a.code < b.code ? -1 : 1);
