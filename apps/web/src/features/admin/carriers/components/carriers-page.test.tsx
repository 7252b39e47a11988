import { screen, waitFor, within } from '@testing-library/react';
import type {
  ForfaitsTransportResponse,
  Transporteur,
  TransporteurOptions,
} from '@comptoir/shared/shipping/contract';
import { mockFetch, renderWithProviders } from '../../../../test/render';
import { CarriersPage } from './carriers-page';

const carrier = (id: number, nom: string, patch: Partial<Transporteur> = {}): Transporteur => ({
  id,
  nom,
  logo: null,
  description: `Description ${nom}`,
  etat: true,
  position: id,
  tracking_url: null,
  id_forfait_transport: null,
  params: [],
  options: [],
  retrait: false,
  ...patch,
});

const CARRIERS: Transporteur[] = [
  carrier(1, 'Comptoir Livraison', { logo: '/logos/a1.png' }),
  carrier(2, 'Camion grue', {
    id_forfait_transport: 7,
    params: [{ LIB: 'Déchargement grue', VAL: 'GRUE' }],
    options: [{ nom: 'Délai', valeur: '72 h' }],
    tracking_url: 'https://suivi.example/{numero}',
  }),
  carrier(3, 'Coursier urgent', { etat: false }),
];

const OPTIONS: TransporteurOptions = {
  params: [
    { LIB: 'Hayon élévateur', VAL: 'HAYON' },
    { LIB: 'Déchargement grue', VAL: 'GRUE' },
  ],
  options: [
    { nom: 'Délai', valeur: '48 h' },
    { nom: 'Délai', valeur: '72 h' },
  ],
};

const SCHEDULE: ForfaitsTransportResponse = {
  sans_agence: [
    {
      zone: { id: 2, libelle: 'Zone 2 - Agglomération' },
      categorie: null,
      forfaits: [
        {
          id: 7,
          montant: 25,
          franco: 0,
          tranche: {
            id: 1,
            libelle: 'De 0 à 100 kg',
            debut_tranche: 0,
            tranche_unique: false,
            tranche_interval: null,
          },
          zone: { id: 2, libelle: 'Zone 2 - Agglomération' },
          categorie: null,
          agence: null,
        },
      ],
    },
  ],
  agences: [
    {
      agence: { code_agence: 'LYO', libelle_agence: 'Lyon Gerland' },
      groupes: [
        {
          zone: { id: 1, libelle: null },
          categorie: null,
          forfaits: [
            {
              id: 9,
              montant: 12.5,
              franco: 800,
              tranche: null,
              zone: { id: 1, libelle: null },
              categorie: null,
              agence: { code_agence: 'LYO', libelle_agence: 'Lyon Gerland' },
            },
          ],
        },
      ],
    },
  ],
};

const TOAST = 'Transporteur invalide';
const NOTIFICATION = '.mantine-Notification-description';

function setup(overrides: Parameters<typeof mockFetch>[0] = {}) {
  const posted: unknown[] = [];
  const mock = mockFetch({
    'GET /service/transporteurs': { body: CARRIERS },
    'GET /service/transporteur/options': { body: OPTIONS },
    'GET /service/forfaitsTransport': { body: SCHEDULE },
    'POST /service/transporteur': ({ init }) => {
      const body = JSON.parse(String(init?.body)) as Transporteur;
      posted.push(body);
      return { body: { ...carrier(4, body.nom), ...body, id: body.id ?? 4, position: 4 } };
    },
    ...overrides,
  });
  const view = renderWithProviders(<CarriersPage />);
  return { ...mock, ...view, posted };
}

const calls = (fetchMock: ReturnType<typeof mockFetch>['fetchMock'], method: string, path: string) =>
  fetchMock.mock.calls.filter(
    ([input, init]) =>
      (init?.method ?? 'GET') === method && new URL(String(input), 'http://x').pathname === path,
  );

