// The customer's credit limit (encours; docs/contract.md, Credit limit). Owns no table: the limit is
// the reference module's (customers.credit_limit), what uses it the orders module's; the settings say
// whether it is checked. The rule itself is packages/shared/src/encours.ts.
import type { DbOrTx } from '@comptoir/db/client';
import { SETTING_KEYS } from '@comptoir/shared/domain';
import {
  ENCOURS_MESSAGES,
  encoursDecision,
  encoursSummary,
  type Encours,
  type EncoursSettings,
} from '@comptoir/shared/encours';
import { formatEuros } from '@comptoir/shared/format';
import type { PaymentMethod } from '@comptoir/shared/payment';
import { badRequest, forbidden } from '../../errors';
import { customerCodeOf, type SessionUser } from '../auth/auth.service';
import { outstandingOnAccount } from '../orders/orders.service';
import { findCustomer, lockCustomer } from '../reference/reference.service';
import { readSetting } from '../settings/settings.service';
import { CART_MESSAGES } from '@comptoir/shared/cart';

async function encoursSettings(db: DbOrTx): Promise<EncoursSettings> {
  const [active, blockOnError, blockOffline] = await Promise.all([
    readSetting(db, SETTING_KEYS.activateEncoursChecking),
    readSetting(db, SETTING_KEYS.blockOnEncoursError),
    readSetting(db, SETTING_KEYS.blockOfflinePayment),
  ]);
  return {
    activateEncoursChecking: active === '1',
    blockOnEncoursError: blockOnError === '1',
    blockOfflinePayment: blockOffline === '1',
  };
}

/** GET /rest/compte/encours: the logged-in customer's limit, what is used and what remains. */
export async function customerEncours(db: DbOrTx, user: SessionUser): Promise<Encours> {
  const customer = await findCustomer(db, customerCodeOf(user));
  if (!customer) throw forbidden(CART_MESSAGES.customerOnly);
  const [settings, outstanding] = await Promise.all([
    encoursSettings(db),
    outstandingOnAccount(db, customer.code),
  ]);
  return encoursSummary(customer.creditLimit, outstanding, settings.activateEncoursChecking);
}

/**
 * Checks an order of `amountTtc` paid by `method` against the customer's credit limit, inside the
 * checkout's transaction: the customer's row is locked first, so that two checkouts of one customer
 * take turns and cannot both pass on the same remainder. Throws a French 400 when the order is refused;
 * returns the warning to show when it is accepted over the limit, else null.
 */
export async function checkEncours(
  tx: DbOrTx,
  customerCode: string,
  order: { amountTtc: number; method: PaymentMethod },
): Promise<string | null> {
  const settings = await encoursSettings(tx);
  if (!settings.activateEncoursChecking || order.method === 'carte') return null;
  const customer = await lockCustomer(tx, customerCode);
  if (!customer || customer.creditLimit === null) return null;
  const outstanding = await outstandingOnAccount(tx, customer.code);
  const decision = encoursDecision({ settings, limit: customer.creditLimit, outstanding, ...order });
  const available = formatEuros(encoursSummary(customer.creditLimit, outstanding, true).disponible ?? 0);
  switch (decision.kind) {
    case 'ok':
      return null;
    case 'warning':
      return ENCOURS_MESSAGES.warning(available);
    case 'refused':
      throw badRequest(
        decision.reason === 'onAccount'
          ? ENCOURS_MESSAGES.refused(available)
          : ENCOURS_MESSAGES.offlineRefused,
      );
  }
}
