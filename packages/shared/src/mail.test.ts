import { accountCreatedMail, orderConfirmationMail, passwordResetMail, paymentRefusedMail } from './mail';

const order = {
  customerName: 'Bâti <Ouest>',
  orderNumber: 'W000123',
  placedAt: new Date('2026-11-23T10:00:00Z'),
  lines: [
    { designation: 'Vis "inox" 4x40', codeArticle: 'VIS440', quantity: 3, unit: 'BTE', amountHt: 29.7 },
  ],
  shippingFee: 25,
  totalHt: 54.7,
  totalTtc: 65.64,
  paymentStatus: 'Commande terminée',
  carrier: 'Camion',
  deliveryAddress: ['Chantier', '1 rue Haute', '44000 Nantes'],
  orderUrl: 'https://boutique.fr/compte/detail-mouvement/7',
};

describe('the mails', () => {
  it('confirms an order with its lines and totals, in text and in escaped HTML', () => {
    const mail = orderConfirmationMail('Comptoir', order);
    expect(mail.subject).toBe('Comptoir : confirmation de votre commande W000123');
    expect(mail.text).toContain('Vis "inox" 4x40 (VIS440) : 3 BTE — 29,70\u00a0€ HT');
    expect(mail.text).toContain('Total TTC : 65,64\u00a0€');
    expect(mail.text).toContain('Livraison : Chantier, 1 rue Haute, 44000 Nantes');
    expect(mail.html).toContain('Bâti &lt;Ouest&gt;');
    expect(mail.html).toContain('Vis &quot;inox&quot; 4x40');
    expect(mail.html).not.toContain('<Ouest>');
  });

  it('welcomes a new account and tells a refused payment', () => {
    const welcome = accountCreatedMail('Comptoir', {
      name: 'Jeanne Martin',
      login: 'jeanne@martin.fr',
      loginUrl: 'https://boutique.fr/connexion',
    });
    expect(welcome.subject).toBe('Comptoir : votre compte est créé');
    expect(welcome.text).toContain('Votre identifiant : jeanne@martin.fr.');
    const refused = paymentRefusedMail('Comptoir', {
      customerName: 'Jeanne Martin',
      orderNumber: 'W000124',
      totalTtc: 120,
      orderUrl: 'https://boutique.fr/compte/detail-mouvement/8',
    });
    expect(refused.subject).toBe('Comptoir : paiement refusé pour la commande W000124');
    expect(refused.html).toContain('https://boutique.fr/compte/detail-mouvement/8');
  });

  it('sends a password-reset link, valid once and for a while, in text and HTML', () => {
    const mail = passwordResetMail('Comptoir', {
      name: 'Jeanne <Martin>',
      login: 'jeanne@martin.fr',
      resetUrl: 'https://boutique.fr/mot-de-passe-oublie/nouveau?jeton=abc&x=1',
      validMinutes: 60,
    });
    expect(mail.subject).toBe('Comptoir : réinitialisation de votre mot de passe');
    expect(mail.text).toContain('https://boutique.fr/mot-de-passe-oublie/nouveau?jeton=abc&x=1');
    expect(mail.text).toContain('valable 60 minutes');
    expect(mail.html).toContain('jeton=abc&amp;x=1');
    expect(mail.html).toContain('Jeanne &lt;Martin&gt;');
    expect(mail.html).toContain('Comptoir');
  });
});
