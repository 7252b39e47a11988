// The order file the ERP imports (documented for the ERP team in docs/export-commande.md — change both
// together, and bump EXPORT_FORMAT_VERSION on any change an existing reader would misread).
//
// A line-oriented UTF-8 text, one record per line, fields separated by ';', RFC 4180 quoting:
//   COMPTOIR-COMMANDE;3                      format marker and version
//   E;…                                      the order header, exactly once
//   L;…                                      one per order line, zero or more
//   F;<nombreLignes>;<totalLignesHT>         the end record: a truncated file has none
// Version 2 adds a line's cut to size (nbPieces and the seven dimensions) at the end of L; version 1
// files are still read (their lines have no cut). Version 3 adds at the end of E a visitor's contact
// (name, e-mail, phone) and billing address, and the version of the CGV accepted; version 1 and 2
// files are still read (those fields null).
// Records end with CRLF (the parser also accepts LF). Decimals use '.' and a fixed number of
// decimals per field; an empty field is null; an empty text (not null) is written "".
//
// The format's parts: export-format-schema.ts (the versions, the zod schema of an order file, its
// error), export-format-fields.ts (each record's fields in file order and how each is written and
// read), export-format-write.ts (the file of an order, its name and its dates) and
// export-format-read.ts (reading a file back). Import them from here.
export {
  EXPORT_CONTENT_TYPE,
  EXPORT_FORMAT_MARKER,
  EXPORT_FORMAT_READABLE_VERSIONS,
  EXPORT_FORMAT_VERSION,
  EXPORT_RECORD_END,
  OrderExportFormatError,
  orderExport,
  orderExportLine,
  type OrderExport,
  type OrderExportLine,
} from './export-format-schema';
export { EXPORT_HEADER_NO_VISITOR, EXPORT_LINE_NO_CUT, EXPORT_RECORD_FIELDS } from './export-format-fields';
export { exportFileName, serializeOrderExport, toParisIsoDateTime } from './export-format-write';
export { parseOrderExport } from './export-format-read';
