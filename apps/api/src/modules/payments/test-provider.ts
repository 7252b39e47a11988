// The shipped test provider: a hosted page of its own (/paiement-test/{session}) where the tester chooses
// 'accepted' or 'refused', signed with its own secret (TEST_PAYMENT_SECRET). It behaves as a real
// provider does: the page notifies the shop server-to-server (signed), then sends the shopper back with
// a signed return. Never used with real cards: there is no card field at all.
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import type { HostedPaymentRequest, PaymentOutcome, PaymentProvider } from './payment-provider';
import { returnPath } from './payment-provider';

export const TEST_SIGNATURE_HEADER = 'comptoir-test-signature';
export const TEST_PAGE_PREFIX = '/paiement-test';

/** What the session token carries: the provider keeps no state, the token is signed. */
export interface TestSession {
  sessionId: string;
  orderId: number;
  numero: string;
  amountTtc: number;
}

export type TestResult = 'accepted' | 'refused';

export interface TestPaymentProvider extends PaymentProvider {
  readonly name: 'test';
  /** The session a page token stands for; null when the token is forged. */
  readSession(token: string): TestSession | null;
  /** The notification the provider sends for a session: raw body and headers, signed. */
  notification(session: TestSession, result: TestResult): { body: string; headers: Record<string, string> };
  /** The signed return URL the shopper is sent back to. */
  returnUrl(session: TestSession, result: TestResult): string;
}

const equalSignatures = (a: string, b: string) =>
  a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

export function createTestProvider(secret: string): TestPaymentProvider {
  const sign = (text: string) => createHmac('sha256', secret).update(text).digest('base64url');
  const returnSignature = (sessionId: string, result: string) => sign(`retour.${sessionId}.${result}`);

  const readSession = (token: string): TestSession | null => {
    const [payload, signature] = token.split('.');
    if (!payload || !signature || !equalSignatures(signature, sign(`session.${payload}`))) return null;
    return JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as TestSession;
  };

  return {
    name: 'test',
    readSession,
    createSession(request: HostedPaymentRequest) {
      const session: TestSession = {
        sessionId: `tp_${randomBytes(12).toString('hex')}`,
        orderId: request.orderId,
        numero: request.numero,
        amountTtc: request.amountTtc,
      };
      const payload = Buffer.from(JSON.stringify(session)).toString('base64url');
      const token = `${payload}.${sign(`session.${payload}`)}`;
      // The page is served by this server: a path works behind any PUBLIC_URL.
      return Promise.resolve({ sessionId: session.sessionId, url: `${TEST_PAGE_PREFIX}/${token}` });
    },
    notification(session, result) {
      const body = JSON.stringify({ sessionId: session.sessionId, result, amountTtc: session.amountTtc });
      const timestamp = Math.floor(Date.now() / 1000);
      return {
        body,
        headers: {
          'content-type': 'application/json',
          [TEST_SIGNATURE_HEADER]: `t=${timestamp},v1=${sign(`${timestamp}.${body}`)}`,
        },
      };
    },
    returnUrl(session, result) {
      const query = new URLSearchParams({
        session: session.sessionId,
        resultat: result,
        signature: returnSignature(session.sessionId, result),
      });
      return `${returnPath('test')}?${query}`;
    },
    verifyNotification(rawBody: string, headers: IncomingHttpHeaders) {
      const header = headers[TEST_SIGNATURE_HEADER];
      const parts = Object.fromEntries(
        (typeof header === 'string' ? header : '').split(',').map((part) => part.split('=', 2)),
      ) as Record<string, string | undefined>;
      if (!parts.t || !parts.v1 || !equalSignatures(parts.v1, sign(`${parts.t}.${rawBody}`)))
        return Promise.resolve(null);
      const event = JSON.parse(rawBody) as { sessionId: string; result: TestResult; amountTtc: number };
      return Promise.resolve({
        sessionId: event.sessionId,
        status: event.result,
        amountTtc: event.amountTtc,
      });
    },
    verifyReturn(query): Promise<PaymentOutcome | null> {
      const { session, resultat, signature } = query;
      if (!session || (resultat !== 'accepted' && resultat !== 'refused') || !signature)
        return Promise.resolve(null);
      if (!equalSignatures(signature, returnSignature(session, resultat))) return Promise.resolve(null);
      return Promise.resolve({ sessionId: session, status: resultat });
    },
  };
}
