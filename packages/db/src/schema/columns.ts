// The column helpers the schema's files share.
import { sql } from 'drizzle-orm';
import { numeric, timestamp } from 'drizzle-orm/pg-core';

export const money = (name: string) => numeric(name, { precision: 12, scale: 2, mode: 'number' });
export const measure = (name: string) => numeric(name, { precision: 12, scale: 4, mode: 'number' });
export const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
/** Codes as a list of SQL literals, for an index predicate: the codes are ours, never user input. */
export const sqlCodes = (codes: readonly string[]) => sql.raw(codes.map((code) => `'${code}'`).join(', '));
