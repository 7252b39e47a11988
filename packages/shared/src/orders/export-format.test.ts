import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import {
  EXPORT_FORMAT_VERSION,
  EXPORT_HEADER_NO_VISITOR,
  EXPORT_LINE_NO_CUT,
  EXPORT_RECORD_FIELDS,
  OrderExportFormatError,
  exportFileName,
  orderExport,
  parseOrderExport,
  serializeOrderExport,
  toParisIsoDateTime,
} from './export-format';
import type { OrderExport, OrderExportLine } from './export-format';

const line = (overrides: Partial<OrderExportLine> = {}): OrderExportLine => ({
  position: 1,
  codeArticle: 'PLA-BA13',
  codeDeclinaison: '',
  designation: 'Plaque de plâtre BA13 2500x1200',
  quantite: 12,
  unite: 'U',
  prixUnitaireHT: 8.4567,
  montantHT: 101.48,
  tauxTVA: 20,
  chantier: null,
  ...EXPORT_LINE_NO_CUT,
  ...overrides,
});

const order = (overrides: Partial<OrderExport> = {}): OrderExport => ({
  id: 1042,
  numero: 'BC001042',
  date: '2024-03-05T14:30:00+01:00',
  refClient: 'Chantier école',
  webCdeId: 'OEC-1042',
  codeClient: 'C00017',
  libelleClient: 'Maçonnerie Durand & Fils',
  codeAgence: 'LYO',
  typePanier: 'VAL',
  libelleModeReglement: 'Carte bancaire',
  adresseLivraison: {
    libelle: 'Dépôt principal',
    ligne1: '12 rue de la Forêt',
    ligne2: null,
    codePostal: '69003',
    ville: 'Lyon',
    zone: 'Zone 1',
  },
  transporteur: 'Transports Rhône-Alpes',
  fraisPort: 35,
  montantHT: 136.48,
  montantTVA: 27.3,
  montantTTC: 163.78,
  sequenceExport: 0,
  dateExport: '2024-03-05T14:31:07+01:00',
  ...EXPORT_HEADER_NO_VISITOR,
  lignes: [line()],
  ...overrides,
});

const roundTrip = (value: OrderExport) => parseOrderExport(serializeOrderExport(value));

function formatError(fn: () => unknown): OrderExportFormatError {
  try {
    fn();
  } catch (error) {
    expect(error).toBeInstanceOf(OrderExportFormatError);
    return error as OrderExportFormatError;
  }
  throw new Error('expected an OrderExportFormatError');
}

