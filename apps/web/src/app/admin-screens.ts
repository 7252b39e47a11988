// The back-office pages: one entry per page gives its route, its navigation link and its card on the
// home page. Adding a screen: its URL in config/paths.ts, its route module in routes/admin/ (exporting
// `Component`), and one entry here; the order here is the order of the navigation. A page reached only
// from another screen (e.g. a payment validation opened from the orders list) sets `inNavigation: false`.
import type { ComponentType } from 'react';
import { ORDER_LIST_TITLE, PAYMENT_VALIDATION_TEXTS } from '@comptoir/shared/orders/labels';
import { IMPORTED_FILES_TITLE } from '@comptoir/shared/imported-files';
import { GROUPINGS_TITLE } from '@comptoir/shared/groupings';
import { SELECTION_MODELS_TITLE } from '@comptoir/shared/selection-models';
import { paths } from '../config/paths';
import { IMPORT_PAGE_TITLE } from '@comptoir/shared/imports/contract';
import { ACCOUNTS_TITLE } from '@comptoir/shared/accounts-texts';

export interface AdminScreen {
  /** Router pattern, from paths.admin. */
  path: string;
  /** Link target; the path unless the screen needs a default query. */
  href: string;
  /** French name of the screen, as the navigation and the home card show it. */
  label: string;
  /** One sentence for the home card. */
  description: string;
  /** The lazily loaded route module (code split per screen). */
  load: () => Promise<{ Component: ComponentType }>;
  /** false: routed and guarded, but neither in the navigation nor on the home page. */
  inNavigation?: boolean;
}

export const adminHome: AdminScreen = {
  path: paths.admin.home.path,
  href: paths.admin.home.getHref(),
  label: 'Accueil',
  description: "Les chiffres du jour et l'accès aux écrans d'administration.",
  load: () => import('./routes/admin/home'),
};

export const adminScreens: readonly AdminScreen[] = [
  adminHome,
  {
    path: paths.admin.orders.path,
    href: paths.admin.orders.getHref(),
    label: ORDER_LIST_TITLE,
    description:
      "Rechercher les commandes, les renvoyer à l'ERP, télécharger leur fichier, valider les paiements.",
    load: () => import('./routes/admin/orders'),
  },
  {
    path: paths.admin.paymentValidation.path,
    href: paths.admin.paymentValidation.getHref(),
    label: PAYMENT_VALIDATION_TEXTS.title,
    description: 'Confirmer la réception du paiement d’une commande, ouverte depuis la liste des commandes.',
    load: () => import('./routes/admin/payment-validation'),
    inNavigation: false,
  },
  {
    path: paths.admin.accounts.path,
    href: paths.admin.accounts.getHref(),
    label: ACCOUNTS_TITLE,
    description:
      'Les comptes web : inviter un client, renvoyer l’invitation, désactiver, nouveau mot de passe.',
    load: () => import('./routes/admin/accounts'),
  },
  {
    path: paths.admin.carriers.path,
    href: paths.admin.carriers.getHref(),
    label: 'Transporteurs',
    description: 'Gérer les transporteurs : logo, suivi, forfait, services, activation et ordre d’affichage.',
    load: () => import('./routes/admin/carriers'),
  },
  {
    path: paths.admin.shippingFees.path,
    href: paths.admin.shippingFees.getHref(),
    label: 'Forfaits de transport',
    description: 'Les frais de port par agence, zone, plan de vente et tranche, et leur simulateur.',
    load: () => import('./routes/admin/shipping-fees'),
  },
  {
    path: paths.admin.variableDimensions.path,
    href: paths.admin.variableDimensions.getHref(),
    label: 'Dimensions variables',
    description:
      'Choisir, pour chaque unité, les dimensions que le client indique pour une découpe sur mesure.',
    load: () => import('./routes/admin/variable-dimensions'),
  },
  {
    path: paths.admin.importedFiles.path,
    href: paths.admin.importedFiles.getHref(),
    label: IMPORTED_FILES_TITLE,
    description: 'Les fichiers déposés par l’ERP : télécharger, remettre en attente, supprimer.',
    load: () => import('./routes/admin/imported-files'),
  },
  {
    path: paths.admin.connectionSettings.path,
    href: paths.admin.connectionSettings.getHref(),
    label: 'Paramètres de connexion',
    description:
      'Accès anonyme et prix affichés, création de compte, comptes temporaires, encours et agence de tarif, avec l’historique des changements.',
    load: () => import('./routes/admin/connection-settings'),
  },
  {
    path: paths.admin.groupings.path,
    href: paths.admin.groupings.getHref(),
    label: GROUPINGS_TITLE,
    description: 'Présenter des articles variantes comme un seul produit, avec un choix par attribut.',
    load: () => import('./routes/admin/groupings'),
  },
  {
    path: paths.admin.selectionModels.path,
    href: paths.admin.selectionModels.getHref(),
    label: SELECTION_MODELS_TITLE,
    description: 'Des sélections nommées de familles et d’articles du plan de vente.',
    load: () => import('./routes/admin/selection-models'),
  },
  {
    path: paths.admin.statistics.path,
    href: paths.admin.statistics.getHref(),
    label: 'Statistiques',
    description:
      'Connexions, commandes, chiffre d’affaires et panier moyen par heure, jour, semaine ou mois.',
    load: () => import('./routes/admin/statistics'),
  },
  {
    path: paths.admin.sitePages.path,
    href: paths.admin.sitePages.getHref(),
    label: 'Pages du site',
    description:
      'Les textes des conditions générales de vente (versionnées), des mentions légales et de la page Contact.',
    load: () => import('./routes/admin/site-pages'),
  },
  {
    path: paths.admin.imports.path,
    href: paths.admin.imports.getHref(),
    label: IMPORT_PAGE_TITLE,
    description:
      'Importer les fichiers de l’ERP (catalogue, stock, clients, états des commandes) et lire leurs rapports.',
    load: () => import('./routes/admin/imports'),
  },
];

/** The screens listed in the navigation. */
export const navigationScreens = (): AdminScreen[] => adminScreens.filter((s) => s.inNavigation !== false);
