import { screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import type { Agence } from '@comptoir/shared/reference';
import type { SalesPlanFamily } from '@comptoir/shared/sales-plan';
import type {
  Forfait,
  ForfaitsTransportResponse,
  Tranche,
  Transporteur,
  TypeForfait,
  Zone,
} from '@comptoir/shared/shipping/contract';
import type { ShippingFeeResult } from '@comptoir/shared/shipping/fee-contract';
import { mockFetch, renderWithProviders } from '../../../../test/render';
import { ShippingFeesPage } from './shipping-fees-page';

const ZONES: Zone[] = [
  { id: 1, libelle: 'Zone 1 - Proximité' },
  { id: 2, libelle: 'Zone 2 - Agglomération' },
];
const AGENCES: Agence[] = [
  { code_agence: 'GRE', libelle_agence: 'Grenoble' },
  { code_agence: 'LYO', libelle_agence: 'Lyon Gerland' },
];
const PLAN: SalesPlanFamily[] = [
  { codeFamille: '01', libelleFamille: 'Gros œuvre', nbArt: 10, niveau: 1, codeParent: null },
  { codeFamille: '0105', libelleFamille: 'Granulats', nbArt: 4, niveau: 2, codeParent: '01' },
];
const TRANCHES: Tranche[] = [
  { id: 1, libelle: 'De 0 à 100 kg', debut: 0, unique: false, interval: null },
  { id: 4, libelle: 'Plus de 2 t', debut: 2000, unique: true, interval: 1000 },
];
const CARRIERS: Transporteur[] = [
  {
    id: 2,
    nom: 'Camion grue',
    logo: null,
    description: null,
    etat: true,
    position: 1,
    tracking_url: null,
    id_forfait_transport: null,
    params: [],
    options: [],
    retrait: false,
  },
];

const band = (t: Tranche) => ({
  id: t.id,
  libelle: t.libelle,
  debut_tranche: t.debut,
  tranche_unique: t.unique,
  tranche_interval: t.interval,
});

const forfait = (id: number, patch: Partial<Forfait> = {}): Forfait => ({
  id,
  montant: 12,
  franco: 800,
  tranche: band(TRANCHES[0]!),
  zone: { id: 1, libelle: 'Zone 1 - Proximité' },
  categorie: null,
  agence: null,
  ...patch,
});

const SCHEDULE: ForfaitsTransportResponse = {
  sans_agence: [
    {
      zone: { id: 1, libelle: 'Zone 1 - Proximité' },
      categorie: null,
      forfaits: [forfait(1), forfait(2, { tranche: band(TRANCHES[1]!), montant: 45, franco: -5 })],
    },
    {
      zone: null,
      categorie: { code_famille: '0105', libelle_famille: null },
      forfaits: [
        forfait(3, {
          zone: null,
          tranche: null,
          montant: -3,
          categorie: { code_famille: '0105', libelle_famille: null },
        }),
      ],
    },
  ],
  agences: [
    {
      agence: { code_agence: 'XXX', libelle_agence: null },
      groupes: [
        {
          zone: { id: 9, libelle: null },
          categorie: null,
          forfaits: [
            forfait(4, {
              zone: { id: 9, libelle: null },
              agence: { code_agence: 'XXX', libelle_agence: null },
            }),
          ],
        },
      ],
    },
  ],
};

const SIMULATION: ShippingFeeResult = {
  typeForfait: 'poids',
  fee: 24,
  parts: [
    {
      forfaitId: 1,
      level: 'default',
      zoneMatch: 'exact',
      agencyCode: null,
      familyCode: null,
      zoneId: 1,
      lineIndexes: [0],
      measure: 40,
      amountHt: 120,
      band: {
        trancheId: 1,
        libelle: 'De 0 à 100 kg',
        debut: 0,
        progressive: false,
        interval: null,
        belowFirstBand: false,
      },
      montant: 24,
      intervals: 1,
      franco: 800,
      francoApplied: false,
      fee: 24,
      sentence:
        'Forfait n°1 (par défaut, zone Zone 1 - Proximité) : tranche « De 0 à 100 kg » (dès 0 kg), 40 kg → 24,00 €',
    },
  ],
  unpriced: false,
  unpricedLineIndexes: [],
  notes: ['Forfait n°3 ignoré : Tranche incorrecte'],
  summary: 'Frais de port : 24,00 €',
};

type Handlers = Parameters<typeof mockFetch>[0];

function setup({
  type = 'poids',
  schedule = SCHEDULE,
  handlers = {},
}: {
  type?: TypeForfait | null;
  schedule?: ForfaitsTransportResponse;
  handlers?: Handlers;
} = {}) {
  const mock = mockFetch({
    'GET /service/typeForfaitTransport': { body: { typeForfait: type } },
    'GET /service/forfaitsTransport': { body: schedule },
    'GET /service/zones': { body: ZONES },
    'GET /service/agences': { body: AGENCES },
    'GET /service/planVente': { body: PLAN },
    'GET /service/tranches': { body: TRANCHES },
    'GET /service/transporteurs': { body: CARRIERS },
    ...handlers,
  });
  return { ...mock, ...renderWithProviders(<ShippingFeesPage />) };
}

const callsTo = (fetchMock: ReturnType<typeof mockFetch>['fetchMock'], method: string, path: string) =>
  fetchMock.mock.calls
    .filter(
      ([input, init]) =>
        (init?.method ?? 'GET') === method && new URL(String(input), 'http://x').pathname === path,
    )
    .map(([, init]) => (init?.body ? (JSON.parse(String(init.body)) as unknown) : undefined));

const NOTIFICATION = '.mantine-Notification-description';
// The text is matched as Testing Library normalises the page's: any space (a no-break one too) as ' '.
const toast = (text: string | RegExp) =>
  screen.findByText(typeof text === 'string' ? text.replace(/\s+/g, ' ') : text, { selector: NOTIFICATION });

async function pick(user: UserEvent, scope: HTMLElement, label: string | RegExp, option: string | RegExp) {
  await user.click(within(scope).getByRole('combobox', { name: label }));
  await user.click(await screen.findByRole('option', { name: option }));
}

const feeForm = () => screen.getByRole('form', { name: 'Ajouter un forfait' });

describe('ShippingFeesPage — existing fees', () => {
  it('shows the fees without agency first, then per agency, with placeholders and negatives as 0', async () => {
    setup();
    const defaults = await screen.findByRole('region', { name: 'Valeurs par défaut (toutes agences)' });
    const agency = screen.getByRole('region', { name: 'Agence : Agence incorrecte' });
    expect(defaults.compareDocumentPosition(agency) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();

    const zone1 = within(defaults).getByRole('table', {
      name: 'Valeurs par défaut (toutes agences) — Zone : Zone 1 - Proximité',
    });
    expect(within(zone1).getByText('De 0 à 100 kg')).toBeInTheDocument();
    expect(within(zone1).getByText('dès 2 000 Kg, par 1 000 Kg entamé')).toBeInTheDocument();
    expect(within(zone1).getByRole('textbox', { name: 'Montant du forfait n°1' })).toHaveValue('12,00');
    expect(within(zone1).getByRole('textbox', { name: 'Franco du forfait n°2' })).toHaveValue('0,00');

    const family = within(defaults).getByRole('table', {
      name: 'Valeurs par défaut (toutes agences) — Zone : Zone incorrecte — Plan de vente : Plan de vente incorrect',
    });
    expect(within(family).getByText('Tranche incorrecte')).toBeInTheDocument();
    expect(within(family).getByRole('textbox', { name: 'Montant du forfait n°3' })).toHaveValue('0,00');
    expect(within(agency).getByText('Zone : Zone incorrecte')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^valider/ })).not.toBeInTheDocument();
  });

  it("shows 'Pas de forfait existant' when there is none", async () => {
    setup({ schedule: { sans_agence: [], agences: [] } });
    expect(await screen.findByText('Pas de forfait existant')).toBeInTheDocument();
  });

  it("toasts 'Error fetching forfaits transport' and 'Error fetching typeForfait' when they fail", async () => {
    setup({
      handlers: {
        'GET /service/forfaitsTransport': { status: 500, body: { message: 'Erreur critique' } },
        'GET /service/typeForfaitTransport': { status: 500, body: { message: 'Erreur critique' } },
      },
    });
    expect(await toast('Error fetching forfaits transport')).toBeInTheDocument();
    expect(await toast('Error fetching typeForfait')).toBeInTheDocument();
  });

  it("shows 'valider' once a row is edited and saves the row with it", async () => {
    const { user, fetchMock } = setup({
      handlers: {
        'POST /service/forfaitTransport': ({ init }) => ({
          body: forfait(1, { montant: (JSON.parse(String(init?.body)) as Forfait).montant }),
        }),
      },
    });
    const montant = await screen.findByRole('textbox', { name: 'Montant du forfait n°1' });
    await user.clear(montant);
    await user.type(montant, '14,5');
    const valider = screen.getByRole('button', { name: 'valider le forfait n°1' });
    expect(valider).toHaveTextContent('valider');
    expect(screen.getAllByRole('button', { name: /^valider/ })).toHaveLength(1);
    await user.click(valider);
    await waitFor(() => expect(callsTo(fetchMock, 'POST', '/service/forfaitTransport')).toHaveLength(1));
    expect(callsTo(fetchMock, 'POST', '/service/forfaitTransport')[0]).toEqual({
      id: 1,
      tranche: { id: 1 },
      montant: 14.5,
      franco: 800,
      zone: { id: 1 },
      categorie: null,
      agence: null,
    });
    expect(await toast('Forfait enregistré')).toBeInTheDocument();
  });

  it("refuses to save a row with missing links, with the seed's first message and no call", async () => {
    const { user, fetchMock } = setup();
    const montant = await screen.findByRole('textbox', { name: 'Montant du forfait n°3' });
    await user.clear(montant);
    await user.type(montant, '5');
    await user.click(screen.getByRole('button', { name: 'valider le forfait n°3' }));
    // Its family has no zone, and it has no band: the zone message comes first (docs/contract/shipping-fees.md
    // gives the order of the checks).
    expect(
      await toast('Forfait non valide : la zone est obligatoire si un plan de vente a été saisi'),
    ).toBeInTheDocument();
    expect(callsTo(fetchMock, 'POST', '/service/forfaitTransport')).toHaveLength(0);
  });

  it('refuses a negative amount or franco in a row: the field says it, the sign stays, nothing is sent', async () => {
    const { user, fetchMock } = setup();
    const montant = await screen.findByRole('textbox', { name: 'Montant du forfait n°1' });
    await user.clear(montant);
    await user.type(montant, '-5');
    // The sign is kept as typed (it used to be dropped silently, turning -5 into 5) and the field says why.
    expect(montant).toHaveValue('-5');
    expect(montant).toHaveAccessibleDescription('Forfait non valide : le montant ne peut pas être négatif');
    await user.click(screen.getByRole('button', { name: 'valider le forfait n°1' }));
    expect(await toast('Forfait non valide : le montant ne peut pas être négatif')).toBeInTheDocument();

    const franco = screen.getByRole('textbox', { name: 'Franco du forfait n°1' });
    await user.clear(montant);
    await user.type(montant, '12');
    await user.clear(franco);
    await user.type(franco, '-10{Enter}');
    expect(franco).toHaveValue('-10');
    expect(franco).toHaveAccessibleDescription('Forfait non valide : le franco ne peut pas être négatif');
    expect(await toast('Forfait non valide : le franco ne peut pas être négatif')).toBeInTheDocument();
    expect(callsTo(fetchMock, 'POST', '/service/forfaitTransport')).toHaveLength(0);
  });

  it("deletes a fee after confirmation ('Forfait supprimé') and toasts a failure", async () => {
    const { user, fetchMock } = setup({
      handlers: {
        'DELETE /service/forfaitTransport/2': { body: { message: 'Forfait supprimé' } },
        'DELETE /service/forfaitTransport/1': { status: 500, body: { message: 'Erreur critique' } },
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Supprimer le forfait n°2' }));
    let dialog = await screen.findByRole('dialog', { name: 'Supprimer le forfait' });
    expect(
      within(dialog).getByText('Supprimer le forfait n°2 (tranche « Plus de 2 t ») ?'),
    ).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Supprimer' }));
    expect(await toast('Forfait supprimé')).toBeInTheDocument();
    expect(callsTo(fetchMock, 'DELETE', '/service/forfaitTransport/2')).toHaveLength(1);

    await user.click(screen.getByRole('button', { name: 'Supprimer le forfait n°1' }));
    dialog = await screen.findByRole('dialog', { name: 'Supprimer le forfait' });
    await user.click(within(dialog).getByRole('button', { name: 'Supprimer' }));
    expect(await toast('Error deleting forfaitTransport')).toBeInTheDocument();
  });
});

describe('ShippingFeesPage — the fee form', () => {
  it('refuses an incomplete forfait with the server’s messages and sends nothing', async () => {
    const { user, fetchMock } = setup();
    await screen.findByRole('region', { name: 'Valeurs par défaut (toutes agences)' });
    const form = feeForm();
    const ajouter = within(form).getByRole('button', { name: 'AJOUTER' });

    await user.click(ajouter);
    expect(await toast('Forfait non valide : la tranche est obligatoire')).toBeInTheDocument();

    await pick(user, form, 'Tranche', /^De 0 à 100 kg/);
    await user.click(ajouter);
    expect(await toast('Forfait non valide : le montant est obligatoire')).toBeInTheDocument();

    await pick(user, form, 'Plan de vente', /Granulats/);
    await user.type(within(form).getByRole('textbox', { name: 'Montant (€)' }), '20');
    await user.click(ajouter);
    expect(
      await toast('Forfait non valide : la zone est obligatoire si un plan de vente a été saisi'),
    ).toBeInTheDocument();
    expect(callsTo(fetchMock, 'POST', '/service/forfaitTransport')).toHaveLength(0);
  });

  it('refuses a negative amount or franco: the field says it, the sign stays, nothing is sent', async () => {
    const { user, fetchMock } = setup();
    await screen.findByRole('region', { name: 'Valeurs par défaut (toutes agences)' });
    const form = feeForm();
    await pick(user, form, 'Tranche', /^De 0 à 100 kg/);
    const montant = within(form).getByRole('textbox', { name: 'Montant (€)' });
    const franco = within(form).getByRole('textbox', { name: 'Franco (€)' });

    await user.type(montant, '-5');
    expect(montant).toHaveValue('-5');
    expect(montant).toHaveAccessibleDescription('Forfait non valide : le montant ne peut pas être négatif');
    await user.tab();
    // Leaving the field neither drops the sign nor clamps to 0 without a word.
    expect(montant).toHaveValue('-5');
    await user.click(within(form).getByRole('button', { name: 'AJOUTER' }));
    expect(await toast('Forfait non valide : le montant ne peut pas être négatif')).toBeInTheDocument();

    await user.clear(montant);
    await user.type(montant, '5');
    expect(montant).not.toHaveAccessibleDescription();
    await user.type(franco, '-10{Enter}');
    expect(franco).toHaveValue('-10');
    expect(franco).toHaveAccessibleDescription('Forfait non valide : le franco ne peut pas être négatif');
    expect(await toast('Forfait non valide : le franco ne peut pas être négatif')).toBeInTheDocument();
    expect(callsTo(fetchMock, 'POST', '/service/forfaitTransport')).toHaveLength(0);
  });

  it("shows the server's 'Forfait déjà existant' and keeps the criteria", async () => {
    const { user } = setup({
      handlers: {
        'POST /service/forfaitTransport': { status: 409, body: { message: 'Forfait déjà existant' } },
      },
    });
    await screen.findByRole('region', { name: 'Valeurs par défaut (toutes agences)' });
    const form = feeForm();
    await pick(user, form, 'Zone', 'Zone 1 - Proximité');
    await pick(user, form, 'Tranche', /^De 0 à 100 kg/);
    await user.type(within(form).getByRole('textbox', { name: 'Montant (€)' }), '12');
    await user.click(within(form).getByRole('button', { name: 'AJOUTER' }));
    expect(await toast('Forfait déjà existant')).toBeInTheDocument();
    expect(within(form).getByRole('combobox', { name: 'Zone' })).toHaveValue('Zone 1 - Proximité');
  });

  it('adds a forfait with the Enter key and clears the criteria', async () => {
    const { user, fetchMock } = setup({
      handlers: { 'POST /service/forfaitTransport': { body: forfait(99) } },
    });
    await screen.findByRole('region', { name: 'Valeurs par défaut (toutes agences)' });
    const form = feeForm();
    await pick(user, form, 'Agence', 'Lyon Gerland (LYO)');
    await pick(user, form, 'Zone', 'Zone 2 - Agglomération');
    await pick(user, form, 'Plan de vente', /Granulats/);
    await pick(user, form, 'Tranche', /^Plus de 2 t/);
    await user.type(within(form).getByRole('textbox', { name: 'Franco (€)' }), '1500');
    await user.type(within(form).getByRole('textbox', { name: 'Montant (€)' }), '29,90{Enter}');
    await waitFor(() => expect(callsTo(fetchMock, 'POST', '/service/forfaitTransport')).toHaveLength(1));
    expect(callsTo(fetchMock, 'POST', '/service/forfaitTransport')[0]).toEqual({
      tranche: { id: 4 },
      montant: 29.9,
      franco: 1500,
      zone: { id: 2 },
      categorie: { code_famille: '0105' },
      agence: { code_agence: 'LYO' },
    });
    await waitFor(() => expect(within(form).getByRole('textbox', { name: 'Montant (€)' })).toHaveValue(''));
    for (const name of ['Agence', 'Zone', 'Plan de vente', 'Tranche'])
      expect(within(form).getByRole('combobox', { name })).toHaveValue('');
  });

  it('reads an amount typed with a decimal point, and says what is wrong with one that does not read', async () => {
    const { user, fetchMock } = setup({
      handlers: { 'POST /service/forfaitTransport': { body: forfait(99) } },
    });
    await screen.findByRole('region', { name: 'Valeurs par défaut (toutes agences)' });
    const form = feeForm();
    await pick(user, form, 'Tranche', /^Plus de 2 t/);
    const montant = within(form).getByRole('textbox', { name: 'Montant (€)' });
    await user.type(montant, '99999999999');
    await user.tab();
    expect(montant).toHaveAccessibleDescription(
      'Forfait non valide : le montant doit être au plus 100\u202f000\u202f000,00\u00a0€',
    );
    await user.click(within(form).getByRole('button', { name: 'AJOUTER' }));
    expect(
      await toast('Forfait non valide : le montant doit être au plus 100\u202f000\u202f000,00\u00a0€'),
    ).toBeInTheDocument();
    await user.clear(montant);
    await user.type(montant, '12.5.3');
    expect(montant).toHaveAccessibleDescription(/^Un seul séparateur décimal/);
    await user.click(within(form).getByRole('button', { name: 'AJOUTER' }));
    expect(
      await toast(/^Forfait non valide : montant illisible \(un seul séparateur décimal/),
    ).toBeInTheDocument();
    expect(callsTo(fetchMock, 'POST', '/service/forfaitTransport')).toHaveLength(0);

    await user.clear(montant);
    await user.type(montant, '12.5{Enter}');
    await waitFor(() => expect(callsTo(fetchMock, 'POST', '/service/forfaitTransport')).toHaveLength(1));
    expect(callsTo(fetchMock, 'POST', '/service/forfaitTransport')[0]).toMatchObject({ montant: 12.5 });
  });

  it('hides the sales-plan selector when the plan has no family', async () => {
    setup({ handlers: { 'GET /service/planVente': { body: [] } } });
    await screen.findByRole('region', { name: 'Valeurs par défaut (toutes agences)' });
    await waitFor(() =>
      expect(within(feeForm()).getByRole('combobox', { name: 'Zone' })).toBeInTheDocument(),
    );
    expect(within(feeForm()).queryByRole('combobox', { name: 'Plan de vente' })).not.toBeInTheDocument();
  });
});

describe('ShippingFeesPage — tranches', () => {
  it('opens "Ajouter une tranche": Kg for weight, Progressive reveals Interval, the new tranche is selected', async () => {
    const created: Tranche = { id: 12, libelle: 'Plus de 5 t', debut: 5000, unique: true, interval: 500 };
    const { user, fetchMock } = setup({ handlers: { 'POST /service/tranche': { body: created } } });
    await screen.findByRole('region', { name: 'Valeurs par défaut (toutes agences)' });
    await user.click(within(feeForm()).getByRole('button', { name: 'Ajouter Tranche' }));
    const dialog = await screen.findByRole('dialog', { name: 'Ajouter une tranche' });
    expect(within(dialog).getByRole('textbox', { name: /^Début \(Kg\)/ })).toBeInTheDocument();
    expect(within(dialog).queryByRole('textbox', { name: /^Interval/ })).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('checkbox', { name: /Progressive/ }));
    const interval = within(dialog).getByRole('textbox', { name: /^Interval \(Kg\)/ });

    // Checked before sending: a progressive tranche needs its interval.
    await user.type(within(dialog).getByRole('textbox', { name: /^Libellé/ }), 'Plus de 5 t');
    await user.type(within(dialog).getByRole('textbox', { name: /^Début/ }), '5000');
    await user.click(within(dialog).getByRole('button', { name: 'Ajouter' }));
    expect(
      await within(dialog).findByText(
        "Tranche non valide : l'intervalle est obligatoire pour une tranche progressive",
      ),
    ).toBeInTheDocument();
    expect(callsTo(fetchMock, 'POST', '/service/tranche')).toHaveLength(0);

    await user.type(interval, '500');
    await user.click(within(dialog).getByRole('button', { name: 'Ajouter' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(callsTo(fetchMock, 'POST', '/service/tranche')[0]).toEqual({
      libelle: 'Plus de 5 t',
      debut: 5000,
      unique: true,
      interval: 500,
    });
    // fr-FR groups thousands with a narrow no-break space.
    const tranche = within(feeForm()).getByRole<HTMLInputElement>('combobox', { name: 'Tranche' });
    expect(tranche.value.replace(/\s/g, ' ')).toBe('Plus de 5 t (dès 5 000 Kg, par 500 Kg entamé)');
  });

  it('refuses a negative start or interval as typed, sending nothing', async () => {
    const { user, fetchMock } = setup();
    await screen.findByRole('region', { name: 'Valeurs par défaut (toutes agences)' });
    await user.click(within(feeForm()).getByRole('button', { name: 'Ajouter Tranche' }));
    const dialog = await screen.findByRole('dialog', { name: 'Ajouter une tranche' });
    await user.type(within(dialog).getByRole('textbox', { name: /^Libellé/ }), 'Négative');
    const start = within(dialog).getByRole('textbox', { name: /^Début/ });
    await user.type(start, '-100');
    expect(start).toHaveValue('-100');
    expect(start).toHaveAccessibleDescription(
      'Tranche non valide : le début doit être un nombre positif ou nul',
    );
    await user.click(within(dialog).getByRole('checkbox', { name: /Progressive/ }));
    const interval = within(dialog).getByRole('textbox', { name: /^Interval/ });
    await user.type(interval, '-50');
    expect(interval).toHaveValue('-50');
    expect(interval).toHaveAccessibleDescription(
      "Tranche non valide : l'intervalle est obligatoire pour une tranche progressive",
    );
    await user.click(within(dialog).getByRole('button', { name: 'Ajouter' }));
    expect(screen.getByRole('dialog', { name: 'Ajouter une tranche' })).toBeInTheDocument();
    expect(callsTo(fetchMock, 'POST', '/service/tranche')).toHaveLength(0);
  });

  it("uses € for the 'montant' fee type and toasts 'Error posting tranche' on failure", async () => {
    const { user } = setup({
      type: 'montant',
      handlers: { 'POST /service/tranche': { status: 500, body: { message: 'Erreur critique' } } },
    });
    await screen.findByRole('region', { name: 'Valeurs par défaut (toutes agences)' });
    await waitFor(() =>
      expect(within(feeForm()).getByRole('button', { name: 'Ajouter Tranche' })).toBeEnabled(),
    );
    await user.click(within(feeForm()).getByRole('button', { name: 'Ajouter Tranche' }));
    const dialog = await screen.findByRole('dialog', { name: 'Ajouter une tranche' });
    await user.type(within(dialog).getByRole('textbox', { name: /^Libellé/ }), 'Dès 2 000 €');
    await user.type(within(dialog).getByRole('textbox', { name: /^Début \(€\)/ }), '2000');
    await user.click(within(dialog).getByRole('button', { name: 'Ajouter' }));
    expect(await toast('Error posting tranche')).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Ajouter une tranche' })).toBeInTheDocument();
  });
});

describe('ShippingFeesPage — fee type', () => {
  it('changes the fee type after confirmation and offers the reset once a type is set', async () => {
    const { user, fetchMock } = setup({
      handlers: {
        'POST /service/setTypeForfaitTransport': { body: { typeForfait: 'montant' } },
        'DELETE /service/resetForfaitTransport': {
          body: { message: 'Tous les forfaits de transport ont été supprimés' },
        },
      },
    });
    const panel = await screen.findByRole('region', { name: 'Type de forfait' });
    expect(await within(panel).findByText('Poids (kg)')).toBeInTheDocument();

    await user.click(within(panel).getByRole('button', { name: 'Changer de type' }));
    let dialog = await screen.findByRole('dialog', { name: 'Changer de type de forfait de transport' });
    expect(within(dialog).getByRole('radio', { name: 'Poids (kg)' })).toBeChecked();
    await user.click(within(dialog).getByRole('radio', { name: 'Montant (€ HT)' }));
    await user.click(within(dialog).getByRole('button', { name: 'Valider' }));
    await waitFor(() => expect(within(panel).getByText('Montant (€ HT)')).toBeInTheDocument());
    expect(callsTo(fetchMock, 'POST', '/service/setTypeForfaitTransport')).toEqual([
      { typeForfait: 'montant' },
    ]);

    await user.click(
      within(panel).getByRole('button', { name: "Supprimer l'ensemble des forfaits existants" }),
    );
    dialog = await screen.findByRole('dialog', { name: 'Supprimer tous les forfaits de transport' });
    await user.click(within(dialog).getByRole('button', { name: 'Tout supprimer' }));
    expect(await toast('Tous les forfaits de transport ont été supprimés')).toBeInTheDocument();
    expect(callsTo(fetchMock, 'DELETE', '/service/resetForfaitTransport')).toHaveLength(1);
  });

  it('hides the reset while no fee type is set', async () => {
    setup({ type: null, schedule: { sans_agence: [], agences: [] } });
    const panel = await screen.findByRole('region', { name: 'Type de forfait' });
    expect(await within(panel).findByText('Aucun type de forfait de transport défini')).toBeInTheDocument();
    expect(
      within(panel).queryByRole('button', { name: "Supprimer l'ensemble des forfaits existants" }),
    ).not.toBeInTheDocument();
  });
});

describe('ShippingFeesPage — simulator', () => {
  it('sends the cart and shows the fee with its explanation', async () => {
    const { user, fetchMock } = setup({
      handlers: { 'POST /service/forfaitTransport/simulation': { body: SIMULATION } },
    });
    const simulator = await screen.findByRole('form', { name: 'Simulateur' });
    await pick(user, simulator, 'Agence du client', 'Lyon Gerland (LYO)');
    await pick(user, simulator, 'Zone de livraison', 'Zone 1 - Proximité');
    await pick(user, simulator, 'Transporteur', 'Camion grue');
    const line1 = within(simulator).getByRole('group', { name: 'Ligne 1' });
    await pick(user, line1, 'Plan de vente', /Granulats/);
    await user.type(within(line1).getByRole('textbox', { name: 'Poids (kg)' }), '40');
    await user.type(within(line1).getByRole('textbox', { name: 'Montant (€ HT)' }), '120');
    await user.click(within(simulator).getByRole('button', { name: 'Ajouter une ligne' }));
    const line2 = within(simulator).getByRole('group', { name: 'Ligne 2' });
    await user.type(within(line2).getByRole('textbox', { name: 'Poids (kg)' }), '2,5');
    await user.click(within(simulator).getByRole('button', { name: 'Simuler' }));

    const result = await screen.findByRole('region', { name: 'Résultat de la simulation' });
    expect(within(result).getByText('24,00 €')).toBeInTheDocument();
    expect(within(result).getByText(SIMULATION.parts[0]!.sentence)).toBeInTheDocument();
    expect(within(result).getByText('Forfait n°3 ignoré : Tranche incorrecte')).toBeInTheDocument();
    expect(callsTo(fetchMock, 'POST', '/service/forfaitTransport/simulation')[0]).toEqual({
      agencyCode: 'LYO',
      zoneId: 1,
      carrierId: 2,
      lines: [
        { familyCode: '0105', weightKg: 40, amountHt: 120 },
        { familyCode: null, weightKg: 2.5, amountHt: 0 },
      ],
    });
  });

  it('refuses a negative weight or amount under its field and simulates nothing', async () => {
    const { user, fetchMock } = setup();
    const simulator = await screen.findByRole('form', { name: 'Simulateur' });
    const line1 = within(simulator).getByRole('group', { name: 'Ligne 1' });
    const weight = within(line1).getByRole('textbox', { name: 'Poids (kg)' });
    const amount = within(line1).getByRole('textbox', { name: 'Montant (€ HT)' });
    await user.type(weight, '-40');
    await user.type(amount, '-120');
    expect(weight).toHaveValue('-40');
    expect(weight).toHaveAccessibleDescription('Le poids ne peut pas être négatif');
    expect(amount).toHaveValue('-120');
    expect(amount).toHaveAccessibleDescription('Le montant ne peut pas être négatif');
    await user.click(within(simulator).getByRole('button', { name: 'Simuler' }));
    expect(callsTo(fetchMock, 'POST', '/service/forfaitTransport/simulation')).toHaveLength(0);
    expect(screen.queryByRole('region', { name: 'Résultat de la simulation' })).not.toBeInTheDocument();
  });

  it("says 'Aucun forfait applicable' when nothing prices the cart", async () => {
    const { user } = setup({
      handlers: {
        'POST /service/forfaitTransport/simulation': {
          body: {
            ...SIMULATION,
            fee: 0,
            parts: [],
            unpriced: true,
            unpricedLineIndexes: [0],
            notes: ['Aucun forfait applicable pour la ligne 1'],
            summary: 'Aucun forfait applicable',
          },
        },
      },
    });
    const simulator = await screen.findByRole('form', { name: 'Simulateur' });
    await user.click(within(simulator).getByRole('button', { name: 'Simuler' }));
    const result = await screen.findByRole('region', { name: 'Résultat de la simulation' });
    expect(within(result).getAllByText('Aucun forfait applicable').length).toBeGreaterThan(0);
    expect(within(result).getByText('Aucun forfait applicable pour la ligne 1')).toBeInTheDocument();
  });
});
