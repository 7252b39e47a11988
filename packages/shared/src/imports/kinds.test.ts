import { kindFromMarker, kindFromName, kindHeader, RowReader } from './kinds';

describe('the kind of a file', () => {
  it('comes from the start of its base name, or from the marker line', () => {
    expect(kindFromName('dossier/articles_20261123.csv')).toBe('articles');
    expect(kindFromName('Clients-Lyon.CSV')).toBe('clients');
    expect(kindFromName('export.csv')).toBeNull();
    expect(kindFromName('documents-novembre.csv')).toBe('documents');
    expect(kindFromMarker(['COMPTOIR-IMPORT', 'etats', '1'])).toEqual({ kind: 'etats', markerLine: true });
    // Version 2 only added kinds: a version 1 file reads alike.
    expect(kindFromMarker(['COMPTOIR-IMPORT', 'tarifs', '2'])).toEqual({ kind: 'tarifs', markerLine: true });
    expect(kindFromMarker(['COMPTOIR-IMPORT', 'unites', '3'])).toEqual({ kind: 'unites', markerLine: true });
    expect(kindFromName('unites.csv')).toBe('unites');
    expect(kindFromMarker(['COMPTOIR-IMPORT', 'etats', '4'])?.problem).toMatch(/^version de format/);
    expect(kindFromMarker(['COMPTOIR-IMPORT', 'prix'])?.problem).toMatch(/^type de fichier inconnu/);
    expect(kindFromMarker(['code_article', 'designation1'])).toBeUndefined();
  });
});

describe('RowReader', () => {
  it('reads columns in any order, optional ones absent, decimals with a comma or a point', () => {
    const reader = new RowReader('articles', [
      'ACTIF',
      'code_article',
      'designation1',
      'code_famille',
      'prix_ht',
      'taux_tva',
      'unite_vente',
      'colonne_future',
    ]);
    expect(reader.headerProblems).toEqual([]);
    expect(reader.read(2, ['1', ' A1 ', 'Ciment', 'F', '9,99', '5.5', 'SAC', 'x'])).toEqual({
      row: expect.objectContaining({
        code: 'A1',
        priceHt: 9.99,
        vatRate: 5.5,
        active: true,
        weight: null,
        image: null,
      }),
    });
  });

  it('names missing and duplicated columns of the header', () => {
    expect(new RowReader('etats', ['numero', 'etat', 'etat']).headerProblems).toEqual([
      'colonne en double dans l’en-tête : etat',
      'colonne obligatoire absente de l’en-tête : date',
    ]);
  });

  it('gives every bad cell of a row with its column and reason', () => {
    const reader = new RowReader('etats', kindHeader('etats'));
    expect(reader.read(7, ['', 'E_XXX', '2026-02-30', ''])).toEqual({
      problems: [
        { line: 7, column: 'numero', reason: 'valeur obligatoire' },
        { line: 7, column: 'etat', reason: 'un de E_PRE, E_DIS, E_LIV, E_FAC, E_LIVPAR, E_CDEFOU attendu' },
        { line: 7, column: 'date', reason: 'date inexistante' },
      ],
    });
    expect(reader.read(8, ['a', 'b'])).toEqual({
      problems: [{ line: 8, column: null, reason: '4 champs attendus, 2 trouvés' }],
    });
  });

  it('reads dates as Paris time unless they carry an offset', () => {
    const reader = new RowReader('etats', kindHeader('etats'));
    const at = (date: string) =>
      'row' in reader.read(2, ['N', 'E_LIV', date, ''])
        ? (reader.read(2, ['N', 'E_LIV', date, '']) as { row: { date: Date } }).row.date.toISOString()
        : null;
    expect(at('2026-01-15')).toBe('2026-01-14T23:00:00.000Z');
    expect(at('2026-07-15T14:30')).toBe('2026-07-15T12:30:00.000Z');
    expect(at('2026-07-15T14:30:00Z')).toBe('2026-07-15T14:30:00.000Z');
  });

  it('reads declinaison options as NAME=value pairs', () => {
    const reader = new RowReader('declinaisons', [
      'code_article',
      'code_declinaison',
      'designation',
      'options',
    ]);
    expect(reader.read(2, ['A', 'V', 'Gris', 'COULEUR=Gris|LONGUEUR=2,50 m'])).toEqual({
      row: expect.objectContaining({ options: { COULEUR: 'Gris', LONGUEUR: '2,50 m' } }),
    });
    expect(reader.read(3, ['A', 'V', 'Gris', 'COULEUR'])).toEqual({
      problems: [{ line: 3, column: 'options', reason: 'paires NOM=valeur séparées par | attendues' }],
    });
  });
});

describe('the pipeline names of a drop-folder file', () => {
  it('names a claimed, imported or refused file, and finds the queued name of a running one', async () => {
    const { nameInState, runningFileQueuedName } = await import('../imports');
    expect(nameInState('a.zip', 'running')).toBe('a.zip.encours');
    expect(nameInState('a.csv', 'imported')).toBe('a.csv.ok');
    expect(nameInState('a.zip', 'refused')).toBe('a.zip.err');
    expect(runningFileQueuedName('a.ZIP.encours')).toBe('a.ZIP');
    expect(runningFileQueuedName('a.csv.ok')).toBeNull();
    expect(runningFileQueuedName('a.txt.encours')).toBeNull();
  });
});
