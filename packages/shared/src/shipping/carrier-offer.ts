// The parameters and options the carrier form offers (GET /service/transporteur/options): a
// building-materials distributor's usual delivery services, written once here. The server adds the ones
// carriers already hold (mergeCarrierOffer), so that editing a carrier never hides what it has.
import type { CarrierOption, CarrierParam, TransporteurOptions } from './contract';

/** Parameters: what the delivery can do on site (LIB shown, VAL stored and sent to the ERP). */
export const CARRIER_PARAMS: readonly CarrierParam[] = [
  { LIB: 'Livraison sur chantier', VAL: 'CHANTIER' },
  { LIB: 'Hayon élévateur', VAL: 'HAYON' },
  { LIB: 'Déchargement grue', VAL: 'GRUE' },
  { LIB: 'Chariot embarqué', VAL: 'CHARIOT' },
  { LIB: 'Accès poids lourd vérifié', VAL: 'ACCES_PL' },
  { LIB: 'Avis de passage par SMS', VAL: 'SMS' },
];

/** Options: a name and its value, shown to the customer with the carrier. */
export const CARRIER_OPTIONS: readonly CarrierOption[] = [
  { nom: 'Prise de rendez-vous', valeur: 'RDV' },
  { nom: 'Livraison le samedi', valeur: 'SAMEDI' },
  { nom: 'Créneau', valeur: 'Matin' },
  { nom: 'Créneau', valeur: 'Après-midi' },
  { nom: 'Délai', valeur: '24 h' },
  { nom: 'Délai', valeur: '48 h' },
  { nom: 'Délai', valeur: '72 h' },
];

const byText = (a: string, b: string) => a.localeCompare(b, 'fr');

/**
 * The offer: the constants above, then what carriers hold beyond them (by label), without
 * duplicates. A parameter is identified by its VAL, an option by its name and value.
 */
export function mergeCarrierOffer(
  held: readonly { params: readonly CarrierParam[]; options: readonly CarrierOption[] }[],
): TransporteurOptions {
  const params = new Map(CARRIER_PARAMS.map((p) => [p.VAL, p]));
  const extraParams = new Map<string, CarrierParam>();
  const optionKey = (o: CarrierOption) => JSON.stringify([o.nom, o.valeur]);
  const options = new Map(CARRIER_OPTIONS.map((o) => [optionKey(o), o]));
  const extraOptions = new Map<string, CarrierOption>();
  for (const carrier of held) {
    for (const p of carrier.params)
      if (!params.has(p.VAL) && !extraParams.has(p.VAL)) extraParams.set(p.VAL, { LIB: p.LIB, VAL: p.VAL });
    for (const o of carrier.options)
      if (!options.has(optionKey(o)) && !extraOptions.has(optionKey(o)))
        extraOptions.set(optionKey(o), { nom: o.nom, valeur: o.valeur });
  }
  return {
    params: [...params.values(), ...[...extraParams.values()].sort((a, b) => byText(a.LIB, b.LIB))],
    options: [
      ...options.values(),
      ...[...extraOptions.values()].sort((a, b) => byText(a.nom, b.nom) || byText(a.valeur, b.valeur)),
    ],
  };
}
