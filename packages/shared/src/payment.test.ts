import {
  PAYMENT_LABELS,
  PAYMENT_METHODS,
  cartTypeFor,
  orderPlacedMessage,
  paymentMethodsFor,
  testPaymentProvider,
} from './payment';

describe('payment methods', () => {
  it('offers payment on account to professional customers only', () => {
    expect(paymentMethodsFor(true)).toEqual(['compte', 'carte', 'cheque', 'virement']);
    expect(paymentMethodsFor(false)).toEqual(['carte', 'cheque', 'virement']);
  });

  it('labels each method as the order stores it', () => {
    expect(PAYMENT_METHODS.map((method) => PAYMENT_LABELS[method])).toEqual([
      'Paiement en compte',
      'Carte bancaire',
      'Chèque',
      'Virement',
    ]);
  });
});

describe('cartTypeFor', () => {
  it('gives the cart type from the method and the card result', () => {
    expect(cartTypeFor('compte', null)).toBe('TER');
    expect(cartTypeFor('carte', 'accepted')).toBe('VAL');
    expect(cartTypeFor('carte', 'refused')).toBe('ATT');
    expect(cartTypeFor('carte', 'no-answer')).toBe('ATT');
    expect(cartTypeFor('cheque', null)).toBe('AT2');
    expect(cartTypeFor('virement', null)).toBe('AT2');
  });
});

describe('orderPlacedMessage', () => {
  it('says a validated order is sent on', () => {
    expect(orderPlacedMessage('BC000123', 'TER', null)).toBe('Commande BC000123 enregistrée et transmise');
    expect(orderPlacedMessage('BC000124', 'VAL', 'accepted')).toBe(
      'Commande BC000124 enregistrée et transmise',
    );
  });

  it('explains why a card payment awaits validation', () => {
    expect(orderPlacedMessage('BC000125', 'ATT', 'refused')).toBe(
      'Commande BC000125 enregistrée : paiement refusé, en attente de validation',
    );
    expect(orderPlacedMessage('BC000126', 'ATT', 'no-answer')).toBe(
      'Commande BC000126 enregistrée : paiement sans réponse, en attente de validation',
    );
  });

  it('waits for the cheque or the transfer', () => {
    expect(orderPlacedMessage('BC000127', 'AT2', null)).toBe(
      'Commande BC000127 enregistrée : en attente de votre règlement',
    );
  });
});

describe('testPaymentProvider', () => {
  const charge = (cardNumber: string) => testPaymentProvider.charge({ amount: 10, cardNumber });

  it('refuses …0000, does not answer …9999 and accepts the others', async () => {
    expect(await charge('4970 1000 0000 0000')).toBe('refused');
    expect(await charge('4970100000009999')).toBe('no-answer');
    expect(await charge('4970100000001234')).toBe('accepted');
  });

  it('reads the digits only', async () => {
    expect(await charge('4970-1000-0000-9999')).toBe('no-answer');
    expect(await charge('4970 1000 0000 000 0')).toBe('refused');
  });
});
