// How the sender's mails leave (docs/contract/e-mails.md). With SMTP_URL, to that server
// (nodemailer); without it, each is written as an .eml file under DATA_DIR/mails and the log says
// where, so that a shop without a mail server still shows what it would have sent.
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer, { type Transporter } from 'nodemailer';
import type { Config } from '../../config';
import type { Mailer } from './mail-sender';

type MailConfig = Pick<Config, 'smtpUrl' | 'mailsDir' | 'mailFrom'>;

/**
 * Bounds of one SMTP exchange: a send ends, sent or failed, well within the sender's lease
 * (MAIL_LEASE_MS), so that no other server takes a mail still being sent.
 */
const SMTP_TIMEOUTS = { connectionTimeout: 15_000, greetingTimeout: 15_000, socketTimeout: 60_000 };

export function createMailer(config: MailConfig, log: FastifyBaseLogger): Mailer {
  if (config.smtpUrl) {
    const transport: Transporter = nodemailer.createTransport({ url: config.smtpUrl, ...SMTP_TIMEOUTS });
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
