// The sender of the mail outbox (docs/contract/e-mails.md, The outbox). Mails are queued in the
// transaction that caused them (mail.service.ts); this sends them: woken right after such a commit,
// at start, and every MAIL_POLL_SECONDS. Each server claims due mails with a lease, so that several
// servers never send one mail at once and a server dying mid-send leaves it to another once the lease
// ends. Delivery is at least once: a server that dies between the SMTP server's acceptance and the
// mark "sent" leaves a mail that is sent again (SMTP has no idempotence).
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '@comptoir/db/client';
import type { ComposedMail } from '@comptoir/shared/mail';
import type { Config } from '../../config';
import * as repo from './mail.repository';

/** Waits after the 1st, 2nd… failed attempt; the last one repeats until the give-up time. */
export const MAIL_RETRY_DELAYS_MS = [30_000, 60_000, 120_000, 300_000, 900_000, 3_600_000] as const;
/** How long a claimed mail is left to its server; longer than a send can take (mail-transport.ts). */
export const MAIL_LEASE_MS = 5 * 60_000;
/** The longest one send can take: connection, greeting and an idle socket (mail-transport.ts). */
const SEND_MAX_MS = 90_000;
/** Sent and failed mails are kept this long, then deleted. */
export const MAIL_KEPT_DONE_MS = 30 * 24 * 3_600_000;
const BATCH = 20;
const PURGE_EVERY_MS = 3_600_000;

export interface Mailer {
  /** Sends `mail` to `to`; rejects when the mail could not leave. */
  send(to: string, mail: ComposedMail): Promise<void>;
}

/** What a transaction needs to queue a mail (mail.service.ts). */
export interface MailQueue {
  /** The shop's name and address the mails are composed with. */
  config: Pick<Config, 'shopName' | 'publicUrl'>;
  /** The sender's clock: queued mails are due from this time. */
  now(): Date;
  /** Call once the transaction that queued mails has committed: they are sent at once. */
  wake(): void;
}

export interface MailSender extends MailQueue {
  /** Sends every due mail; resolves once a pass started after the call has ended. */
  drain(): Promise<void>;
  /** Resolves once no pass is under way (the one start or wake began included). */
  settled(): Promise<void>;
  /** Sends what is pending, then polls every pollMs (0: never). */
  start(): void;
  /** Stops polling and waits for the pass under way. */
  stop(): Promise<void>;
}

export interface MailSenderOptions {
  db: Database;
  transport: Mailer;
  config: Pick<Config, 'shopName' | 'publicUrl' | 'mailPollMs' | 'mailGiveUpMs'>;
  log: FastifyBaseLogger;
  /** Injected by tests; the wall clock by default. */
  now?: () => Date;
}

const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error)).slice(0, 1000);

export function createMailSender({
  db,
  transport,
  config,
  log,
  now = () => new Date(),
}: MailSenderOptions): MailSender {
  let running: Promise<void> | null = null;
  let again = false;
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let lastPurge = -Infinity;

  async function failed(mail: repo.ClaimedMail, error: unknown) {
    const at = now();
    const message = errorText(error);
    const giveUpAt = mail.createdAt.getTime() + config.mailGiveUpMs;
    if (at.getTime() >= giveUpAt) {
      await repo.markFailed(db, mail.id, at, message);
      log.error(
        { mailId: mail.id, kind: mail.kind, attempts: mail.attempts, err: error },
        `Courriel « ${mail.subject} » pour ${mail.recipient} abandonné après ${mail.attempts} essais`,
      );
      return;
    }
    const delay = MAIL_RETRY_DELAYS_MS[Math.min(mail.attempts, MAIL_RETRY_DELAYS_MS.length) - 1]!;
    const next = new Date(Math.min(at.getTime() + delay, giveUpAt));
    await repo.markRetry(db, mail.id, next, message);
    log.warn(
      { mailId: mail.id, kind: mail.kind, attempts: mail.attempts, err: error },
      `Courriel « ${mail.subject} » non envoyé : nouvel essai à ${next.toISOString()}`,
    );
  }

  async function sendOne(mail: repo.ClaimedMail) {
    try {
      await transport.send(mail.recipient, { subject: mail.subject, text: mail.text, html: mail.html });
    } catch (error) {
      await failed(mail, error);
      return;
    }
    await repo.markSent(db, mail.id, now());
  }

  async function pass() {
    for (;;) {
      const at = now();
      const leaseEnd = at.getTime() + MAIL_LEASE_MS;
      const claimed = await repo.claimDue(db, at, new Date(leaseEnd), BATCH);
      for (const mail of claimed) {
        // A server that hangs on each send (a silent SMTP server) must not send past its lease, when
        // another server may have claimed the mail: the batch's rest is left to the next claim.
        if (now().getTime() + SEND_MAX_MS > leaseEnd) return;
        await sendOne(mail);
      }
      if (claimed.length < BATCH || stopped) break;
    }
    const at = now().getTime();
    if (at - lastPurge >= PURGE_EVERY_MS) {
      lastPurge = at;
      await repo.deleteDoneBefore(db, new Date(at - MAIL_KEPT_DONE_MS));
    }
  }

  function drain(): Promise<void> {
    again = true;
    running ??= (async () => {
      try {
        while (again && !stopped) {
          again = false;
          // The database unreachable: what was not sent stays queued for the next pass.
          await pass().catch((error: unknown) => log.error({ err: error }, 'Envoi des courriels interrompu'));
        }
      } finally {
        running = null;
      }
    })();
    return running;
  }

  return {
    config,
    now,
    wake: () => void drain(),
    drain,
    settled: async () => {
      while (running) await running;
    },
    start() {
      void drain();
      if (config.mailPollMs > 0) timer = setInterval(() => void drain(), config.mailPollMs).unref();
    },
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}
