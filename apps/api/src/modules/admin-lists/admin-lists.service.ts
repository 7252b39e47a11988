// GET /openweb/admin/admin_liste: the { VAL, LIB } choices of the back office's pickers, by table
// (documented in docs/admin-liste.md and on adminListQuery).
import type { DbOrTx } from '@comptoir/db/client';
import {
  ADMIN_LIST_LIMIT,
  AGENCY_SELECTION_MODES,
  connexionList,
  NO_AGENCY_CHOICE,
  type AdminListQuery,
} from '@comptoir/shared/orders/contract';
import type { ValLib } from '@comptoir/shared/reference';
import { foldText } from '@comptoir/shared/text';
import {
  agencyChoices,
  customerChoices,
  customerTypeChoices,
  type ChoiceFilters,
} from '../reference/reference.service';

/** The filters of the lists kept in code: VAL equals value, LIB contains label (any case or accent). */
const matches = (filters: ChoiceFilters) => (choice: ValLib) =>
  (filters.value === undefined || choice.VAL === filters.value) &&
  (filters.label === undefined || foldText(choice.LIB).includes(foldText(filters.label)));

/** 'PRO, ART' → ['PRO', 'ART']; nothing usable → no restriction. */
function typeCodes(restriction: string | undefined): string[] | undefined {
  const codes = (restriction ?? '')
    .split(',')
    .map((code) => code.trim())
    .filter(Boolean);
  return codes.length > 0 ? codes : undefined;
}

export async function adminList(db: DbOrTx, query: AdminListQuery): Promise<ValLib[]> {
  const filters: ChoiceFilters = { value: query.value, label: query.label, limit: ADMIN_LIST_LIMIT };
  switch (query.table) {
    case 'client':
      return customerChoices(db, { ...filters, typeCodes: typeCodes(query.restriction) });
    case 'parametrage':
      return customerTypeChoices(db, filters);
    case 'connexion':
      if (connexionList(query) === 'modeSelectionAgence')
        return AGENCY_SELECTION_MODES.filter(matches(filters)).map(({ VAL, LIB }) => ({ VAL, LIB }));
      return [
        ...[NO_AGENCY_CHOICE].filter(matches(filters)).map(({ VAL, LIB }) => ({ VAL, LIB })),
        ...(await agencyChoices(db, filters)),
      ].slice(0, ADMIN_LIST_LIMIT);
  }
}