describe('CarriersPage', () => {
  it('lists the carriers by position with logo, etat, position and move buttons', async () => {
    setup();
    expect(await screen.findByRole('heading', { name: 'Gérez vos transporteurs' })).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: 'Transporteurs' });
    for (const header of ['Nom', 'Logo', 'Description', 'Etat', 'Position', 'Editer', 'Supprimer'])
      expect(within(table).getByRole('columnheader', { name: header })).toBeInTheDocument();
    await within(table).findByText('Comptoir Livraison');
    expect(within(table).getByRole('img', { name: 'Logo Comptoir Livraison' })).toHaveAttribute(
      'src',
      '/logos/a1.png',
    );
    expect(within(table).getByRole('checkbox', { name: 'Comptoir Livraison actif' })).toBeChecked();
    expect(within(table).getByRole('checkbox', { name: 'Coursier urgent actif' })).not.toBeChecked();
    expect(within(table).getByRole('button', { name: 'Monter Comptoir Livraison' })).toBeDisabled();
    expect(within(table).getByRole('button', { name: 'Descendre Comptoir Livraison' })).toBeEnabled();
    expect(within(table).getByRole('button', { name: 'Descendre Coursier urgent' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Ajouter un Transporteur' })).toBeInTheDocument();
  });

  it('persists the Etat checkbox at once', async () => {
    const { user, fetchMock } = setup({
      'POST /service/transporteur/3/etat': ({ init }) => ({
        body: { ...CARRIERS[2], etat: (JSON.parse(String(init?.body)) as { etat: boolean }).etat },
      }),
    });
    const box = await screen.findByRole('checkbox', { name: 'Coursier urgent actif' });
    await user.click(box);
    await waitFor(() => expect(box).toBeChecked());
    const [call] = calls(fetchMock, 'POST', '/service/transporteur/3/etat');
    expect(JSON.parse(String(call?.[1]?.body))).toEqual({ etat: true });
  });

  it('moves a carrier and shows the new order', async () => {
    const { user, fetchMock } = setup({
      'POST /service/transporteur/1/position': {
        body: [{ ...CARRIERS[1], position: 1 }, { ...CARRIERS[0], position: 2 }, CARRIERS[2]],
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Descendre Comptoir Livraison' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Monter Camion grue' })).toBeDisabled());
    expect(screen.getByRole('button', { name: 'Monter Comptoir Livraison' })).toBeEnabled();
    const [call] = calls(fetchMock, 'POST', '/service/transporteur/1/position');
    expect(JSON.parse(String(call?.[1]?.body))).toEqual({ direction: 'down' });
  });

  it('toasts a failed toggle', async () => {
    const { user } = setup({ 'POST /service/transporteur/1/etat': { status: 500, body: { message: 'x' } } });
    await user.click(await screen.findByRole('checkbox', { name: 'Comptoir Livraison actif' }));
    expect(await screen.findByText('Error posting transporteur')).toBeInTheDocument();
  });

  it('deletes a carrier after confirmation', async () => {
    const { user, fetchMock } = setup({
      'DELETE /service/transporteur/2': { body: { message: 'Transporteur supprimé' } },
    });
    await user.click(await screen.findByRole('button', { name: 'Supprimer Camion grue' }));
    const dialog = await screen.findByRole('dialog', { name: 'Supprimer le transporteur' });
    expect(within(dialog).getByText('Supprimer le transporteur « Camion grue » ?')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Supprimer' }));
    expect(await screen.findByText('Transporteur supprimé')).toBeInTheDocument();
    expect(calls(fetchMock, 'DELETE', '/service/transporteur/2')).toHaveLength(1);
  });

  it('toasts a failed delete', async () => {
    const { user } = setup({ 'DELETE /service/transporteur/2': { status: 500, body: { message: 'x' } } });
    await user.click(await screen.findByRole('button', { name: 'Supprimer Camion grue' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Supprimer' }));
    expect(await screen.findByText('Error deleting transporteur')).toBeInTheDocument();
  });

  it('adds a carrier through the 3 steps, with a logo, a forfait, parameters and options', async () => {
    const { user, posted, fetchMock } = setup({
      'POST /service/transporteur/logo/upload': { body: { logo: '/logos/abc.png' } },
    });
    await user.click(await screen.findByRole('button', { name: 'Ajouter un Transporteur' }));
    const dialog = await screen.findByRole('dialog', { name: 'Ajouter un Transporteur' });

    // Step 0: no name → refused, nothing sent; the field says what is wrong, until it is typed.
    await user.click(within(dialog).getByRole('button', { name: 'Suivant' }));
    expect(await screen.findByText(TOAST, { selector: NOTIFICATION })).toBeInTheDocument();
    const name = within(dialog).getByRole('textbox', { name: /^Nom/ });
    expect(name).toHaveAttribute('aria-invalid', 'true');
    expect(within(dialog).getByText('Le nom du transporteur est obligatoire')).toBeInTheDocument();

    await user.type(name, 'Transports Alpins');
    expect(name).not.toHaveAttribute('aria-invalid');
    expect(within(dialog).queryByText('Le nom du transporteur est obligatoire')).not.toBeInTheDocument();
    await user.type(within(dialog).getByRole('textbox', { name: 'Description' }), 'Savoie et Isère');
    // The kit's file input: its label, then the chosen file's name.
    const logoField = within(dialog).getByRole('button', { name: /^Logo/ });
    expect(logoField).toHaveTextContent('Choisir une image…');
    const png = new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'logo.png', { type: 'image/png' });
    await user.upload(dialog.querySelector<HTMLInputElement>('input[type="file"]')!, png);
    expect(await within(dialog).findByRole('img', { name: 'Aperçu du logo' })).toHaveAttribute(
      'src',
      '/logos/abc.png',
    );
    expect(logoField).toHaveTextContent('logo.png');
    const upload = calls(fetchMock, 'POST', '/service/transporteur/logo/upload')[0];
    expect((upload?.[1]?.body as FormData).get('logo')).toBeInstanceOf(File);
    await user.type(
      within(dialog).getByRole('textbox', { name: /URL de suivi/ }),
      'https://suivi.example/{{numero}',
    );
    await user.click(within(dialog).getByRole('checkbox', { name: /Retrait en agence/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Suivant' }));

    // Step 1: one forfait by radio, with id, amount, band and zone (placeholders for missing links).
    const radio = await within(dialog).findByRole('radio', { name: 'Forfait n°7' });
    const forfaits = within(dialog).getByRole('table', { name: 'Forfait de transport' });
    expect(within(forfaits).getByText('25,00 €')).toBeInTheDocument();
    expect(within(forfaits).getByText('De 0 à 100 kg')).toBeInTheDocument();
    expect(within(forfaits).getByText('Zone 2 - Agglomération')).toBeInTheDocument();
    expect(within(forfaits).getByText('Tranche incorrecte')).toBeInTheDocument();
    expect(within(forfaits).getByText('Zone incorrecte')).toBeInTheDocument();
    expect(within(dialog).getByRole('radio', { name: 'Aucun forfait' })).toBeChecked();
    await user.click(radio);
    await user.click(within(dialog).getByRole('button', { name: 'Suivant' }));

    // Step 2: parameters and options; the button now reads Ajouter.
    await user.click(await within(dialog).findByRole('checkbox', { name: 'Hayon élévateur (HAYON)' }));
    await user.click(within(dialog).getByRole('checkbox', { name: 'Délai : 48 h' }));
    expect(within(dialog).queryByRole('button', { name: 'Suivant' })).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Ajouter' }));

    await waitFor(() => expect(posted).toHaveLength(1));
    expect(posted[0]).toEqual({
      id: null,
      nom: 'Transports Alpins',
      description: 'Savoie et Isère',
      logo: '/logos/abc.png',
      tracking_url: 'https://suivi.example/{numero}',
      id_forfait_transport: 7,
      etat: true,
      position: null,
      params: [{ LIB: 'Hayon élévateur', VAL: 'HAYON' }],
      options: [{ nom: 'Délai', valeur: '48 h' }],
      retrait: true,
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('shows a refused logo on the field and keeps none', async () => {
    const errorSpy = vi.spyOn(console, 'error').mockImplementation(() => {});
    const { user } = setup({
      'POST /service/transporteur/logo/upload': {
        status: 400,
        body: { message: 'Logo refusé : seuls les fichiers PNG, JPEG ou WebP sont acceptés' },
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Ajouter un Transporteur' }));
    const dialog = await screen.findByRole('dialog');
    await user.upload(
      dialog.querySelector<HTMLInputElement>('input[type="file"]')!,
      new File(['x'], 'logo.png', { type: 'image/png' }),
    );
    expect(
      await within(dialog).findByText('Logo refusé : seuls les fichiers PNG, JPEG ou WebP sont acceptés'),
    ).toBeInTheDocument();
    expect(within(dialog).queryByRole('img')).not.toBeInTheDocument();
    expect(errorSpy).toHaveBeenCalled();
    errorSpy.mockRestore();
  });

  it('Annuler goes back to step 0 and forgets the draft', async () => {
    const { user, posted } = setup();
    await user.click(await screen.findByRole('button', { name: 'Ajouter un Transporteur' }));
    let dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByRole('textbox', { name: /^Nom/ }), 'Brouillon');
    await user.click(within(dialog).getByRole('button', { name: 'Suivant' }));
    await within(dialog).findByRole('radio', { name: 'Aucun forfait' });
    await user.click(within(dialog).getByRole('button', { name: 'Annuler' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await user.click(screen.getByRole('button', { name: 'Ajouter un Transporteur' }));
    dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByRole('textbox', { name: /^Nom/ })).toHaveValue('');
    expect(within(dialog).getByRole('button', { name: 'Suivant' })).toBeInTheDocument();
    expect(posted).toHaveLength(0);
  });

  it('says under each field what is wrong with it, and only there', async () => {
    const { user, posted } = setup();
    await user.click(await screen.findByRole('button', { name: 'Ajouter un Transporteur' }));
    const dialog = await screen.findByRole('dialog', { name: 'Ajouter un Transporteur' });
    const name = within(dialog).getByRole('textbox', { name: /^Nom/ });
    const tracking = within(dialog).getByRole('textbox', { name: /URL de suivi/ });
    await user.click(name);
    await user.paste('N'.repeat(300));
    await user.type(tracking, 'suivi');
    await user.click(within(dialog).getByRole('button', { name: 'Suivant' }));
    expect(await within(dialog).findByText('Le nom ne peut dépasser 100 caractères')).toBeInTheDocument();
    expect(
      within(dialog).getByText(
        'L’URL de suivi doit commencer par http:// ou https:// et ne contenir aucun espace',
      ),
    ).toBeInTheDocument();
    expect(within(dialog).queryByText(TOAST)).not.toBeInTheDocument();
    // The name corrected: its message goes, the URL's stays.
    await user.clear(name);
    await user.type(name, 'Transports Alpins');
    expect(within(dialog).queryByText('Le nom ne peut dépasser 100 caractères')).not.toBeInTheDocument();
    expect(tracking).toHaveAttribute('aria-invalid', 'true');
    expect(posted).toHaveLength(0);
  });

  it("refuses an invalid tracking URL with 'Transporteur invalide' and sends nothing", async () => {
    const { user, posted } = setup();
    await user.click(await screen.findByRole('button', { name: 'Editer Camion grue' }));
    const dialog = await screen.findByRole('dialog', { name: 'Modifier le transporteur « Camion grue »' });
    const tracking = within(dialog).getByRole('textbox', { name: /URL de suivi/ });
    await user.clear(tracking);
    await user.type(tracking, 'pas une adresse');
    await user.click(within(dialog).getByRole('button', { name: 'Suivant' }));
    expect(await screen.findByText(TOAST, { selector: NOTIFICATION })).toBeInTheDocument();
    expect(tracking).toHaveAttribute('aria-invalid', 'true');
    expect(posted).toHaveLength(0);
  });

  it('edits a carrier: the form starts from it and posts its id', async () => {
    const { user, posted } = setup();
    await user.click(await screen.findByRole('button', { name: 'Editer Camion grue' }));
    const dialog = await screen.findByRole('dialog', { name: 'Modifier le transporteur « Camion grue »' });
    const name = within(dialog).getByRole('textbox', { name: /^Nom/ });
    expect(name).toHaveValue('Camion grue');
    expect(within(dialog).getByRole('textbox', { name: /URL de suivi/ })).toHaveValue(
      'https://suivi.example/{numero}',
    );
    await user.clear(name);
    await user.type(name, 'Camion grue 12 m');
    await user.click(within(dialog).getByRole('button', { name: 'Suivant' }));
    expect(await within(dialog).findByRole('radio', { name: 'Forfait n°7' })).toBeChecked();
    await user.click(within(dialog).getByRole('button', { name: 'Suivant' }));
    expect(await within(dialog).findByRole('checkbox', { name: 'Déchargement grue (GRUE)' })).toBeChecked();
    expect(within(dialog).getByRole('checkbox', { name: 'Délai : 72 h' })).toBeChecked();
    await user.click(within(dialog).getByRole('button', { name: 'Ajouter' }));
    await waitFor(() => expect(posted).toHaveLength(1));
    expect(posted[0]).toMatchObject({ id: 2, nom: 'Camion grue 12 m', id_forfait_transport: 7, position: 2 });
  });

  it("toasts 'Error posting transporteur' when the save fails", async () => {
    const { user } = setup({
      'POST /service/transporteur': { status: 500, body: { message: 'Erreur critique' } },
    });
    await user.click(await screen.findByRole('button', { name: 'Ajouter un Transporteur' }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByRole('textbox', { name: /^Nom/ }), 'X');
    for (let step = 0; step < 2; step++)
      await user.click(within(dialog).getByRole('button', { name: 'Suivant' }));
    await user.click(await within(dialog).findByRole('button', { name: 'Ajouter' }));
    expect(await screen.findByText('Error posting transporteur')).toBeInTheDocument();
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });
});
