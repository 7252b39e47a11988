// The kind `familles` (docs/import-erp.md): the sales plan, four levels at most, each root under an
// activity.
import { IMPORT_MESSAGES } from '@comptoir/shared/imports/kinds';
import { recomputeTreeLevels, type FamilyWriteRow } from '../../families/families.service';
import { activitiesByCodes, familiesByCodes, subtreeDepths } from '../../families/families.reads';
import { byKey, KnownCodes, tally, uniq, type Applier } from './helpers';

const MAX_LEVEL = 4;

export function familyApplier(): Applier<'familles'> {
  /** The level of every family of the file so far: a family may hang under one above it. */
  const fileLevels = new Map<string, number>();
  /** The families the file moves (another parent or level), with their line. */
  const moved = new Map<string, number>();
  const knownActivities = new KnownCodes(async (tx, codes) =>
    (await activitiesByCodes(tx, codes)).map((row) => row.code),
  );
  return {
    key: (row) => row.code,
    async apply(ctx, batch) {
      const codes = batch.map(({ row }) => row.code);
      const parents = batch
        .map(({ row }) => row.parentCode)
        .filter((c): c is string => !!c && !fileLevels.has(c));
      const existing = byKey(await familiesByCodes(ctx.tx, uniq([...codes, ...parents])), (row) => row.code);
      const activityRows = batch.filter(({ row }) => row.activityCode && row.activityLabel);
      const labelled = byKey(
        await activitiesByCodes(ctx.tx, uniq(activityRows.map(({ row }) => row.activityCode!))),
        (r) => r.code,
      );
      await knownActivities.load(
        ctx.tx,
        batch.map(({ row }) => row.activityCode).filter((c): c is string => !!c),
      );
      const activities = new Map<string, string>();
      const writes: FamilyWriteRow[] = [];
      for (const { line, row } of batch) {
        let level = 1;
        if (row.parentCode) {
          if (row.parentCode === row.code) {
            ctx.reject({ line, column: 'code_parent', reason: IMPORT_MESSAGES.ownParent });
            continue;
          }
          const parentLevel = fileLevels.get(row.parentCode) ?? existing.get(row.parentCode)?.level;
          if (parentLevel === undefined) {
            ctx.reject({ line, column: 'code_parent', reason: IMPORT_MESSAGES.unknownParent });
            continue;
          }
          level = parentLevel + 1;
          if (level > MAX_LEVEL) {
            ctx.reject({ line, column: 'code_parent', reason: IMPORT_MESSAGES.tooDeep });
            continue;
          }
        }
        const before = existing.get(row.code);
        const activityCode = row.activityCode ?? (row.parentCode ? null : (before?.activityCode ?? null));
        if (!row.parentCode && !activityCode) {
          ctx.reject({ line, column: 'code_activite', reason: IMPORT_MESSAGES.rootWithoutActivity });
          continue;
        }
        if (
          activityCode &&
          !row.activityLabel &&
          !knownActivities.has(activityCode) &&
          !activities.has(activityCode)
        ) {
          ctx.reject({ line, column: 'code_activite', reason: IMPORT_MESSAGES.unknownActivity });
          continue;
        }
        if (activityCode && row.activityLabel && labelled.get(activityCode)?.label !== row.activityLabel) {
          activities.set(activityCode, row.activityLabel);
          knownActivities.add(activityCode);
        }
        fileLevels.set(row.code, level);
        const next: FamilyWriteRow = {
          code: row.code,
          label: row.label,
          parentCode: row.parentCode,
          level,
          activityCode,
          position: row.position ?? before?.position ?? 0,
        };
        if (before && (before.parentCode !== next.parentCode || before.level !== next.level))
          moved.set(row.code, line);
        if (ctx.write && tally(ctx, before, next)) writes.push(next);
      }
      if (!ctx.write) return;
      await ctx.save(
        'upsertActivities',
        [...activities].map(([code, label]) => ({ code, label })),
      );
      await ctx.save('upsertFamilies', writes);
    },
    // A family moved carries its sub-families: every level of its tree is set again from the roots,
    // and a tree that would go past 4 levels (or a family put under its own sub-family) is refused.
    async finish(ctx) {
      if (!ctx.write || !moved.size) return;
      const codes = [...moved.keys()];
      const orphans = new Set(await recomputeTreeLevels(ctx.tx, codes));
      const tooDeep = (await subtreeDepths(ctx.tx, codes)).filter((row) => row.maxLevel > MAX_LEVEL);
      for (const code of new Set([...orphans, ...tooDeep.map((row) => row.root)]))
        ctx.reject({ line: moved.get(code)!, column: 'code_parent', reason: IMPORT_MESSAGES.subtreeTooDeep });
    },
  };
}