describe('the order file', () => {
  it('writes the marker, the header, the lines and the end record, CRLF-terminated', () => {
    const text = serializeOrderExport(
      order({
        lignes: [line(), line({ position: 2, codeDeclinaison: '250', montantHT: -10, chantier: 'Villa' })],
      }),
    );
    expect(text.split('\r\n')).toEqual([
      `COMPTOIR-COMMANDE;${EXPORT_FORMAT_VERSION}`,
      'E;1042;BC001042;2024-03-05T14:30:00+01:00;Chantier école;OEC-1042;C00017;Maçonnerie Durand & Fils;LYO;VAL;' +
        'Carte bancaire;Dépôt principal;12 rue de la Forêt;;69003;Lyon;Zone 1;Transports Rhône-Alpes;35.00;136.48;' +
        '27.30;163.78;0;2024-03-05T14:31:07+01:00;;;;;;;;',
      'L;1;PLA-BA13;;Plaque de plâtre BA13 2500x1200;12.0000;U;8.4567;101.48;20.00;;;;;;;;;',
      'L;2;PLA-BA13;250;Plaque de plâtre BA13 2500x1200;12.0000;U;8.4567;-10.00;20.00;Villa;;;;;;;;',
      'F;2;91.48',
      '',
    ]);
  });

  it('lists as many fields per record as the file holds', () => {
    expect(EXPORT_RECORD_FIELDS.E).toHaveLength(31);
    expect(EXPORT_RECORD_FIELDS.L).toHaveLength(18);
    expect(EXPORT_RECORD_FIELDS.F).toEqual(['nombreLignes', 'totalLignesHT']);
  });

  it('writes a line cut to size with its pieces and dimensions (version 2)', () => {
    const cut = line({
      quantite: 0.75,
      unite: 'PLQ',
      montantHT: 6.34,
      nbPieces: 3,
      longueur: 1.25,
      largeur: 0.6,
    });
    const text = serializeOrderExport(order({ lignes: [cut] }));
    expect(text.split('\r\n')[2]).toBe(
      'L;1;PLA-BA13;;Plaque de plâtre BA13 2500x1200;0.7500;PLQ;8.4567;6.34;20.00;;3;1.250;0.600;;;;;',
    );
    expect(parseOrderExport(text).lignes[0]).toEqual(cut);
    expect(
      formatError(() => serializeOrderExport(order({ lignes: [line({ longueur: 1.2345 })] }))).message,
    ).toBe('Commande non exportable : lignes.0.longueur : 3 décimales au maximum');
  });

  it('writes a visitor’s contact, billing address and the CGV version accepted (version 3)', () => {
    const visitor = order({
      contact: { nom: 'Jeanne Martin', email: 'jeanne@example.fr', telephone: null },
      adresseFacturation: { ligne1: '4 rue Neuve', ligne2: null, codePostal: '69002', ville: 'Lyon' },
      versionCGV: 3,
    });
    const text = serializeOrderExport(visitor);
    expect(text.split('\r\n')[1]).toMatch(
      /;2024-03-05T14:31:07\+01:00;Jeanne Martin;jeanne@example\.fr;;4 rue Neuve;;69002;Lyon;3$/,
    );
    expect(parseOrderExport(text)).toEqual(visitor);
  });

  it('still reads version 2 files: no contact, billing address nor CGV', () => {
    const v2 = serializeOrderExport(order())
      .replace(`COMPTOIR-COMMANDE;${EXPORT_FORMAT_VERSION}`, 'COMPTOIR-COMMANDE;2')
      .replace('2024-03-05T14:31:07+01:00;;;;;;;;\r\n', '2024-03-05T14:31:07+01:00\r\n');
    expect(parseOrderExport(v2)).toEqual(order());
    // A version 2 header with version 3's fields is refused.
    expect(
      formatError(() => parseOrderExport(serializeOrderExport(order()).replace(';3\r\nE', ';2\r\nE')))
        .message,
    ).toBe('Ligne 2 : en-tête de commande (E) : 24 champs attendus, 32 lus');
  });

  it('still reads version 1 files: their lines have no cut', () => {
    const v1 =
      'COMPTOIR-COMMANDE;1\r\n' +
      'E;1042;BC001042;2024-03-05T14:30:00+01:00;;;C00017;Durand;LYO;VAL;;;;;;;;;35.00;101.48;;;0;2024-03-05T14:31:07+01:00\r\n' +
      'L;1;PLA-BA13;;Plaque BA13;12.0000;U;8.4567;101.48;20.00;Villa\r\n' +
      'F;1;101.48\r\n';
    const parsed = parseOrderExport(v1);
    expect(parsed.lignes[0]).toEqual(line({ designation: 'Plaque BA13', chantier: 'Villa' }));
    // A version 1 line with version 2's fields, or the reverse, is refused.
    expect(formatError(() => parseOrderExport(v1.replace('Villa', 'Villa;3;1.250;;;;;;'))).message).toBe(
      'Ligne 3 : ligne de commande (L) : 11 champs attendus, 19 lus',
    );
    expect(formatError(() => parseOrderExport(v1.replace(';1\r\nE', ';2\r\nE'))).message).toBe(
      'Ligne 3 : ligne de commande (L) : 19 champs attendus, 11 lus',
    );
  });

  it('reads back exactly what it wrote', () => {
    const value = order();
    expect(roundTrip(value)).toEqual(value);
  });

  it('keeps accents, semicolons, quotes and line breaks in texts', () => {
    const value = order({
      refClient: 'Réf. "urgent"; livrer le 12/03',
      libelleClient: 'SARL Ébénisterie ;"Œuvre" d’art',
      adresseLivraison: {
        libelle: 'Chez M. Dupont;\r\nbâtiment B',
        ligne1: '3, allée des "Tilleuls"',
        ligne2: 'Porte\n2\rcode 1234',
        codePostal: '2A004',
        ville: 'Ajaccio',
        zone: 'Corse ; îles',
      },
      lignes: [
        line({ designation: 'Vis "TF" 4x40;\nboîte de 200', chantier: 'Rénovation ; cuisine' }),
        line({ position: 2, designation: '"', unite: ';', chantier: '""' }),
      ],
    });
    expect(roundTrip(value)).toEqual(value);
  });

  it('tells null from an empty text', () => {
    const value = order({
      refClient: '',
      webCdeId: null,
      libelleModeReglement: null,
      transporteur: '',
      adresseLivraison: {
        libelle: null,
        ligne1: null,
        ligne2: '',
        codePostal: null,
        ville: null,
        zone: null,
      },
      montantTVA: null,
      montantTTC: null,
      lignes: [line({ chantier: '' }), line({ position: 2, chantier: null })],
    });
    const text = serializeOrderExport(value);
    expect(text).toContain('E;1042;BC001042;2024-03-05T14:30:00+01:00;"";;');
    expect(roundTrip(value)).toEqual(value);
  });

  it('writes an order without lines', () => {
    const value = order({ lignes: [] });
    expect(serializeOrderExport(value).endsWith('\r\nF;0;0.00\r\n')).toBe(true);
    expect(roundTrip(value)).toEqual(value);
  });

  it('reads LF line ends and a byte order mark', () => {
    const value = order();
    expect(parseOrderExport('\uFEFF' + serializeOrderExport(value).replaceAll('\r\n', '\n'))).toEqual(value);
  });

  it('reads back any valid order (property)', () => {
    fc.assert(
      fc.property(orderArbitrary, (value) => {
        expect(orderExport.safeParse(value).success).toBe(true);
        expect(roundTrip(value)).toEqual(value);
      }),
      { numRuns: 300 },
    );
  });
});

