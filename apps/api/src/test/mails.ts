// The mails an app wrote as .eml files (no SMTP_URL in tests), parsed. Mails leave after the answer,
// so these wait until the expected mails are there.
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

/** The mails written to `address` (case ignored), once there are at least `count` of them. */
export async function mailsTo(app: App, address: string, count = 1): Promise<ParsedMail[]> {
  for (let attempt = 0; attempt < 400; attempt++) {
    const mails = (await readMails(app.config.mailsDir)).filter((mail) =>
      recipients(mail).includes(address.toLowerCase()),
    );
    if (mails.length >= count) return mails;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error(`${count} mails to ${address} expected in ${app.config.mailsDir}`);
}
