import { encoursDecision, encoursSummary, type EncoursSettings } from './encours';

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