describe('refusals', () => {
  it('refuses another version', () => {
    const text = serializeOrderExport(order()).replace('COMPTOIR-COMMANDE;3', 'COMPTOIR-COMMANDE;4');
    expect(formatError(() => parseOrderExport(text)).message).toBe(
      'Version du format de commande non prise en charge : « 4 » (versions lues : 1, 2, 3)',
    );
  });

  it('refuses a file that is not an order file', () => {
    expect(formatError(() => parseOrderExport('')).message).toBe(
      'Fichier de commande non reconnu : la première ligne doit être COMPTOIR-COMMANDE;3',
    );
    expect(formatError(() => parseOrderExport('code;libelle\r\nA;B\r\n')).line).toBe(1);
  });

  it('refuses a truncated file, wherever it was cut', () => {
    const text = serializeOrderExport(
      order({ lignes: [line(), line({ position: 2, designation: 'Sable ; 0/4\nlavé' })] }),
    );
    for (let length = 0; length < text.length - 2; length++)
      expect(() => parseOrderExport(text.slice(0, length)), `cut at ${length}`).toThrow(
        OrderExportFormatError,
      );
    expect(formatError(() => parseOrderExport(text.slice(0, text.indexOf('F;')))).message).toBe(
      'Fichier de commande tronqué : enregistrement de fin (F) absent',
    );
  });

  it('refuses a lost line', () => {
    const text = serializeOrderExport(order({ lignes: [line(), line({ position: 2 })] }));
    const lines = text.split('\r\n');
    lines.splice(2, 1);
    expect(formatError(() => parseOrderExport(lines.join('\r\n'))).message).toBe(
      'Fichier de commande incohérent : 2 lignes annoncées, 1 lues',
    );
  });

  it('refuses a control total that does not match', () => {
    const text = serializeOrderExport(order()).replace('F;1;101.48', 'F;1;101.49');
    expect(formatError(() => parseOrderExport(text)).message).toBe(
      'Fichier de commande incohérent : total des lignes HT annoncé 101.49, calculé 101.48',
    );
  });

  it('names the line and field of a malformed record', () => {
    const valid = serializeOrderExport(order());
    const error = formatError(() => parseOrderExport(valid.replace(';12.0000;', ';12,5;')));
    expect(error.message).toBe(
      'Ligne 3, champ quantite : nombre à 4 décimales séparées par un point attendu, lu « 12,5 »',
    );
    expect(error.line).toBe(3);
    expect(formatError(() => parseOrderExport(valid.replace(/\r\nL;[^\r]*/, '\r\nL;1;X'))).message).toBe(
      'Ligne 3 : ligne de commande (L) : 19 champs attendus, 3 lus',
    );
    expect(formatError(() => parseOrderExport(valid.replace('\r\nF;', '\r\nX;'))).message).toMatch(
      /^Ligne 4 : type d'enregistrement inconnu « X »/,
    );
    expect(
      formatError(() => parseOrderExport(valid.replace('Carte bancaire', 'Carte "bancaire"'))).message,
    ).toBe("Ligne 2 : guillemet dans un champ qui n'est pas entre guillemets");
    expect(formatError(() => parseOrderExport(valid + 'L;2\r\n')).message).toBe(
      "Ligne 5 : contenu après l'enregistrement de fin (F)",
    );
  });

  it('refuses values the contract refuses', () => {
    const text = serializeOrderExport(order()).replace(';VAL;', ';ATT;');
    expect(formatError(() => parseOrderExport(text)).message).toBe(
      'Fichier de commande invalide : typePanier : commande validée attendue (TER ou VAL)',
    );
  });

  it('refuses to write an order it could not read back exactly', () => {
    expect(formatError(() => serializeOrderExport(order({ montantHT: 10.005 }))).message).toBe(
      'Commande non exportable : montantHT : 2 décimales au maximum',
    );
    expect(
      formatError(() => serializeOrderExport(order({ lignes: [line({ quantite: 1.00001 })] }))).message,
    ).toBe('Commande non exportable : lignes.0.quantite : 4 décimales au maximum');
    expect(formatError(() => serializeOrderExport(order({ typePanier: 'ATT' as 'VAL' }))).message).toBe(
      'Commande non exportable : typePanier : commande validée attendue (TER ou VAL)',
    );
    expect(formatError(() => serializeOrderExport(order({ date: '2024-03-05 14:30' }))).message).toBe(
      'Commande non exportable : date : date et heure attendues au format AAAA-MM-JJTHH:MM:SS+HH:MM',
    );
  });
});

