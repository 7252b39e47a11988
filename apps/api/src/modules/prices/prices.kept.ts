// What the prices module keeps in the answer cache (plugins/kept-read.ts): each customer's and each
// customer type's rules, indexed by article and by family, until customer_prices changes.
import type { DbOrTx } from '@comptoir/db/client';
import type { PriceRule } from '@comptoir/shared/pricing';
import { keepsAnswers, keptInSet } from '../../plugins/kept-read';
import * as repo from './prices.repository';

/** A customer's or a type's rules, by article and by family: an item's candidates in two lookups. */
export interface RuleIndex {
  byArticle: ReadonlyMap<string, readonly PriceRule[]>;
  byFamily: ReadonlyMap<string, readonly PriceRule[]>;
}

function indexRules(rules: readonly PriceRule[]): RuleIndex {
  const byArticle = new Map<string, PriceRule[]>();
  const byFamily = new Map<string, PriceRule[]>();
  for (const rule of rules) {
    const [map, key] =
      rule.articleCode !== null ? [byArticle, rule.articleCode] : [byFamily, rule.familyCode];
    if (key === null) continue;
    const list = map.get(key);
    if (list) list.push(rule);
    else map.set(key, [rule]);
  }
  return { byArticle, byFamily };
}

/** The tables a customer's rules are read from. */
const RULE_TABLES = ['customer_prices'] as const;

/**
 * Every rule of a customer (kept per customer, in a bounded set: 54 400 customers at the benchmark's
 * scale, most without rules of their own) or of a type (few), until customer_prices changes
 * (migration 0021). Which of them apply (agency, article, family) is resolvePrice's.
 */
export const keptRules: (db: DbOrTx, who: 'customer' | 'type', code: string) => Promise<RuleIndex> =
  keptInSet({
    set: (who: 'customer' | 'type', _code: string) => `prices:rules:${who}`,
    tables: RULE_TABLES,
    key: (_who: 'customer' | 'type', code: string) => code,
    load: async (db, who: 'customer' | 'type', code: string) =>
      indexRules(await repo.priceRulesOf(db, who, code)),
  });

/**
 * Whether the rules are kept on `db` (not in a transaction, and with a change feed): the prices are
 * then resolved from keptRules, with nothing read once warm; else from one query for the items.
 */
export const rulesKept = (db: DbOrTx): boolean => keepsAnswers(db);
