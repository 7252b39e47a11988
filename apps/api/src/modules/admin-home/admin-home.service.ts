// The back-office home: its live figures, each asked of the module that owns it and kept as
// admin-home.kept.ts declares, and its warnings.
import type { DbOrTx } from '@comptoir/db/client';
import type { AdminHomeFigures, AdminHomeWarnings } from '@comptoir/shared/admin-home';
import { parisDay } from '@comptoir/shared/statistics';
import { mailWarnings } from '../mail/mail.service';
import { scheduleWarnings } from '../shipping-fees/shipping-fees.service';
import {
  activeArticlesCount,
  customersCount,
  loginsOfDay,
  ordersAwaitingPayment,
  ordersOfDay,
} from './admin-home.kept';

export async function homeFigures(db: DbOrTx): Promise<AdminHomeFigures> {
  const day = parisDay(Date.now());
  const [commandesDuJour, paiementsAValider, clients, articles, connexionsDuJour] = await Promise.all([
    ordersOfDay(db, day),
    ordersAwaitingPayment(db),
    customersCount(db),
    activeArticlesCount(db),
    loginsOfDay(db, day),
  ]);
  return { commandesDuJour, paiementsAValider, clients, articles, connexionsDuJour };
}

/** The home's warnings: those of the shipping fee schedule and the carriers, then the outbox's. */
export async function homeWarnings(
  db: DbOrTx,
  config: Parameters<typeof mailWarnings>[1],
): Promise<AdminHomeWarnings> {
  const [shipping, mail] = await Promise.all([scheduleWarnings(db), mailWarnings(db, config)]);
  return { alertes: [...shipping, ...mail] };
}
