// The cart and checkout answers the cart's and checkout's component tests start from: one line of
// cement, one delivery address in Lyon, pickup at the agency; each test overrides what it is about.
import type { Cart, CartLine, CheckoutOptions, DeliveryAddress } from '@comptoir/shared/cart';

export const cartLine = (values: Partial<CartLine> = {}): CartLine => ({
  id: 1,
  codeArticle: 'CIM',
  codeDeclinaison: '',
  designation: 'Ciment 35 kg',
  lien: '/article/CIM',
  quantite: 2,
  unite: 'Sac',
  prixUnitaireHT: 10,
  montantHT: 20,
  tauxTVA: 20,
  chantier: null,
  decoupe: null,
  aRevoir: null,
  vente: { decimales: 0, minimum: null, multiple: null, delaiCommande: null },
  disponibilite: null,
  ...values,
});

/** Two sacks of cement at 10 € HT. */
export const cementCart: Cart = { lignes: [cartLine()], totalHT: 20, totalTVA: 4, totalTTC: 24, nbLignes: 1 };

export const deliveryAddress = (values: Partial<DeliveryAddress> = {}): DeliveryAddress => ({
  id: 5,
  libelle: 'Dépôt',
  ligne1: '1 rue du Port',
  ligne2: null,
  codePostal: '69007',
  ville: 'Lyon',
  zoneId: 1,
  zone: 'Proximité',
  parDefaut: true,
  ...values,
});

export const pickupCarrier = {
  id: 4,
  nom: 'Retrait agence',
  description: null,
  fraisHT: 0,
  explication: 'Retrait en agence : sans frais de port',
};

/** The checkout of the cement cart, to be delivered at the depot or picked up, paid by cheque. */
export const checkoutOptions = (values: Partial<CheckoutOptions> = {}): CheckoutOptions => {
  const adresses = values.adresses ?? [deliveryAddress()];
  return {
    adresses,
    adresseId: adresses[0]?.id ?? null,
    transporteurs: [pickupCarrier],
    avisTransport: null,
    modesReglement: [{ code: 'cheque', libelle: 'Chèque' }],
    panier: cementCart,
    encours: {
      plafond: null,
      utilise: 0,
      activateEncoursChecking: false,
      blockOnEncoursError: false,
      blockOfflinePayment: false,
    },
    cgv: null,
    ...values,
  };
};
