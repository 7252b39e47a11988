import { CART_TYPES, MOVEMENT_TYPES, ORDER_STATUSES } from '../domain';
import {
  ORDER_COLUMN_TITLES,
  ORDER_FILTER_LABELS,
  REEXPORT_CONFIRM,
  canValidatePayment,
  isValidated,
  movementTypeLabel,
  notExportableMessage,
  orderPageCount,
  orderStatusLabel,
  paymentNotValidatableMessage,
  paymentStatusLabel,
  paymentValidatedMessage,
  reexportDoneMessage,
  showAgencies,
  showOrderActions,
  unknownOrderMessage,
} from './labels';

describe('order status labels', () => {
  it('names the movement type', () => {
    expect(movementTypeLabel('web')).toBe('Commande validée web');
    expect(movementTypeLabel('cde')).toBe('Commande');
  });

  it.each([
    ['web', 'E_PRE', 'Commande validée web préparée'],
    ['web', 'E_DIS', 'Commande validée web en cours de préparation'],
    ['web', 'E_LIV', 'Commande validée web livrée'],
    ['cde', 'E_FAC', 'Commande facturée'],
    ['cde', 'E_LIVPAR', 'Commande partiellement livrée'],
    ['cde', 'E_CDEFOU', 'Commande en cours de réapprovisionnement'],
  ] as const)('%s + %s → %s', (movement, etat, label) => {
    expect(orderStatusLabel(movement, etat)).toBe(label);
  });

  it('is the movement type label alone without an etat', () => {
    expect(orderStatusLabel('web', null)).toBe('Commande validée web');
    expect(orderStatusLabel('web', null, 'TER')).toBe('Commande validée web');
    expect(orderStatusLabel('web', null, 'VAL')).toBe('Commande validée web');
    expect(orderStatusLabel('cde', undefined)).toBe('Commande');
  });

  it('never reads validated for a web order whose payment is awaited: a card refused, a cheque', () => {
    expect(orderStatusLabel('web', null, 'ATT')).toBe('Commande web : paiement non validé par la banque');
    expect(orderStatusLabel('web', null, 'AT2')).toBe('Commande web : en attente de validation du règlement');
    expect(orderStatusLabel('cde', null, 'ATT')).toBe('Commande');
  });

  it('has a label for every movement type and etat', () => {
    for (const movement of MOVEMENT_TYPES)
      for (const etat of ORDER_STATUSES) {
        const label = orderStatusLabel(movement, etat);
        expect(label.startsWith(`${movementTypeLabel(movement)} `)).toBe(true);
        expect(label.length).toBeGreaterThan(movementTypeLabel(movement).length + 1);
      }
  });
});

describe('payment status', () => {
  it.each([
    ['TER', 'Commande terminée'],
    ['VAL', 'Paiement validé'],
    ['ATT', 'Paiement non validé par la banque'],
    ['AT2', 'En attente de validation du règlement'],
  ] as const)('%s → %s', (typePanier, label) => {
    expect(paymentStatusLabel(typePanier)).toBe(label);
  });

  it('offers payment validation for ATT and AT2 only, and counts TER and VAL as validated', () => {
    expect(CART_TYPES.filter(canValidatePayment)).toEqual(['ATT', 'AT2']);
    expect(CART_TYPES.filter(isValidated)).toEqual(['TER', 'VAL']);
  });

  it('explains a refused validation with the payment status', () => {
    expect(paymentNotValidatableMessage('BC000123', 'TER')).toBe(
      'Le paiement de la commande BC000123 ne peut pas être validé : Commande terminée',
    );
  });

  it('confirms a validated payment', () => {
    expect(paymentValidatedMessage('BC000123')).toBe('Le paiement de la commande BC000123 a été validé');
  });

  it('names the unknown numero', () => {
    expect(unknownOrderMessage('BC999999')).toBe('Aucune commande ne porte le numéro BC999999');
  });
});

describe('orders list', () => {
  it('counts pages of 20, rounded up', () => {
    expect(orderPageCount(0)).toBe(0);
    expect(orderPageCount(1)).toBe(1);
    expect(orderPageCount(20)).toBe(1);
    expect(orderPageCount(21)).toBe(2);
    expect(orderPageCount(1_000_000)).toBe(50_000);
    expect(orderPageCount(45, 10)).toBe(5);
  });

  it('spells the texts of the contract', () => {
    expect(REEXPORT_CONFIRM).toBe('Etes-vous sûr(e) de vouloir renvoyer cette commande ?');
    expect(reexportDoneMessage(42)).toBe('La commande 42 a été ré-expedié');
    expect(notExportableMessage(42)).toBe(
      "La commande 42 n'est pas validée : elle n'a pas de fichier d'export",
    );
    expect(ORDER_FILTER_LABELS).toMatchObject({
      dateDebut: 'Entre le',
      dateFin: 'Et le',
      search: 'Rechercher',
    });
    expect(Object.values(ORDER_COLUMN_TITLES)).toEqual([
      'Date',
      'Id OEC',
      'Référence / N° de bon',
      'Agence',
      'Client',
      'Montants',
      'Règlement',
      'Statut',
      'Actions',
    ]);
  });

  it("shows the actions only when the setting is '1' (its default)", () => {
    expect(showOrderActions('1')).toBe(true);
    expect(showOrderActions(undefined)).toBe(true);
    expect(showOrderActions(null)).toBe(true);
    expect(showOrderActions('0')).toBe(false);
  });

  it('shows agencies only when there is more than one', () => {
    expect(showAgencies(0)).toBe(false);
    expect(showAgencies(1)).toBe(false);
    expect(showAgencies(2)).toBe(true);
  });
});
