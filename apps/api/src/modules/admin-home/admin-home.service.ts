// The back-office home's live figures, each asked of the module that owns it.
import type { DbOrTx } from '@comptoir/db/client';
import type { AdminHomeFigures } from '@comptoir/shared/admin-home';
import { countLoginsToday } from '../auth/auth.service';
import { countActiveArticles } from '../catalogue/catalogue.service';
import { countOrdersAwaitingPayment, countOrdersToday } from '../orders/orders.service';
import { countCustomers } from '../reference/reference.service';

export async function homeFigures(db: DbOrTx): Promise<AdminHomeFigures> {
  const [commandesDuJour, paiementsAValider, clients, articles, connexionsDuJour] = await Promise.all([
    countOrdersToday(db),
    countOrdersAwaitingPayment(db),
    countCustomers(db),
    countActiveArticles(db),
    countLoginsToday(db),
  ]);
  return { commandesDuJour, paiementsAValider, clients, articles, connexionsDuJour };
}
