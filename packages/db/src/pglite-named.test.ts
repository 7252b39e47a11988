import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nameStatements } from './pglite-named';

describe('PGlite sending a repeated text as a named statement', () => {
  let client: PGlite;
  /** The texts the session holds as named statements. */
  const namedTexts = async () =>
    (await client.query<{ statement: string }>('select statement from pg_prepared_statements')).rows.map(
      (row) => row.statement,
    );

  beforeAll(async () => {
    client = nameStatements(await PGlite.create());
    await client.exec(`
      create table items (id int primary key, label text not null, tags text[], data jsonb, at timestamptz);
      insert into items values (1, 'Tuile', '{rouge,terre}', '{"poids": 2.5}', '2026-11-25T08:00:00Z'),
                               (2, 'Chevron', null, null, null);
    `);
  });
  afterAll(() => client.close());

  it('answers the same rows, named from the second time, with values of every kind', async () => {
    const text =
      'select id, label, tags, data, at from items where id = any($1::int[]) and label <> $2 order by id';
    const params = [[1, 2], 'Parpaing'];
    const first = await client.query(text, params);
    expect(await namedTexts()).not.toContain(text);
    const second = await client.query(text, params);
    const third = await client.query(text, [[2], null]);
    expect(second.rows).toEqual(first.rows);
    expect(first.rows).toEqual([
      {
        id: 1,
        label: 'Tuile',
        tags: ['rouge', 'terre'],
        data: { poids: 2.5 },
        at: new Date('2026-11-25T08:00:00Z'),
      },
      { id: 2, label: 'Chevron', tags: null, data: null, at: null },
    ]);
    expect(second.fields.map((field) => field.name)).toEqual(['id', 'label', 'tags', 'data', 'at']);
    // `label <> null` is never true.
    expect(third.rows).toEqual([]);
    expect(await namedTexts()).toContain(text);
    expect((await client.query(text, params, { rowMode: 'array' })).rows[0]).toEqual([
      1,
      'Tuile',
      ['rouge', 'terre'],
      { poids: 2.5 },
      new Date('2026-11-25T08:00:00Z'),
    ]);
  });

  it('gives a statement’s error with its code, and goes on answering after it', async () => {
    const insert = 'insert into items (id, label) values ($1, $2) returning id';
    expect((await client.query(insert, [10, 'Vis'])).rows).toEqual([{ id: 10 }]);
    expect((await client.query(insert, [11, 'Clou'])).affectedRows).toBe(1);
    await expect(client.query(insert, [10, 'Vis'])).rejects.toMatchObject({ code: '23505' });
    expect((await client.query(insert, [12, 'Boulon'])).rows).toEqual([{ id: 12 }]);
  });

  it('does not keep a text that fails to parse, and says why each time', async () => {
    const wrong = 'select nothing_here from items';
    for (let i = 0; i < 3; i++) await expect(client.query(wrong)).rejects.toMatchObject({ code: '42703' });
    expect(await namedTexts()).not.toContain(wrong);
  });

  it('runs named inside a transaction, commits and rolls back as before, and keeps the statement', async () => {
    const label = 'select label from items where id = $1';
    const rename = 'update items set label = $2 where id = $1';
    const retag = 'update items set tags = $2 where id = $1';
    await client.transaction(async (tx) => {
      for (let i = 0; i < 3; i++) await tx.query(rename, [2, `Chevron ${i}`]);
      expect((await tx.query<{ label: string }>(label, [2])).rows[0]!.label).toBe('Chevron 2');
    });
    expect((await client.query<{ label: string }>(label, [2])).rows[0]!.label).toBe('Chevron 2');

    await client
      .transaction(async (tx) => {
        await tx.query(rename, [2, 'Perdu']);
        for (const tag of ['a', 'b']) await tx.query(retag, [2, [tag]]);
        await tx.query('insert into items (id, label) values ($1, $2)', [1, 'Doublon']);
      })
      .catch(() => {});
    expect((await client.query<{ label: string }>(label, [2])).rows[0]!.label).toBe('Chevron 2');
    // Statements outlive the transaction that parsed them: still usable after its rollback.
    expect(await namedTexts()).toContain(retag);
    await client.query(retag, [2, ['c']]);
    await client.transaction(async (tx) => {
      await tx.query(retag, [2, null]);
      await tx.query(rename, [2, 'Chevron']);
    });
    expect((await client.query(`select label, tags from items where id = 2`)).rows).toEqual([
      { label: 'Chevron', tags: null },
    ]);
  });

  it('keeps each answer its own when many calls and a transaction run at once', async () => {
    const label = 'select label, $2::int as asked from items where id = $1';
    const transaction = client.transaction(async (tx) => {
      await tx.query('update items set label = $1 where id = 1', ['Tuile plate']);
      await new Promise((resolve) => setTimeout(resolve, 5));
      await tx.query('update items set label = $1 where id = 1', ['Tuile']);
    });
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        client.query<{ label: string; asked: number }>(label, [1 + (i % 2), i]),
      ),
    );
    await transaction;
    answers.forEach((answer, i) => {
      expect(answer.rows).toEqual([{ label: i % 2 ? 'Chevron' : 'Tuile', asked: i }]);
    });
  });
});