describe('docs/export-commande.md', () => {
  const doc = readFileSync(new URL('../../../../docs/export-commande.md', import.meta.url), 'utf8');

  it('documents the current version', () => {
    expect(doc).toContain(`# Order export file — format version ${EXPORT_FORMAT_VERSION}`);
    expect(doc).toContain(`\`COMPTOIR-COMMANDE;${EXPORT_FORMAT_VERSION}\``);
  });

  it('lists every field of every record, in file order', () => {
    const table = (heading: string) => {
      const section = doc.slice(doc.indexOf(heading));
      const rows = section.slice(0, section.indexOf('\n\n', section.indexOf('| ---'))).split('\n');
      return rows.filter((row) => /^\| \d+ \|/.test(row)).map((row) => row.split('|')[2]?.trim());
    };
    expect(table('### E —')).toEqual(['type', ...EXPORT_RECORD_FIELDS.E]);
    expect(table('### L —')).toEqual(['type', ...EXPORT_RECORD_FIELDS.L]);
    expect(table('### F —')).toEqual(['type', ...EXPORT_RECORD_FIELDS.F]);
  });

  it('shows an example the parser reads and the writer writes identically', () => {
    const example = /```text\n([\s\S]*?)```/.exec(doc)?.[1] ?? '';
    const parsed = parseOrderExport(example);
    expect(parsed.lignes).toHaveLength(3);
    expect(serializeOrderExport(parsed)).toBe(
      example.replaceAll('\n', '\r\n').replace(/"[^"]*"/g, (quoted) => quoted.replaceAll('\r\n', '\n')),
    );
  });
});

describe('exportFileName', () => {
  it('is commande-<numero>.txt, safe on any filesystem', () => {
    expect(exportFileName({ numero: 'BC001042' })).toBe('commande-BC001042.txt');
    expect(exportFileName({ numero: '../Édition 2/3' })).toBe('commande-___Edition_2_3.txt');
    fc.assert(
      fc.property(fc.string({ minLength: 1, maxLength: 300, unit: 'grapheme' }), (numero) => {
        expect(exportFileName({ numero })).toMatch(/^commande-[A-Za-z0-9_-]{1,100}\.txt$/);
      }),
    );
  });
});

