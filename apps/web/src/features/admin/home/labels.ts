// The back-office home's own texts: the names of its live figures.
import type { AdminHomeFigures } from '@comptoir/shared/admin-home';

export const ADMIN_HOME_FIGURE_LABELS: Record<keyof AdminHomeFigures, string> = {
  commandesDuJour: 'Commandes du jour',
  paiementsAValider: 'Paiements à valider',
  connexionsDuJour: 'Connexions du jour',
  clients: 'Clients',
  articles: 'Articles',
};
