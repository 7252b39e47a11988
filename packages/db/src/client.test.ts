import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, queryRows, type DatabaseHandle } from './client';
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

describe('the embedded database in a data folder', () => {
  it('runs with a buffer pool of 32 MB, not PostgreSQL’s 128 MB (the server’s memory)', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'comptoir-db-test-'));
    const handle = await openDatabase({ dataDir: path.join(dataDir, 'db') });
    try {
      const rows = await queryRows<{ shared_buffers: string }>(handle.db, sql`show shared_buffers`);
      expect(rows[0]?.shared_buffers).toBe('32MB');
    } finally {
      await handle.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
