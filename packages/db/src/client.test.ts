import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows, type DatabaseHandle } from './client';
import { agencies } from './schema';
import { createTestDatabase } from './testing';

describe('test database', () => {
  let handle: DatabaseHandle;
  beforeAll(async () => {
    handle = await createTestDatabase();
  });
  afterAll(() => handle.close());

  it('is migrated, with the unaccent wrapper the search indexes use', async () => {
    const rows = await queryRows<{ x: string }>(
      handle.db,
      sql`select immutable_unaccent('Élément béton') as x`,
    );
    expect(rows[0]?.x).toBe('Element beton');
  });

  it('writes and reads a row', async () => {
    await handle.db.insert(agencies).values({ code: 'T01', label: 'Agence test' });
    const rows = await handle.db.select().from(agencies);
    expect(rows).toEqual([expect.objectContaining({ code: 'T01', label: 'Agence test' })]);
  });
});