describe('toParisIsoDateTime', () => {
  it('writes Paris time with its offset, winter and summer', () => {
    expect(toParisIsoDateTime(new Date('2024-03-05T13:30:00Z'))).toBe('2024-03-05T14:30:00+01:00');
    expect(toParisIsoDateTime(new Date('2024-07-14T22:15:09.999Z'))).toBe('2024-07-15T00:15:09+02:00');
    // The last second before the switch to summer time, and the first after.
    expect(toParisIsoDateTime(Date.UTC(2024, 2, 31, 0, 59, 59) / 1000)).toBe('2024-03-31T01:59:59+01:00');
    expect(toParisIsoDateTime(Date.UTC(2024, 2, 31, 1, 0, 0) / 1000)).toBe('2024-03-31T03:00:00+02:00');
  });

  it('names the same moment (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 4_102_444_800 }), (seconds) => {
        expect(Date.parse(toParisIsoDateTime(seconds))).toBe(seconds * 1000);
      }),
    );
  });
});

// ---------------------------------------------------------------- generated orders

// Texts mixing the characters the format must escape with any others.
const tricky = fc.constantFrom(
  ';',
  '"',
  '""',
  '\r\n',
  '\n',
  '\r',
  ' ',
  'é',
  'Œ',
  '€',
  '’',
  '\uFEFF',
  '🧱',
  ',',
);
const anyText = fc
  .array(fc.oneof(fc.string({ unit: 'grapheme', maxLength: 6 }), tricky), { maxLength: 8 })
  .map((parts) => parts.join(''));
const nullableText = fc.option(anyText, { nil: null });
const code = fc.stringMatching(/^[A-Z0-9][A-Z0-9._-]{0,11}$/);
const fixed = (decimals: number, max: number) =>
  fc.integer({ min: -max * 10 ** decimals, max: max * 10 ** decimals }).map((n) => n / 10 ** decimals);
const isoDateTime = fc.integer({ min: 0, max: 4_102_444_800 }).map((seconds) => toParisIsoDateTime(seconds));

const lineArbitrary = fc.record({
  position: fc.integer({ min: 1, max: 10_000 }),
  codeArticle: code,
  codeDeclinaison: fc.oneof(fc.constant(''), code),
  designation: anyText,
  quantite: fixed(4, 100_000),
  unite: anyText,
  prixUnitaireHT: fixed(4, 1_000_000),
  montantHT: fixed(2, 100_000_000),
  tauxTVA: fc.constantFrom(0, 2.1, 5.5, 10, 20),
  chantier: nullableText,
  nbPieces: fc.option(fc.integer({ min: 1, max: 9999 }), { nil: null }),
  longueur: fc.option(fixed(3, 100), { nil: null }),
  largeur: fc.option(fixed(3, 100), { nil: null }),
  hauteur: fc.option(fixed(3, 100), { nil: null }),
  diametre: fc.option(fixed(3, 2000), { nil: null }),
  densite: fc.option(fixed(3, 25_000), { nil: null }),
  contenance: fc.option(fixed(3, 100_000), { nil: null }),
  poids: fc.option(fixed(3, 100_000), { nil: null }),
});

const orderArbitrary: fc.Arbitrary<OrderExport> = fc.record({
  id: fc.integer({ min: 1, max: Number.MAX_SAFE_INTEGER }),
  numero: code,
  date: isoDateTime,
  refClient: nullableText,
  webCdeId: nullableText,
  codeClient: code,
  libelleClient: anyText,
  codeAgence: code,
  typePanier: fc.constantFrom('TER' as const, 'VAL' as const),
  libelleModeReglement: nullableText,
  adresseLivraison: fc.record({
    libelle: nullableText,
    ligne1: nullableText,
    ligne2: nullableText,
    codePostal: nullableText,
    ville: nullableText,
    zone: nullableText,
  }),
  transporteur: nullableText,
  fraisPort: fixed(2, 100_000),
  montantHT: fixed(2, 100_000_000),
  montantTVA: fc.option(fixed(2, 100_000_000), { nil: null }),
  montantTTC: fc.option(fixed(2, 100_000_000), { nil: null }),
  sequenceExport: fc.nat({ max: 1000 }),
  dateExport: isoDateTime,
  contact: fc.record({ nom: nullableText, email: nullableText, telephone: nullableText }),
  adresseFacturation: fc.record({
    ligne1: nullableText,
    ligne2: nullableText,
    codePostal: nullableText,
    ville: nullableText,
  }),
  versionCGV: fc.option(fc.integer({ min: 1, max: 100_000 }), { nil: null }),
  lignes: fc.array(lineArbitrary, { maxLength: 12 }),
});
