// Writing the order file: the file of an order, its name and its dates (export-format.ts describes
// the format).
import { frenchErrorMap } from '../validation';
import {
  EXPORT_FORMAT_MARKER,
  EXPORT_FORMAT_VERSION,
  EXPORT_RECORD_END,
  invalidOrder,
  orderExport,
  type OrderExport,
} from './export-format-schema';
import { centsToText, get, HEADER_FIELDS, LINE_FIELDS, linesTotalCents } from './export-format-fields';

/**
 * The file of an order. Throws OrderExportFormatError (French message naming the field) when the
 * order does not satisfy `orderExport`, e.g. an amount with 3 decimals or a typePanier ATT.
 */
export function serializeOrderExport(order: OrderExport): string {
  const checked = orderExport.safeParse(order, { error: frenchErrorMap });
  if (!checked.success) throw invalidOrder(checked.error, 'Commande non exportable');
  const o = checked.data;
  const records: string[][] = [
    [EXPORT_FORMAT_MARKER, String(EXPORT_FORMAT_VERSION)],
    ['E', ...HEADER_FIELDS.map((f) => f.codec.write(get(o, f.name)))],
    ...o.lignes.map((line) => ['L', ...LINE_FIELDS.map((f) => f.codec.write(get(line, f.name)))]),
    ['F', String(o.lignes.length), centsToText(linesTotalCents(o.lignes))],
  ];
  return records.map((fields) => fields.join(';') + EXPORT_RECORD_END).join('');
}

// ---------------------------------------------------------------- names and dates

/**
 * The file's name: commande-<numero>.txt, the numero reduced to letters, digits, '-' and '_' (any
 * other character becomes '_'), so that it is safe on every filesystem and in a
 * Content-Disposition header. A re-export keeps the name and replaces the file.
 */
export function exportFileName(order: Pick<OrderExport, 'numero'>): string {
  const safe = order.numero
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .replace(/[^A-Za-z0-9_-]/g, '_')
    .slice(0, 100);
  return `commande-${safe || '_'}.txt`;
}

const parisParts = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Europe/Paris',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
});

const pad = (n: number) => String(n).padStart(2, '0');

/**
 * A moment as Europe/Paris wall-clock time with its offset, to the second, for the file's dates:
 * toParisIsoDateTime(new Date('2024-03-05T13:30:00Z')) → '2024-03-05T14:30:00+01:00'.
 * A number is read as seconds since the epoch (the API's dates).
 */
export function toParisIsoDateTime(value: Date | number): string {
  const ms = typeof value === 'number' ? value * 1000 : value.getTime();
  if (!Number.isFinite(ms)) throw new RangeError('toParisIsoDateTime : date invalide');
  const seconds = Math.floor(ms / 1000) * 1000;
  const parts = Object.fromEntries(
    parisParts.formatToParts(new Date(seconds)).map((p) => [p.type, p.value]),
  ) as Record<string, string>;
  const [year, month, day, hour, minute, second] = ['year', 'month', 'day', 'hour', 'minute', 'second'].map(
    (type) => Number(parts[type]),
  ) as [number, number, number, number, number, number];
  const offsetMinutes = Math.round((Date.UTC(year, month - 1, day, hour, minute, second) - seconds) / 60_000);
  const sign = offsetMinutes < 0 ? '-' : '+';
  const abs = Math.abs(offsetMinutes);
  return (
    `${String(year).padStart(4, '0')}-${pad(month)}-${pad(day)}T${pad(hour)}:${pad(minute)}:${pad(second)}` +
    `${sign}${pad(Math.floor(abs / 60))}:${pad(abs % 60)}`
  );
}
