// The shop's outgoing mail (docs/contract/e-mails.md). Each mail is composed and written to the
// outbox inside the transaction of what it tells of (the order, the payment's result, the sign-up,
// the reset link): it exists if and only if that committed, and says what was true then. The sender
// (mail-sender.ts) sends it from there, with retries; the caller wakes it after its commit. The
// orders' mails are in order-mail.service.ts (they read the order; the account's mails do not).
import type { DbOrTx } from '@comptoir/db/client';
import { PASSWORD_RESET_TTL_MINUTES } from '@comptoir/shared/account';
import { MAIL_HOME_WARNINGS } from '@comptoir/shared/admin-home';
import { accountCreatedMail, invitationMail, passwordResetMail } from '@comptoir/shared/mail';
import type { Config } from '../../config';
import type { SessionUser } from '../auth/auth.service';
import type { MailQueue } from './mail-sender';
import * as repo from './mail.repository';
import { queueMail, queueToCustomer } from './outbox';

export { createMailSender, type Mailer, type MailQueue, type MailSender } from './mail-sender';
export { createMailer } from './mail-transport';

/** Inside the sign-up's transaction: the account-created mail, with the login and the login page. */
export function queueAccountCreatedMail(tx: DbOrTx, mailQueue: MailQueue, user: SessionUser): Promise<void> {
  const { shopName, publicUrl } = mailQueue.config;
  return queueToCustomer(tx, mailQueue, 'account-created', user.codeClient!, (name) =>
    accountCreatedMail(shopName, { name, login: user.login, loginUrl: `${publicUrl}/connexion` }),
  );
}

/** The forgotten-password link of `token`: the page that takes it. */
const resetLink = (publicUrl: string, token: string) =>
  `${publicUrl}/mot-de-passe-oublie/nouveau?jeton=${encodeURIComponent(token)}`;

/** Inside the transaction that stores the token's hash: the link to the page that takes it. */
export function queuePasswordResetMail(
  tx: DbOrTx,
  mailQueue: MailQueue,
  request: { login: string; codeClient: string; token: string },
): Promise<void> {
  const { shopName, publicUrl } = mailQueue.config;
  const resetUrl = resetLink(publicUrl, request.token);
  return queueToCustomer(tx, mailQueue, 'password-reset', request.codeClient, (name) =>
    passwordResetMail(shopName, {
      name,
      login: request.login,
      resetUrl,
      validMinutes: PASSWORD_RESET_TTL_MINUTES,
    }),
  );
}

/** Inside the transaction that stores the invitation's hash: the link where the person chooses a password. */
export function queueInvitationMail(
  tx: DbOrTx,
  mailQueue: MailQueue,
  invitation: { to: string; name: string; token: string; validDays: number },
): Promise<void> {
  const { shopName, publicUrl } = mailQueue.config;
  const invitationUrl = `${publicUrl}/invitation?jeton=${encodeURIComponent(invitation.token)}`;
  return queueMail(
    tx,
    mailQueue,
    'account-invitation',
    invitation.to,
    invitationMail(shopName, {
      name: invitation.name,
      login: invitation.to,
      invitationUrl,
      validDays: invitation.validDays,
    }),
  );
}

/** The forgotten-password mail sent by the back office to an account's own address (its login). */
export function queuePasswordResetMailTo(
  tx: DbOrTx,
  mailQueue: MailQueue,
  request: { to: string; name: string; login: string; token: string },
): Promise<void> {
  const { shopName, publicUrl } = mailQueue.config;
  const resetUrl = resetLink(publicUrl, request.token);
  return queueMail(
    tx,
    mailQueue,
    'password-reset',
    request.to,
    passwordResetMail(shopName, {
      name: request.name,
      login: request.login,
      resetUrl,
      validMinutes: PASSWORD_RESET_TTL_MINUTES,
    }),
  );
}

/** The back-office home's warnings about the outbox: mails waiting or retrying, mails given up. */
export async function mailWarnings(
  db: DbOrTx,
  config: Pick<Config, 'mailGiveUpMs'>,
): Promise<{ message: string; ecran: null }[]> {
  const { pending, failed } = await repo.countUnsent(db);
  const hours = Math.round(config.mailGiveUpMs / 3_600_000);
  return [
    ...(pending > 0 ? [{ message: MAIL_HOME_WARNINGS.pending(pending), ecran: null }] : []),
    ...(failed > 0 ? [{ message: MAIL_HOME_WARNINGS.failed(failed, hours), ecran: null }] : []),
  ];
}
