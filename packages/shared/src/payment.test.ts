import {
  PAYMENT_LABELS,
  PAYMENT_METHODS,
  cartTypeFor,
  orderPlacedMessage,
  cardPaymentMessage,
  paymentMethodsFor,
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
  it('gives the cart type from the method: a card waits (ATT) until the provider confirms', () => {
    expect(cartTypeFor('compte')).toBe('TER');
    expect(cartTypeFor('carte')).toBe('ATT');
    expect(cartTypeFor('cheque')).toBe('AT2');
    expect(cartTypeFor('virement')).toBe('AT2');
  });
});

describe('orderPlacedMessage', () => {
  it('says a validated order is sent on', () => {
    expect(orderPlacedMessage('BC000123', 'TER', 'compte')).toBe(
      'Commande BC000123 enregistrée et transmise',
    );
  });

  it('waits for the cheque or the transfer', () => {
    expect(orderPlacedMessage('BC000127', 'AT2', 'cheque')).toBe(
      'Commande BC000127 enregistrée : en attente de votre règlement',
    );
  });

  it('says a card order waits for the bank', () => {
    expect(orderPlacedMessage('BC000128', 'ATT', 'carte')).toBe(
      'Commande BC000128 enregistrée : paiement par carte en attente de la réponse de la banque',
    );
  });
});

describe('cardPaymentMessage', () => {
  it('tells the shopper what the provider said', () => {
    expect(cardPaymentMessage('BC000124', 'accepted')).toBe('Commande BC000124 enregistrée et transmise');
    expect(cardPaymentMessage('BC000125', 'refused')).toBe(
      'Commande BC000125 enregistrée : paiement refusé, en attente de validation',
    );
  });
});
