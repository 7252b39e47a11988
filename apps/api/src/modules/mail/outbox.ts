// Writing a composed mail to the outbox, inside the caller's transaction (docs/contract/e-mails.md).
import type { DbOrTx } from '@comptoir/db/client';
import type { ComposedMail } from '@comptoir/shared/mail';
import { findCustomer } from '../reference/reference.service';
import type { MailQueue } from './mail-sender';
import * as repo from './mail.repository';

export function queueMail(
  tx: DbOrTx,
  mailQueue: MailQueue,
  kind: repo.MailKind,
  to: string,
  mail: ComposedMail,
) {
  return repo.insertMail(tx, { kind, recipient: to, ...mail, at: mailQueue.now() });
}

/** The mail of `compose` to customer `codeClient`'s e-mail; nothing without one. */
export async function queueToCustomer(
  tx: DbOrTx,
  mailQueue: MailQueue,
  kind: repo.MailKind,
  codeClient: string,
  compose: (customerName: string) => ComposedMail,
): Promise<void> {
  const customer = await findCustomer(tx, codeClient);
  if (customer?.email) await queueMail(tx, mailQueue, kind, customer.email, compose(customer.name));
}
