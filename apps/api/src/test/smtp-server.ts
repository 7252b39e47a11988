// A real SMTP server for tests (smtp-server, on a free port of 127.0.0.1), keeping every mail it
// receives, parsed: the API's mail tests and the browser tests point SMTP_URL at it.
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface TestSmtpServer {
  /** The SMTP_URL that reaches it. */
  url: string;
  port: number;
  /** The mails received so far, in order of arrival. */
  received: ParsedMail[];
  close: () => Promise<void>;
}

/** On `port` (a stopped server's, to start it again), or on a free one. */
export async function startSmtpServer(port = 0): Promise<TestSmtpServer> {
  const received: ParsedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, _session, callback) {
      simpleParser(stream)
        .then((mail) => received.push(mail))
        .then(() => callback(), callback);
    },
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const bound = (server.server.address() as { port: number }).port;
  return {
    url: `smtp://127.0.0.1:${bound}`,
    port: bound,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
