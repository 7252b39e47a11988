// The back-office home's own texts: the names of its live figures.
import type { AdminHomeFigures } from '@comptoir/shared/admin-home';

export const ADMIN_HOME_FIGURE_LABELS: Record<keyof AdminHomeFigures, string> = {
  commandesDuJour: 'Commandes du jour',
  paiementsAValider: 'Paiements à valider',
  connexionsDuJour: 'Connexions du jour',
  clients: 'Clients',
  articles: 'Articles',
};

/** The home's warnings: their heading and the link to the screen that fixes each. */
export const ADMIN_HOME_WARNING_LABELS = {
  title: 'À corriger',
  links: { forfaits: 'Ouvrir les forfaits de transport', transporteurs: 'Ouvrir les transporteurs' },
} as const;
