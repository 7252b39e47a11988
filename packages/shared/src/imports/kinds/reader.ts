// Reading a file against its kind (docs/import-erp.md): the kind its name or marker line says, and
// each record's row or its refused cells.
import { CellError, type Column, type Columns } from './cells';
import { KIND_COLUMNS, type KindRow } from './columns';
import { IMPORT_FORMAT_MARKER, IMPORT_FORMAT_VERSIONS_READ, IMPORT_KINDS, type ImportKind } from './format';
import { IMPORT_MESSAGES } from './messages';

/** One refused cell or row: where and why, in French. */
export interface RowProblem {
  line: number;
  column: string | null;
  reason: string;
}

export interface KindDetection {
  kind: ImportKind | null;
  /** The first line was the COMPTOIR-IMPORT marker (the header is on the next one). */
  markerLine: boolean;
  problem?: string;
}

/** The kind a file name says (its base name starts with the kind), or null. */
export function kindFromName(name: string): ImportKind | null {
  const base = (name.split('/').pop() ?? name).toLowerCase();
  return IMPORT_KINDS.find((kind) => base.startsWith(kind)) ?? null;
}

/** The kind a marker line names (`COMPTOIR-IMPORT;articles;1`), or undefined when it is no marker. */
export function kindFromMarker(fields: readonly string[]): KindDetection | undefined {
  if (fields[0]?.trim() !== IMPORT_FORMAT_MARKER) return undefined;
  const kind = IMPORT_KINDS.find((k) => k === fields[1]?.trim()) ?? null;
  if (!kind) return { kind: null, markerLine: true, problem: IMPORT_MESSAGES.unknownKind };
  if (
    fields[2] !== undefined &&
    !(IMPORT_FORMAT_VERSIONS_READ as readonly string[]).includes(fields[2].trim())
  )
    return { kind, markerLine: true, problem: IMPORT_MESSAGES.badVersion };
  return { kind, markerLine: true };
}

/** Reads a kind's rows against the header: each record gives its row or its problems. */
export class RowReader<K extends ImportKind> {
  private readonly positions: { key: string; column: Column<unknown>; index: number }[] = [];
  readonly headerProblems: string[] = [];

  constructor(
    readonly kind: K,
    header: readonly string[],
  ) {
    const names = header.map((name) => name.trim().toLowerCase());
    const seen = new Set<string>();
    for (const name of names) {
      if (seen.has(name) && name) this.headerProblems.push(IMPORT_MESSAGES.duplicateColumn(name));
      seen.add(name);
    }
    for (const [key, column] of Object.entries(KIND_COLUMNS[kind] as Columns)) {
      const index = names.indexOf(column.name);
      if (index < 0 && !column.optional) this.headerProblems.push(IMPORT_MESSAGES.missingColumn(column.name));
      this.positions.push({ key, column, index });
    }
    this.width = header.length;
  }

  private readonly width: number;

  read(line: number, fields: readonly string[]): { row: KindRow<K> } | { problems: RowProblem[] } {
    if (fields.length !== this.width)
      return {
        problems: [{ line, column: null, reason: IMPORT_MESSAGES.fieldCount(this.width, fields.length) }],
      };
    const row: Record<string, unknown> = {};
    const problems: RowProblem[] = [];
    for (const { key, column, index } of this.positions) {
      const raw = index < 0 ? '' : fields[index]!;
      try {
        row[key] = column.read(raw);
      } catch (error) {
        if (!(error instanceof CellError)) throw error;
        problems.push({ line, column: column.name, reason: error.message });
      }
    }
    return problems.length ? { problems } : { row: row as KindRow<K> };
  }
}
