import {
  dayBucketCode,
  defaultPeriod,
  hoursOfDay,
  isoWeek,
  parisDay,
  parisMidnight,
  periodLimitError,
  QUICK_PERIODS,
  quickPeriod,
  statisticsBuckets,
  statisticsCsv,
  statisticsQuery,
  statisticsRows,
  statisticsTotals,
} from './statistics';

const zero = { connexions: 0, commandes: 0, ca: 0, premiereco: 0 };

describe('Paris days and hours', () => {
  it('finds midnight in Paris in winter and summer', () => {
    expect(new Date(parisMidnight('2026-01-15')).toISOString()).toBe('2026-01-14T23:00:00.000Z');
    expect(new Date(parisMidnight('2026-07-15')).toISOString()).toBe('2026-07-14T22:00:00.000Z');
    expect(new Date(parisMidnight('2026-03-29')).toISOString()).toBe('2026-03-28T23:00:00.000Z');
    expect(new Date(parisMidnight('2026-10-26')).toISOString()).toBe('2026-10-25T23:00:00.000Z');
  });

  it('gives the Paris day of an instant around midnight', () => {
    expect(parisDay(Date.parse('2026-11-15T22:59:59Z'))).toBe('2026-11-15');
    expect(parisDay(Date.parse('2026-11-15T23:00:00Z'))).toBe('2026-11-16');
  });

  it('has 23 hours on 29/03/2026, 25 on 25/10/2026, 24 otherwise', () => {
    expect(hoursOfDay('2026-03-29')).toHaveLength(23);
    expect(hoursOfDay('2026-10-25')).toHaveLength(25);
    expect(hoursOfDay('2026-11-16')).toHaveLength(24);
  });
});

describe('statisticsBuckets', () => {
  it('lists the hours of a day, labelled in Paris time', () => {
    const buckets = statisticsBuckets('2026-11-16', '2026-11-16', 'heure');
    expect(buckets).toHaveLength(24);
    expect(buckets[0]).toEqual({ code: '2026-11-16T00:00+01:00', libelle: '16/11/2026 00h' });
    expect(buckets[23]).toEqual({ code: '2026-11-16T23:00+01:00', libelle: '16/11/2026 23h' });
  });

  it('skips 02h on the spring change and tells the two 02h apart in autumn', () => {
    const spring = statisticsBuckets('2026-03-29', '2026-03-29', 'heure').map((b) => b.libelle);
    expect(spring).toHaveLength(23);
    expect(spring.slice(1, 3)).toEqual(['29/03/2026 01h', '29/03/2026 03h']);
    const autumn = statisticsBuckets('2026-10-25', '2026-10-25', 'heure');
    expect(autumn).toHaveLength(25);
    expect(autumn.slice(2, 4)).toEqual([
      { code: '2026-10-25T02:00+02:00', libelle: "25/10/2026 02h (heure d'été)" },
      { code: '2026-10-25T02:00+01:00', libelle: "25/10/2026 02h (heure d'hiver)" },
    ]);
  });

  it('lists days', () => {
    expect(statisticsBuckets('2026-02-27', '2026-03-01', 'jour')).toEqual([
      { code: '2026-02-27', libelle: '27/02/2026' },
      { code: '2026-02-28', libelle: '28/02/2026' },
      { code: '2026-03-01', libelle: '01/03/2026' },
    ]);
  });

  it('lists ISO weeks labelled by their Monday, partial ones included', () => {
    expect(statisticsBuckets('2026-11-18', '2026-11-30', 'semaine')).toEqual([
      { code: '2026-W47', libelle: 'Semaine 47 (16/11/2026)' },
      { code: '2026-W48', libelle: 'Semaine 48 (23/11/2026)' },
      { code: '2026-W49', libelle: 'Semaine 49 (30/11/2026)' },
    ]);
  });

  it('numbers ISO weeks across the new year', () => {
    expect(isoWeek('2026-12-31')).toEqual({ year: 2026, week: 53 });
    expect(isoWeek('2027-01-03')).toEqual({ year: 2026, week: 53 });
    expect(isoWeek('2027-01-04')).toEqual({ year: 2027, week: 1 });
    expect(isoWeek('2024-12-30')).toEqual({ year: 2025, week: 1 });
    expect(dayBucketCode('2024-12-30', 'semaine')).toBe('2025-W01');
  });

  it('lists months in French', () => {
    expect(statisticsBuckets('2026-11-20', '2027-02-03', 'mois').map((b) => b.libelle)).toEqual([
      'novembre 2026',
      'décembre 2026',
      'janvier 2027',
      'février 2027',
    ]);
  });
});

describe('statisticsRows and totals', () => {
  it('sums figures into their bucket, keeps empty buckets, rounds and averages', () => {
    const buckets = statisticsBuckets('2026-11-16', '2026-11-29', 'semaine');
    const rows = statisticsRows(buckets, [
      ['2026-W47', { connexions: 3, commandes: 2, ca: 100.005, premiereco: 1 }],
      ['2026-W47', { connexions: 1, commandes: 1, ca: 50, premiereco: 0 }],
      ['2026-W50', { connexions: 9, commandes: 9, ca: 9, premiereco: 9 }],
    ]);
    expect(rows).toEqual([
      {
        code: '2026-W47',
        libelle: 'Semaine 47 (16/11/2026)',
        connexions: 4,
        commandes: 3,
        ca: 150.01,
        camoyen: 50,
        premiereco: 1,
      },
      { code: '2026-W48', libelle: 'Semaine 48 (23/11/2026)', ...zero, camoyen: 0 },
    ]);
    expect(statisticsTotals(rows)).toEqual({
      connexions: 4,
      commandes: 3,
      ca: 150.01,
      camoyen: 50,
      premiereco: 1,
    });
  });
});

