import { screen, within } from '@testing-library/react';
import { Route, Routes, useParams } from '../../../../lib/router';
import { NO_SESSION, type Me } from '@comptoir/shared/auth';
import type { FicheArticle } from '@comptoir/shared/catalogue';
import { mockFetch, renderWithProviders } from '../../../../test/render';
import { ProductPageView } from './product-page';

const customer: Me = { login: 'durand', role: 'client', codeClient: 'C000001' };
const emptyCart = { lignes: [], totalHT: 0, totalTVA: 0, totalTTC: 0, nbLignes: 0 };
const normalise = (text: string) => text.replace(/\s+/g, ' ');

const base: FicheArticle = {
  codeArticle: 'PEI1',
  designation1: 'Peinture mate 10 l',
  designation2: 'Acrylique',
  description: 'Murs et plafonds.',
  famille: { code: 'FI0101', libelle: 'Peintures intérieures', lien: '/catalogue/FI0101' },
  fil: [
    { code: 'FI', libelle: 'Finitions', lien: '/catalogue/FI' },
    { code: 'FI0101', libelle: 'Peintures intérieures', lien: '/catalogue/FI0101' },
  ],
  image: '/images/articles/PEI1.svg',
  prixHT: 50,
  prixTTC: 60,
  tauxTVA: 20,
  libUnitTarif: 'Pot',
  libUnitStock: 'Pot',
  libUnitPrepa: 'Unité',
  vente: { decimales: 0, minimum: null, multiple: null, delaiCommande: 10 },
  mesures: [{ nom: 'contenance', libelle: 'Contenance', valeur: 10, unite: 'l' }],
  attributs: [{ nom: 'Marque', valeur: 'Tollens' }],
  affichageStock: 'all',
  STOCK: { INFO_STOCK: 'enStock', NB_STOCK: 30 },
  INTERRO_STOCK: null,
  declinaisons: [
    {
      HIDDEN_CODE_DECLINAISON: 'BL-S',
      designation: 'Blanc satiné',
      OPTIONS_REGPT: { COULEUR: 'Blanc', FINITION: 'Satiné' },
      prixHT: 50,
      prixTTC: 60,
      STOCK: { INFO_STOCK: 'enStock', NB_STOCK: 30 },
      INTERRO_STOCK: 'https://stock.example/q?a=PEI1&d=BL-S',
    },
    {
      HIDDEN_CODE_DECLINAISON: 'GR-M',
      designation: 'Gris mat',
      OPTIONS_REGPT: { COULEUR: 'Gris', FINITION: 'Mat' },
      prixHT: 55,
      prixTTC: 66,
      STOCK: { INFO_STOCK: 'indisponible', NB_STOCK: 0 },
      INTERRO_STOCK: null,
    },
  ],
  regroupement: null,
};

function ProductRoute() {
  const { code = '' } = useParams();
  return <ProductPageView code={code} />;
}
const renderAt = (route: string) =>
  renderWithProviders(
    <Routes>
      <Route path="/article/:code" element={<ProductRoute />} />
    </Routes>,
    { route },
  );

