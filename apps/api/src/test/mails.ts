// The mails an app wrote as .eml files (no SMTP_URL in tests), parsed. The outbox is drained first:
// every mail queued by a committed transaction has then left.
import fs from 'node:fs';
import path from 'node:path';
import { simpleParser, type ParsedMail } from 'mailparser';
import type { App } from './helpers';

async function readMails(dir: string): Promise<ParsedMail[]> {
  const files = fs.existsSync(dir) ? fs.readdirSync(dir).filter((file) => file.endsWith('.eml')) : [];
  return Promise.all(files.sort().map((file) => simpleParser(fs.readFileSync(path.join(dir, file)))));
}

const recipients = (mail: ParsedMail) =>
  (Array.isArray(mail.to) ? mail.to : mail.to ? [mail.to] : []).map((field) => field.text.toLowerCase());

/** The mails written to `address` (case ignored), once the outbox is drained. */
export async function mailsTo(app: App, address: string): Promise<ParsedMail[]> {
  await app.mail.drain();
  return (await readMails(app.config.mailsDir)).filter((mail) =>
    recipients(mail).includes(address.toLowerCase()),
  );
}
