// The back-office home's live figures, each asked of the module that owns it. Each figure is kept in
// the answer cache until its table changes (a count of the articles or the day's orders at benchmark
// scale reads hundreds of thousands of rows); the day's counts are kept per Paris day, the orders'
// until an order they count changes (order-changes.ts).
import type { DbOrTx } from '@comptoir/db/client';
import type { AdminHomeFigures, AdminHomeWarnings } from '@comptoir/shared/admin-home';
import { parisDay } from '@comptoir/shared/statistics';
import { keptAnswer } from '../../plugins/answer-cache';
import { countLoginsToday } from '../auth/auth.service';
import { countActiveArticles } from '../catalogue/catalogue.service';
import {
  countOrdersAwaitingPayment,
  countOrdersToday,
  ordersAwaitingPaymentScope,
  ordersOfDayScope,
} from '../orders/orders.service';
import { mailWarnings } from '../mail/mail.service';
import { countCustomers } from '../reference/reference.service';
import { scheduleWarnings } from '../shipping-fees/shipping-fees.service';

export async function homeFigures(db: DbOrTx): Promise<AdminHomeFigures> {
  const day = parisDay(Date.now());
  const [commandesDuJour, paiementsAValider, clients, articles, connexionsDuJour] = await Promise.all([
    keptAnswer(db, `admin-home:orders:${day}`, ['orders'], () => countOrdersToday(db), ordersOfDayScope(day)),
    keptAnswer(
      db,
      'admin-home:awaiting-payment',
      ['orders'],
      () => countOrdersAwaitingPayment(db),
      ordersAwaitingPaymentScope,
    ),
    keptAnswer(db, 'admin-home:customers', ['customers'], () => countCustomers(db)),
    keptAnswer(db, 'admin-home:articles', ['articles'], () => countActiveArticles(db)),
    keptAnswer(db, `admin-home:logins:${day}`, ['login_events'], () => countLoginsToday(db)),
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
