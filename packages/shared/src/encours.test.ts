import {
  ENCOURS_MESSAGES,
  encoursDecision,
  encoursSummary,
  encoursVerdict,
  paymentChoices,
  type EncoursSettings,
} from './encours';
import { formatEuros } from './format';

const on: EncoursSettings = {
  activateEncoursChecking: true,
  blockOnEncoursError: true,
  blockOfflinePayment: true,
};
const decide = (overrides: Partial<Parameters<typeof encoursDecision>[0]> = {}) =>
  encoursDecision({
    settings: on,
    limit: 1000,
    outstanding: 600,
    amountTtc: 300,
    method: 'compte',
    ...overrides,
  });

describe('encoursDecision', () => {
  it('accepts an order on account that stays within the limit, up to the cent', () => {
    expect(decide()).toEqual({ kind: 'ok' });
    expect(decide({ amountTtc: 400 })).toEqual({ kind: 'ok' });
    expect(decide({ outstanding: 0.1, amountTtc: 999.9 })).toEqual({ kind: 'ok' });
  });
  it('refuses one that takes the customer over it when blockOnEncoursError', () => {
    expect(decide({ amountTtc: 400.01 })).toEqual({ kind: 'refused', reason: 'onAccount' });
  });
  it('accepts it with a warning otherwise', () => {
    expect(decide({ amountTtc: 500, settings: { ...on, blockOnEncoursError: false } })).toEqual({
      kind: 'warning',
    });
  });
  it('checks nothing when checking is off or the customer has no limit', () => {
    expect(decide({ amountTtc: 5000, settings: { ...on, activateEncoursChecking: false } })).toEqual({
      kind: 'ok',
    });
    expect(decide({ amountTtc: 5000, limit: null })).toEqual({ kind: 'ok' });
  });
  it('refuses cheque and transfer over the limit only with blockOfflinePayment', () => {
    expect(decide({ amountTtc: 500, method: 'cheque' })).toEqual({ kind: 'refused', reason: 'offline' });
    expect(decide({ amountTtc: 500, method: 'virement' })).toEqual({ kind: 'refused', reason: 'offline' });
    expect(decide({ amountTtc: 300, method: 'cheque' })).toEqual({ kind: 'ok' });
    expect(
      decide({ amountTtc: 500, method: 'virement', settings: { ...on, blockOfflinePayment: false } }),
    ).toEqual({ kind: 'ok' });
  });
  it('never limits a card payment', () => {
    expect(decide({ amountTtc: 50_000, method: 'carte' })).toEqual({ kind: 'ok' });
  });
});

describe('encoursSummary', () => {
  it('gives what remains, negative when over', () => {
    expect(encoursSummary(1000, 250.5, true)).toEqual({
      plafond: 1000,
      utilise: 250.5,
      disponible: 749.5,
      controle: true,
    });
    expect(encoursSummary(1000, 1200.1, false).disponible).toBe(-200.1);
  });
  it('has no remainder without a limit', () => {
    expect(encoursSummary(null, 80, true)).toEqual({
      plafond: null,
      utilise: 80,
      disponible: null,
      controle: true,
    });
  });
});

describe('encoursVerdict and paymentChoices (the checkout page and the server)', () => {
  const context = {
    plafond: 1000,
    utilise: 900,
    activateEncoursChecking: true,
    blockOnEncoursError: true,
    blockOfflinePayment: true,
  };
  const methods = ['compte', 'carte', 'cheque', 'virement'] as const;

  it('refuses cheque and transfer over the limit with blockOfflinePayment, with the French reason', () => {
    expect(paymentChoices(methods, context, 150)).toEqual([
      { code: 'compte', refus: ENCOURS_MESSAGES.refused(formatEuros(100)) },
      { code: 'carte', refus: null },
      { code: 'cheque', refus: ENCOURS_MESSAGES.offlineRefused },
      { code: 'virement', refus: ENCOURS_MESSAGES.offlineRefused },
    ]);
  });

  it('offers every method within the limit, without a limit, or with checking off', () => {
    const none = methods.map((code) => ({ code, refus: null }));
    expect(paymentChoices(methods, context, 100)).toEqual(none);
    expect(paymentChoices(methods, { ...context, plafond: null }, 5000)).toEqual(none);
    expect(paymentChoices(methods, { ...context, activateEncoursChecking: false }, 5000)).toEqual(none);
  });

  it('keeps cheque and transfer without blockOfflinePayment, and warns on account without blockOnEncoursError', () => {
    const lenient = { ...context, blockOfflinePayment: false, blockOnEncoursError: false };
    expect(paymentChoices(methods, lenient, 150).every((choice) => choice.refus === null)).toBe(true);
    expect(encoursVerdict(lenient, { amountTtc: 150, method: 'compte' })).toEqual({
      refus: null,
      avertissement: ENCOURS_MESSAGES.warning(formatEuros(100)),
    });
  });
});