describe('statisticsQuery', () => {
  const base = { dateDebut: '2026-11-01', dateFin: '2026-11-30', echelle: 'jour' };
  const error = (input: object) => {
    const result = statisticsQuery.safeParse(input);
    return result.success ? null : result.error.issues[0]!.message;
  };

  it('reads repeated agencies, one agency, or none', () => {
    expect(statisticsQuery.parse({ ...base, 'agences[]': ['A', 'B'] })['agences[]']).toEqual(['A', 'B']);
    expect(statisticsQuery.parse({ ...base, 'agences[]': 'A' })['agences[]']).toEqual(['A']);
    expect(statisticsQuery.parse({ ...base, client: '' })).toEqual({ ...base, 'agences[]': [] });
  });

  it('refuses missing, impossible and inverted dates, unknown scales, too long periods', () => {
    expect(error({ ...base, dateDebut: undefined })).toBe('Date de début obligatoire');
    expect(error({ ...base, dateDebut: ' ' })).toBe('Date de début obligatoire');
    expect(error({ ...base, dateDebut: '01/11/2026' })).toBe(
      'Date de début invalide : une date au format AAAA-MM-JJ est attendue',
    );
    expect(error({ ...base, dateFin: 20261130 })).toBe(
      'Date de fin invalide : une date au format AAAA-MM-JJ est attendue',
    );
    expect(error({ ...base, dateFin: '2026-02-30' })).toBe("La date de fin 2026-02-30 n'existe pas");
    expect(error({ ...base, dateDebut: '1999-12-31' })).toBe(
      'Date de début entre le 01/01/2000 et le 31/12/2099 attendue',
    );
    expect(error({ ...base, dateDebut: '2026-12-01' })).toBe('La date de début doit précéder la date de fin');
    expect(error({ ...base, echelle: 'minute' })).toBe('echelle : heure, jour, semaine ou mois attendu');
    expect(error({ ...base, echelle: 'heure' })).toBeNull();
    expect(error({ ...base, dateFin: '2026-12-02', echelle: 'heure' })).toBe(
      "Période trop longue pour l'échelle « heure » : 31 jours au maximum",
    );
    expect(periodLimitError('2024-01-01', '2026-12-31', 'jour')).toBeNull();
    expect(periodLimitError('2024-01-01', '2027-01-01', 'jour')).toMatch(/3 ans au maximum/);
  });
});

describe('quick periods', () => {
  // Wednesday 18 November 2026.
  const today = '2026-11-18';
  it('sets the dates and scale of each button', () => {
    expect(QUICK_PERIODS.map((key) => quickPeriod(key, today))).toEqual([
      { dateDebut: '2026-11-18', dateFin: '2026-11-18', echelle: 'heure' },
      { dateDebut: '2026-11-16', dateFin: '2026-11-18', echelle: 'jour' },
      { dateDebut: '2026-11-01', dateFin: '2026-11-18', echelle: 'semaine' },
      { dateDebut: '2026-01-01', dateFin: '2026-11-18', echelle: 'mois' },
      { dateDebut: '2026-11-17', dateFin: '2026-11-17', echelle: 'heure' },
      { dateDebut: '2026-11-09', dateFin: '2026-11-15', echelle: 'jour' },
      { dateDebut: '2026-10-01', dateFin: '2026-10-31', echelle: 'semaine' },
      { dateDebut: '2025-01-01', dateFin: '2025-12-31', echelle: 'mois' },
    ]);
  });

  it('handles a Monday, the 1st of January and March', () => {
    expect(quickPeriod('semaine', '2026-11-16')).toMatchObject({ dateDebut: '2026-11-16' });
    expect(quickPeriod('semainePrecedente', '2026-11-16')).toMatchObject({
      dateDebut: '2026-11-09',
      dateFin: '2026-11-15',
    });
    expect(quickPeriod('moisPrecedent', '2027-01-01')).toMatchObject({
      dateDebut: '2026-12-01',
      dateFin: '2026-12-31',
    });
    expect(quickPeriod('moisPrecedent', '2028-03-10')).toMatchObject({
      dateDebut: '2028-02-01',
      dateFin: '2028-02-29',
    });
  });

  it('defaults to the last 30 days by day', () => {
    expect(defaultPeriod(today)).toEqual({ dateDebut: '2026-10-20', dateFin: '2026-11-18', echelle: 'jour' });
  });
});

describe('statisticsCsv', () => {
  it('writes a BOM, French headers, semicolons and decimal commas', () => {
    const csv = statisticsCsv([
      {
        code: '2026-11',
        libelle: 'novembre 2026',
        connexions: 12,
        commandes: 3,
        ca: 1234.5,
        camoyen: 411.5,
        premiereco: 1,
      },
    ]);
    expect(csv).toBe(
      "\uFEFFCode;Libellé;Connexions;Commandes;Chiffre d'affaires HT;Panier moyen HT;Premières connexions\r\n" +
        '2026-11;novembre 2026;12;3;1234,50;411,50;1\r\n',
    );
  });
});
