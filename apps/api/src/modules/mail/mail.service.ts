// The shop's outgoing mail (docs/contract/e-mails.md). With SMTP_URL, mails go to that server
// (nodemailer); without it, each is written as an .eml file under DATA_DIR/mails and the log says
// where, so that a shop without a mail server still shows what it would have sent. Mails leave after
// the transaction they tell of has committed, and a mail that cannot leave is logged, never a
// failure of the customer's request.
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer, { type Transporter } from 'nodemailer';
import type { Database } from '@comptoir/db/client';
import { PASSWORD_RESET_TTL_MINUTES } from '@comptoir/shared/account';
import {
  accountCreatedMail,
  orderConfirmationMail,
  passwordResetMail,
  paymentRefusedMail,
  type ComposedMail,
} from '@comptoir/shared/mail';
import type { DeliveryAddress } from '@comptoir/shared/orders/contract';
import type { Config } from '../../config';
import type { SessionUser } from '../auth/auth.service';
import { orderDetailById } from '../orders/orders.service';
import { findCustomer } from '../reference/reference.service';

export interface Mailer {
  /** Sends `mail` to `to`; rejects when the mail could not leave. */
  send(to: string, mail: ComposedMail): Promise<void>;
}

type MailConfig = Pick<Config, 'smtpUrl' | 'mailsDir' | 'mailFrom'>;

export function createMailer(config: MailConfig, log: FastifyBaseLogger): Mailer {
  if (config.smtpUrl) {
    const transport: Transporter = nodemailer.createTransport(config.smtpUrl);
    return {
      send: async (to, mail) => {
        await transport.sendMail({ from: config.mailFrom, to, ...mail });
      },
    };
  }
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  let sequence = 0;
  return {
    send: async (to, mail) => {
      const info = await transport.sendMail({ from: config.mailFrom, to, ...mail });
      const stamp = new Date().toISOString().replace(/[:.]/g, '-');
      const file = path.join(config.mailsDir, `${stamp}-${process.pid}-${++sequence}.eml`);
      await fs.promises.mkdir(config.mailsDir, { recursive: true });
      // Written aside then renamed: whoever reads the folder never sees half a mail.
      await fs.promises.writeFile(`${file}.tmp`, info.message as Buffer);
      await fs.promises.rename(`${file}.tmp`, file);
      log.info(`Courriel « ${mail.subject} » pour ${to} écrit dans ${file} (pas de SMTP_URL)`);
    },
  };
}

const addressLines = (a: DeliveryAddress): string[] =>
  [a.libelle, a.ligne1, a.ligne2, [a.codePostal, a.ville].filter(Boolean).join(' ')].filter(
    (line): line is string => Boolean(line),
  );

export interface MailContext {
  db: Database;
  mailer: Mailer;
  config: Pick<Config, 'shopName' | 'publicUrl'>;
  log: FastifyBaseLogger;
}

/**
 * After an order was placed (a card order: once the provider answered): its confirmation to the
 * customer, or, when the bank refused the card (typePanier ATT), the payment-refused mail. A customer
 * without an e-mail address gets nothing. Never rejects: a failure is logged.
 */
export async function sendOrderPlacedMail(context: MailContext, orderId: number): Promise<void> {
  const { db, mailer, config, log } = context;
  try {
    const order = await orderDetailById(db, orderId);
    const customer = await findCustomer(db, order.entete.codeClient);
    if (!customer?.email) return;
    const orderUrl = `${config.publicUrl}/compte/detail-mouvement/${order.entete.id}`;
    const mail =
      order.entete.typePanier === 'ATT'
        ? paymentRefusedMail(config.shopName, {
            customerName: customer.name,
            orderNumber: order.entete.numero,
            totalTtc: order.totaux.montantTTC ?? 0,
            orderUrl,
          })
        : orderConfirmationMail(config.shopName, {
            customerName: customer.name,
            orderNumber: order.entete.numero,
            placedAt: new Date(order.entete.date * 1000),
            lines: order.lignes.map((line) => ({
              designation: line.designation,
              codeArticle: line.codeArticle,
              quantity: line.quantite,
              unit: line.unite,
              amountHt: line.montantHT,
            })),
            shippingFee: order.totaux.fraisPort ?? 0,
            totalHt: order.totaux.montantHT ?? 0,
            totalTtc: order.totaux.montantTTC ?? 0,
            paymentStatus: order.entete.libelleTypePanier,
            carrier: order.entete.transporteur ?? '',
            deliveryAddress: addressLines(order.entete.adresseLivraison),
            orderUrl,
          });
    await mailer.send(customer.email, mail);
  } catch (error) {
    log.error({ err: error, orderId }, 'Courriel de commande non envoyé');
  }
}

/** The mail of `compose` to customer `codeClient`'s e-mail; nothing without one. Never rejects: a failure is logged. */
async function mailCustomer(
  context: MailContext,
  codeClient: string,
  compose: (customerName: string) => ComposedMail,
): Promise<void> {
  const { db, mailer, log } = context;
  try {
    const customer = await findCustomer(db, codeClient);
    if (!customer?.email) return;
    await mailer.send(customer.email, compose(customer.name));
  } catch (error) {
    log.error({ err: error, codeClient }, 'Courriel non envoyé');
  }
}

/** After a sign-up: the account-created mail, with the login and the login page. */
export function sendAccountCreatedMail(context: MailContext, user: SessionUser): Promise<void> {
  const { config } = context;
  return mailCustomer(context, user.codeClient!, (name) =>
    accountCreatedMail(config.shopName, {
      name,
      login: user.login,
      loginUrl: `${config.publicUrl}/connexion`,
    }),
  );
}

/** A forgotten-password link: the page that takes the token and the new password. */
export function sendPasswordResetMail(
  context: MailContext,
  request: { login: string; codeClient: string; token: string },
): Promise<void> {
  const { config } = context;
  const resetUrl = `${config.publicUrl}/mot-de-passe-oublie/nouveau?jeton=${encodeURIComponent(request.token)}`;
  return mailCustomer(context, request.codeClient, (name) =>
    passwordResetMail(config.shopName, {
      name,
      login: request.login,
      resetUrl,
      validMinutes: PASSWORD_RESET_TTL_MINUTES,
    }),
  );
}
