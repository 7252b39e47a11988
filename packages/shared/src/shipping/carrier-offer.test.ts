import { CARRIER_OPTIONS, CARRIER_PARAMS, mergeCarrierOffer } from './carrier-offer';

describe('mergeCarrierOffer', () => {
  it('offers the catalogue when no carrier holds anything else', () => {
    expect(mergeCarrierOffer([])).toEqual({ params: CARRIER_PARAMS, options: CARRIER_OPTIONS });
    expect(mergeCarrierOffer([{ params: [CARRIER_PARAMS[0]!], options: [CARRIER_OPTIONS[0]!] }])).toEqual({
      params: CARRIER_PARAMS,
      options: CARRIER_OPTIONS,
    });
  });

  it('adds what carriers hold beyond it, once, by label', () => {
    const offer = mergeCarrierOffer([
      {
        params: [
          { LIB: 'Urgent', VAL: 'URGENT' },
          // Same VAL as the catalogue: the catalogue's label wins.
          { LIB: 'Hayon', VAL: 'HAYON' },
        ],
        options: [{ nom: 'Portée', valeur: '12 m' }],
      },
      {
        params: [
          { LIB: 'Astreinte', VAL: 'ASTREINTE' },
          { LIB: 'Urgent', VAL: 'URGENT' },
        ],
        options: [
          { nom: 'Portée', valeur: '12 m' },
          { nom: 'Délai', valeur: '5 jours' },
        ],
      },
    ]);
    expect(offer.params).toEqual([
      ...CARRIER_PARAMS,
      { LIB: 'Astreinte', VAL: 'ASTREINTE' },
      { LIB: 'Urgent', VAL: 'URGENT' },
    ]);
    expect(offer.options).toEqual([
      ...CARRIER_OPTIONS,
      { nom: 'Délai', valeur: '5 jours' },
      { nom: 'Portée', valeur: '12 m' },
    ]);
  });

  it('has no duplicate in the catalogue', () => {
    expect(new Set(CARRIER_PARAMS.map((p) => p.VAL)).size).toBe(CARRIER_PARAMS.length);
    expect(new Set(CARRIER_OPTIONS.map((o) => `${o.nom}=${o.valeur}`)).size).toBe(CARRIER_OPTIONS.length);
  });
});
