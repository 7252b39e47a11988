// The customer's credit limit (encours; docs/contract/sign-up-temporary-accounts-and-credit-limit.md, Credit limit). Owns no table: the limit is
// the reference module's (customers.credit_limit), what uses it the orders module's; the settings say
// whether it is checked. The rule itself is packages/shared/src/encours.ts.
import type { DbOrTx } from '@comptoir/db/client';
import { SETTING_KEYS } from '@comptoir/shared/domain';
import { encoursSummary, encoursVerdict, type Encours, type EncoursSettings } from '@comptoir/shared/encours';
import type { PaymentMethod } from '@comptoir/shared/payment';
import { badRequest, forbidden } from '../../errors';
import { customerCodeOf, type SessionUser } from '../auth/auth.service';
import { outstandingOnAccount } from '../orders/orders.service';
import { findCustomer, lockCustomer } from '../reference/reference.service';
import { readSetting } from '../settings/settings.service';
import { CART_MESSAGES } from '@comptoir/shared/cart';

/** Whether the credit limit is checked, and how (three settings, through the answer cache). */
export async function encoursSettings(db: DbOrTx): Promise<EncoursSettings> {
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

/** The customer's limit and the checking settings, for the checkout page (GET /rest/panier/livraison). */
export async function checkoutEncours(db: DbOrTx, customer: { code: string; creditLimit: number | null }) {
  const [settings, outstanding] = await Promise.all([
    encoursSettings(db),
    customer.creditLimit === null ? 0 : outstandingOnAccount(db, customer.code),
  ]);
  return { plafond: customer.creditLimit, utilise: outstanding, ...settings };
}

/**
 * Checks an order of `amountTtc` paid by `method` against the customer's credit limit, inside the
 * checkout's transaction: the customer's row is locked first, so that two checkouts of one customer
 * take turns and cannot both pass on the same remainder. Throws a French 400 when the order is refused;
 * returns the warning to show when it is accepted over the limit, else null. The verdict is the page's
 * (encoursVerdict).
 */
export async function checkEncours(
  tx: DbOrTx,
  customerCode: string,
  order: { amountTtc: number; method: PaymentMethod },
  /** Read before the transaction (encoursSettings), or here when not given. */
  given?: EncoursSettings,
): Promise<string | null> {
  const settings = given ?? (await encoursSettings(tx));
  if (!settings.activateEncoursChecking || order.method === 'carte') return null;
  const customer = await lockCustomer(tx, customerCode);
  if (!customer || customer.creditLimit === null) return null;
  const outstanding = await outstandingOnAccount(tx, customer.code);
  const verdict = encoursVerdict({ plafond: customer.creditLimit, utilise: outstanding, ...settings }, order);
  if (verdict.refus) throw badRequest(verdict.refus);
  return verdict.avertissement;
}
