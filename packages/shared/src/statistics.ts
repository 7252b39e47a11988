// The statistics contract and its rules (docs/contract/statistics.md): the filter, the row, the
// buckets of a period in Europe/Paris time, the quick periods, the totals and the CSV file. The API
// groups raw figures by Paris day (or by hour) and this file turns them into rows, so that the
// bucket rules exist once and are unit-tested.
//
// Its parts: statistics-query.ts (the scales, the filter and the row), statistics-calendar.ts
// (calendar days and Europe/Paris instants), statistics-rows.ts (the buckets of a period, its rows and
// totals), statistics-csv.ts (the columns and the CSV file) and statistics-periods.ts (the quick
// periods). Import them from here.
export * from './statistics-query';
export * from './statistics-calendar';
export * from './statistics-rows';
export * from './statistics-csv';
export * from './statistics-periods';
