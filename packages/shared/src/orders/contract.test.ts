import {
  adminListQuery,
  connexionList,
  isCalendarDay,
  orderDetailParams,
  orderExportBody,
  orderExportMode,
  orderListItem,
  orderQuery,
  paymentValidationBody,
} from './contract';

/** The messages of a failed parse, in order. */
function messages(result: { success: boolean; error?: { issues: { message: string }[] } }): string[] {
  expect(result.success).toBe(false);
  return result.error?.issues.map((issue) => issue.message) ?? [];
}

describe('orderQuery', () => {
  it('defaults to the first page of 20 with no filter', () => {
    expect(orderQuery.parse({})).toEqual({ page: 0, size: 20 });
  });

  it('reads a query string: numbers coerced, texts trimmed, blanks absent', () => {
    expect(
      orderQuery.parse({
        page: '3',
        size: '50',
        dateDebut: '2024-02-01',
        dateFin: '2024-02-29',
        codeClient: ' C0001 ',
        codeAgence: '',
        reference: '  ',
      }),
    ).toEqual({ page: 3, size: 50, dateDebut: '2024-02-01', dateFin: '2024-02-29', codeClient: 'C0001' });
  });

  it('accepts one day (dateDebut = dateFin)', () => {
    expect(orderQuery.parse({ dateDebut: '2024-05-01', dateFin: '2024-05-01' })).toMatchObject({
      dateDebut: '2024-05-01',
      dateFin: '2024-05-01',
    });
  });

  it.each([
    [{ page: '-1' }, 'page : entier positif ou nul attendu'],
    [{ page: 'deux' }, 'page : entier positif ou nul attendu'],
    [{ page: '1.5' }, 'page : entier positif ou nul attendu'],
    [{ size: '0' }, 'size : entier entre 1 et 100 attendu'],
    [{ size: '101' }, 'size : entier entre 1 et 100 attendu'],
    [{ dateDebut: '01/02/2024' }, 'dateDebut : date attendue au format AAAA-MM-JJ'],
    [{ dateFin: '2024-2-1' }, 'dateFin : date attendue au format AAAA-MM-JJ'],
    [{ dateDebut: '2023-02-29' }, "dateDebut : la date 2023-02-29 n'existe pas"],
    [{ dateFin: '2024-13-01' }, "dateFin : la date 2024-13-01 n'existe pas"],
    [{ dateDebut: '2024-03-02', dateFin: '2024-03-01' }, 'La date de début doit précéder la date de fin'],
    [{ codeClient: 'x'.repeat(51) }, 'codeClient : 50 caractères au maximum'],
    [{ reference: 'x'.repeat(101) }, 'reference : 100 caractères au maximum'],
  ])('refuses %j: %s', (input, message) => {
    expect(messages(orderQuery.safeParse(input))).toEqual([message]);
  });

  it('names the end date for an inverted range', () => {
    const result = orderQuery.safeParse({ dateDebut: '2024-03-02', dateFin: '2024-03-01' });
    expect(result.error?.issues[0]?.path).toEqual(['dateFin']);
  });

  it('knows the calendar', () => {
    expect(isCalendarDay('2024-02-29')).toBe(true);
    expect(isCalendarDay('2100-02-29')).toBe(false);
    expect(isCalendarDay('2024-04-31')).toBe(false);
    expect(isCalendarDay('2024-04-30')).toBe(true);
    expect(isCalendarDay('20240430')).toBe(false);
  });
});

describe('orderListItem', () => {
  it('takes the contract fields plus the customer and agency labels', () => {
    const item = {
      id: 1,
      date: 1_714_557_600,
      webCdeId: 'OEC-1',
      refClient: null,
      numero: 'BC000001',
      typeWebMouvement: 'web',
      etat: null,
      codeClient: 'C0001',
      codeAgence: 'A01',
      montantHT: 100,
      montantTTC: null,
      libelleModeReglement: 'Carte bancaire',
      typePanier: 'AT2',
      libelleClient: 'Dupont SARL',
      libelleTypeClient: 'Professionnel',
      codeTypeClient: 'PRO',
      libelleAgence: 'Lyon',
    };
    expect(orderListItem.parse(item)).toEqual(item);
    expect(orderListItem.safeParse({ ...item, etat: 'E_XXX' }).success).toBe(false);
    expect(orderListItem.safeParse({ ...item, typePanier: 'XXX' }).success).toBe(false);
  });
});

