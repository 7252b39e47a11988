import { SETTING_DEFAULTS, SETTING_KEYS } from './domain';
import {
  AGENCY_MODE_LABELS,
  CONNECTION_FIELDS,
  CONNECTION_SETTING_KEYS,
  CONNECTION_SETTINGS_MESSAGES,
  connectionSettingsIssues,
  parametresConnexion,
  parametresConnexionBody,
  type ParametresConnexion,
} from './connection-settings';

const defaults = Object.fromEntries(
  CONNECTION_FIELDS.map((field) => [field, SETTING_DEFAULTS[CONNECTION_SETTING_KEYS[field]]]),
) as ParametresConnexion;

it('maps every field to a connection, encours or agency setting key, each once', () => {
  const keys = Object.values(CONNECTION_SETTING_KEYS);
  expect(new Set(keys).size).toBe(keys.length);
  expect(keys).toContain(SETTING_KEYS.agenceDefautTarif);
  expect(keys.every((key) => /^(connexion|encours|agence)\./.test(key))).toBe(true);
});

it('accepts the defaults as they are', () => {
  expect(parametresConnexion.parse(defaults)).toEqual(defaults);
  expect(connectionSettingsIssues(defaults)).toEqual([]);
});

it("reads a blank code in a body as none ('Aucune agence')", () => {
  const body = parametresConnexionBody.parse({
    ...defaults,
    agenceDefautTarif: '',
    visiteurCodeClient: '  ',
  });
  expect(body.agenceDefautTarif).toBeNull();
  expect(body.visiteurCodeClient).toBeNull();
});

it('labels the modes as the admin_liste choices do', () => {
  expect(AGENCY_MODE_LABELS).toEqual({
    client: 'Agence du client',
    choix: 'Agence choisie par le client',
    defaut: 'Agence de tarif par défaut',
  });
});

describe('connectionSettingsIssues', () => {
  it("requires a default agency in the 'defaut' mode only", () => {
    expect(connectionSettingsIssues({ ...defaults, modeSelectionAgence: 'defaut' })).toEqual([
      { champ: 'agenceDefautTarif', message: CONNECTION_SETTINGS_MESSAGES.defaultAgencyRequired },
    ]);
    expect(connectionSettingsIssues({ ...defaults, modeSelectionAgence: 'choix' })).toEqual([]);
    expect(
      connectionSettingsIssues({ ...defaults, modeSelectionAgence: 'defaut', agenceDefautTarif: 'ANN' }),
    ).toEqual([]);
  });

  it('requires the temporary customer profile when temporary accounts are on', () => {
    expect(connectionSettingsIssues({ ...defaults, anonymousAccount: '1' })).toEqual([
      { champ: 'typeClientTemporaire', message: CONNECTION_SETTINGS_MESSAGES.temporaryTypeRequired },
    ]);
    expect(
      connectionSettingsIssues({ ...defaults, anonymousAccount: '1', typeClientTemporaire: 'PAR' }),
    ).toEqual([]);
  });

  it('refuses a profile chosen twice', () => {
    expect(connectionSettingsIssues({ ...defaults, anonymousParametrages: ['ART', 'PAR', 'ART'] })).toEqual([
      { champ: 'anonymousParametrages', message: CONNECTION_SETTINGS_MESSAGES.duplicateProfile('ART') },
    ]);
  });
});
