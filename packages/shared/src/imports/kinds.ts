// The file kinds the ERP sends (docs/import-erp.md): their columns, how each cell is read and what
// is refused, in French. The pipeline (apps/api/src/modules/imports) and the demo data's ERP files
// (packages/db/src/demo) both use these definitions, so that what one writes the other reads.
//
// One file per concern in ./kinds: the format and its kinds (format.ts), the cell readers (cells.ts),
// each kind's columns (columns.ts), the limits and messages (messages.ts) and the row reader
// (reader.ts).
export { CellError, type RowOf } from './kinds/cells';
export {
  KIND_COLUMNS,
  kindHeader,
  unitRowDecimals,
  type AddressImportRow,
  type AgencyImportRow,
  type ArticleImportRow,
  type CustomerImportRow,
  type DocumentImportRow,
  type FamilyImportRow,
  type KindRow,
  type PriceImportRow,
  type StatusImportRow,
  type StockImportRow,
  type UnitImportRow,
  type VariantImportRow,
} from './kinds/columns';
export {
  IMPORT_FORMAT_MARKER,
  IMPORT_FORMAT_VERSION,
  IMPORT_FORMAT_VERSIONS_READ,
  IMPORT_KIND_LABELS,
  IMPORT_KINDS,
  type ImportKind,
} from './kinds/format';
export { IMPORT_LIMIT_DEFAULTS, IMPORT_MESSAGES } from './kinds/messages';
export { kindFromMarker, kindFromName, RowReader, type KindDetection, type RowProblem } from './kinds/reader';