describe('orderExportBody', () => {
  it('reads the download form: strings, no export', () => {
    const body = orderExportBody.parse({ id: '42', action: 'EXPORT', valide: '1' });
    expect(body).toEqual({ id: 42, action: 'EXPORT', valide: '1' });
    expect(orderExportMode(body)).toBe('download');
  });

  it('reads the re-export call, numbers accepted from JSON', () => {
    const body = orderExportBody.parse({ id: 42, action: 'EXPORT', valide: 1, export: 1 });
    expect(body).toEqual({ id: 42, action: 'EXPORT', valide: '1', export: '1' });
    expect(orderExportMode(body)).toBe('reexport');
  });

  it('treats a blank export as a download', () => {
    expect(
      orderExportMode(orderExportBody.parse({ id: '7', action: 'EXPORT', valide: '1', export: '' })),
    ).toBe('download');
  });

  it.each([
    [{ action: 'EXPORT', valide: '1' }, 'id : identifiant de commande attendu (entier positif)'],
    [{ id: 'abc', action: 'EXPORT', valide: '1' }, 'id : identifiant de commande attendu (entier positif)'],
    [{ id: '0', action: 'EXPORT', valide: '1' }, 'id : identifiant de commande attendu (entier positif)'],
    [{ id: '1', action: 'DELETE', valide: '1' }, 'action : valeur attendue EXPORT'],
    [{ id: '1', valide: '1' }, 'action : valeur attendue EXPORT'],
    [{ id: '1', action: 'EXPORT', valide: '0' }, 'valide : valeur attendue 1'],
    [
      { id: '1', action: 'EXPORT', valide: '1', export: 'oui' },
      'export : valeur attendue 1 (ou champ absent pour télécharger le fichier)',
    ],
  ])('refuses %j: %s', (input, message) => {
    expect(messages(orderExportBody.safeParse(input))[0]).toBe(message);
  });
});

describe('adminListQuery', () => {
  it('reads each table', () => {
    expect(adminListQuery.parse({ table: 'client', label: ' dup ', value: '' })).toEqual({
      table: 'client',
      label: 'dup',
    });
    expect(adminListQuery.parse({ table: 'parametrage' })).toEqual({ table: 'parametrage' });
    const connexion = adminListQuery.parse({ table: 'connexion', restriction: 'agenceDefautTarif' });
    expect(connexionList(connexion)).toBe('agenceDefautTarif');
    expect(connexionList(adminListQuery.parse({ table: 'connexion' }))).toBe('modeSelectionAgence');
  });

  it('refuses an unknown table or connexion list', () => {
    expect(messages(adminListQuery.safeParse({ table: 'commande' }))).toEqual([
      'table : valeur attendue parmi client, parametrage, connexion',
    ]);
    expect(messages(adminListQuery.safeParse({}))).toEqual([
      'table : valeur attendue parmi client, parametrage, connexion',
    ]);
    expect(messages(adminListQuery.safeParse({ table: 'connexion', restriction: 'x' }))).toEqual([
      'restriction : valeur attendue parmi modeSelectionAgence, agenceDefautTarif pour la table connexion',
    ]);
  });
});

describe('payment validation and detail inputs', () => {
  it('needs a numero', () => {
    expect(paymentValidationBody.parse({ numero: ' BC000001 ' })).toEqual({ numero: 'BC000001' });
    expect(messages(paymentValidationBody.safeParse({ numero: ' ' }))).toEqual([
      'numero : numéro de commande attendu',
    ]);
  });

  it('reads the detail id from the path', () => {
    expect(orderDetailParams.parse({ id: '12' })).toEqual({ id: 12 });
    expect(messages(orderDetailParams.safeParse({ id: '12abc' }))).toEqual([
      'id : identifiant de commande attendu (entier positif)',
    ]);
  });
});