describe('ProductPageView', () => {
  it('shows the product and lets the customer choose a declinaison and add it to the cart', async () => {
    const posted: unknown[] = [];
    mockFetch({
      'GET /auth/me': { body: customer },
      'GET /catalogue/articles/PEI1': { body: base },
      'GET /rest/panier': { body: emptyCart },
      'POST /rest/panier/lignes': ({ init }) => {
        posted.push(JSON.parse(String(init?.body)));
        return { body: emptyCart };
      },
    });
    const { user } = renderAt('/article/PEI1');

    expect(await screen.findByRole('heading', { level: 1, name: 'Peinture mate 10 l' })).toBeInTheDocument();
    const breadcrumb = screen.getByRole('navigation', { name: "Fil d'Ariane" });
    expect(within(breadcrumb).getByRole('link', { name: 'Peintures intérieures' })).toHaveAttribute(
      'href',
      '/catalogue/FI0101',
    );
    expect(within(breadcrumb).getByText('Peinture mate 10 l')).toHaveAttribute('aria-current', 'page');
    const picture = screen.getByRole('img', { name: 'Peinture mate 10 l' });
    expect(picture).toHaveAttribute('src', '/images/articles/PEI1.svg');
    // The page's main picture: sized before it arrives, fetched first.
    expect(picture).toHaveAttribute('width', '560');
    expect(picture).toHaveAttribute('height', '420');
    expect(picture).toHaveAttribute('loading', 'eager');
    expect(picture).toHaveAttribute('fetchpriority', 'high');
    expect(screen.getByText('Réf. PEI1')).toBeInTheDocument();
    expect(screen.getByText('50,00 € HT / Pot', { normalizer: normalise })).toBeInTheDocument();
    expect(screen.getByText('60,00 € TTC (TVA 20 %)', { normalizer: normalise })).toBeInTheDocument();
    expect(screen.getByRole('rowheader', { name: 'Contenance' }).nextSibling).toHaveTextContent('10 l');
    expect(screen.getByRole('rowheader', { name: 'Marque' }).nextSibling).toHaveTextContent('Tollens');
    expect(screen.getByText('Murs et plafonds.')).toBeInTheDocument();
    expect(screen.getByText('En stock (30 pots)')).toBeInTheDocument();
    // The agency's stock-query URL of the shown declinaison, in a new tab.
    expect(screen.getByRole('link', { name: /Interroger le stock de mon agence/ })).toHaveAttribute(
      'href',
      'https://stock.example/q?a=PEI1&d=BL-S',
    );

    await user.selectOptions(screen.getByLabelText('Couleur'), 'Gris');
    expect(screen.queryByRole('link', { name: /Interroger le stock/ })).not.toBeInTheDocument();
    expect(screen.getByLabelText('Finition')).toHaveValue('Mat');
    expect(screen.getByText('Indisponible')).toBeInTheDocument();
    expect(screen.getByText('55,00 € HT / Pot', { normalizer: normalise })).toBeInTheDocument();
    expect(screen.getByText('66,00 € TTC (TVA 20 %)', { normalizer: normalise })).toBeInTheDocument();

    // Unavailable, but the ERP gives the supplier's delay: it may be ordered, the delay said.
    expect(screen.getByText('Sur commande (délai 10 jours)')).toBeInTheDocument();
    await user.clear(screen.getByLabelText('Quantité'));
    await user.type(screen.getByLabelText('Quantité'), '2,5');
    await user.click(screen.getByRole('button', { name: 'Ajouter au panier' }));
    // A whole unit: raised, and said so, never silently.
    expect(await screen.findByText('Vendu à l’unité : quantité portée à 3')).toBeInTheDocument();
    expect(screen.getByLabelText('Quantité')).toHaveValue('3');
    expect(await screen.findByText('Article ajouté au panier')).toBeInTheDocument();
    expect(posted).toEqual([{ codeArticle: 'PEI1', codeDeclinaison: 'GR-M', quantite: 3 }]);
  });

  it('navigates between the articles of the regroupement, and asks a visitor to log in', async () => {
    const sibling = (code: string, poids: string) => ({
      HIDDEN_CODE_ARTICLE: code,
      designation: `Ciment ${poids}`,
      LIEN_FICHE: `/article/${code}`,
      OPTIONS_REGPT: { poids },
    });
    const regroupement = {
      id: 1,
      titre: 'Ciment gris',
      attributs: [{ propriete: 'poids', designation: 'Poids' }],
      articles: [sibling('P25', '25 kg'), sibling('P35', '35 kg')],
    };
    const product = (code: string, designation1: string): FicheArticle => ({
      ...base,
      codeArticle: code,
      designation1,
      declinaisons: [],
      affichageStock: 'picto',
      STOCK: { INFO_STOCK: 'surCommande', NB_STOCK: null },
      regroupement,
    });
    mockFetch({
      'GET /auth/me': { body: NO_SESSION },
      'GET /catalogue/articles/P25': { body: product('P25', 'Ciment 25 kg') },
      'GET /catalogue/articles/P35': { body: product('P35', 'Ciment 35 kg') },
    });
    const { user } = renderAt('/article/P25');

    expect(await screen.findByRole('heading', { level: 1, name: 'Ciment 25 kg' })).toBeInTheDocument();
    expect(screen.getByText('Sur commande')).toBeInTheDocument();
    expect(screen.queryByLabelText('Couleur')).toBeNull();
    expect(await screen.findByRole('link', { name: 'Connectez-vous pour commander' })).toHaveAttribute(
      'href',
      '/connexion?redirectTo=%2Farticle%2FP25',
    );
    expect(screen.queryByRole('button', { name: 'Ajouter au panier' })).toBeNull();

    expect(screen.getByLabelText('Poids')).toHaveValue('25 kg');
    await user.selectOptions(screen.getByLabelText('Poids'), '35 kg');
    expect(await screen.findByRole('heading', { level: 1, name: 'Ciment 35 kg' })).toBeInTheDocument();
    expect(screen.getByLabelText('Poids')).toHaveValue('35 kg');
  });

  it('says Article introuvable for an unknown article', async () => {
    mockFetch({
      'GET /auth/me': { body: customer },
      'GET /catalogue/articles/NOPE': { status: 404, body: { message: 'Article introuvable' } },
    });
    renderAt('/article/NOPE');
    expect(await screen.findByRole('heading', { level: 1, name: 'Article introuvable' })).toBeInTheDocument();
  });

  it('shows a private customer the price incl. tax first, excl. tax below, with 4 decimals as the ERP gives it', async () => {
    mockFetch({
      'GET /auth/me': { body: { ...customer, particulier: true } },
      'GET /catalogue/articles/PEI1': {
        body: { ...base, prixHT: 9.2053, prixTTC: 11.05, declinaisons: [] },
      },
      'GET /rest/panier': { body: emptyCart },
    });
    renderAt('/article/PEI1');
    const first = await screen.findByText('11,05 € TTC / Pot', { normalizer: normalise });
    const second = screen.getByText('9,2053 € HT (TVA 20 %)', { normalizer: normalise });
    expect(first.compareDocumentPosition(second) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('shows visitors the price incl. tax first when the shop sells to private customers', async () => {
    mockFetch({
      'GET /auth/me': { body: NO_SESSION },
      'GET /catalogue/acces': {
        body: { accesAnonyme: '1', prixAnonymes: '1', commandeAnonyme: '1', affichageTTC: '1' },
      },
      'GET /catalogue/articles/PEI1': { body: { ...base, declinaisons: [] } },
    });
    renderAt('/article/PEI1');
    expect(await screen.findByText('60,00 € TTC / Pot', { normalizer: normalise })).toBeInTheDocument();
    expect(screen.getByText('50,00 € HT (TVA 20 %)', { normalizer: normalise })).toBeInTheDocument();
  });
});
