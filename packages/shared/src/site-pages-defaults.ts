// The default French text of each legal page, which the demo data saves as its version 1 (so that the
// storefront's pages are never empty), apart from the texts the storefront loads.
import type { SitePage } from './site-pages-texts';

/** The text each page has in the demo data (and until an administrator writes its own). */
export const SITE_PAGE_DEFAULTS: Record<SitePage, string> = {
  cgv: `## Article 1 – Objet

Les présentes conditions générales de vente s’appliquent à toute commande passée sur la boutique en
ligne Comptoir par un client professionnel ou particulier, avec ou sans compte.

## Article 2 – Prix

Les prix sont indiqués en euros, hors taxes (HT) et toutes taxes comprises (TTC). Les frais de
livraison sont indiqués avant la validation de la commande. Le prix facturé est celui affiché au
moment de la commande.

## Article 3 – Commande

La commande est définitive après l’acceptation des présentes conditions et sa validation. Un
récapitulatif en est donné à l’écran ; l’agence peut contacter le client pour en confirmer les
modalités de livraison.

## Article 4 – Paiement

Le règlement se fait par carte bancaire sur la page sécurisée de notre prestataire, par chèque, par
virement ou, pour les clients professionnels, en compte. Les commandes réglées par chèque ou virement
sont préparées à réception du règlement.

## Article 5 – Livraison et retrait

Les marchandises sont livrées à l’adresse indiquée par le transporteur choisi, ou retirées à
l’agence. Le client vérifie la marchandise à la réception et note ses réserves sur le bon de
livraison.

## Article 6 – Droit de rétractation

Le client particulier dispose de quatorze jours à compter de la réception pour exercer son droit de
rétractation, sauf pour les produits coupés ou fabriqués sur mesure.

## Article 7 – Garanties

Les produits bénéficient de la garantie légale de conformité et de la garantie des vices cachés.

## Article 8 – Litiges

Les présentes conditions sont soumises au droit français. En cas de litige, une solution amiable
est recherchée avant toute action ; le client particulier peut recourir gratuitement à un médiateur
de la consommation.
`,
  'mentions-legales': `## Éditeur du site

Comptoir SAS, négoce de matériaux de construction, au capital de 500 000 €.
Siège social : 12 avenue Tony Garnier, 69007 Lyon.
RCS Lyon 123 456 789 – TVA intracommunautaire FR12 123456789.

## Directeur de la publication

Le président de Comptoir SAS.

## Hébergement

Le site est hébergé en France par son éditeur.

## Données personnelles

Les données saisies lors d’une commande servent à la traiter, à livrer et à facturer. Elles ne sont
transmises qu’aux transporteurs et au prestataire de paiement. Vous pouvez y accéder, les faire
rectifier ou effacer en écrivant à l’agence de votre choix (voir la page Contact).

## Cookies

Le site n’utilise que les cookies nécessaires à son fonctionnement : la session, le panier et
l’agence choisie.
`,
  contact: `Nos agences vous accueillent et vous conseillent. Pour une commande passée sur le site, indiquez
son numéro (W2026-…) : l’agence qui la prépare vous répond.
`,
};
