import { matchesOrderFilters, orderListScope, readChangedOrder, type ChangedOrder } from './order-changes';

const order: ChangedOrder = {
  customerCode: 'DURAND',
  agencyCode: 'NORD',
  day: '2026-11-28',
  number: 'BC-7',
  customerReference: 'CHANTIER-12',
  cartType: 'TER',
};

describe('which orders-list pages a changed order can appear in', () => {
  it('reads an order as the notification names it, and nothing else', () => {
    expect(readChangedOrder(['DURAND', 'NORD', '2026-11-28', 'BC-7', 'CHANTIER-12', 'TER'])).toEqual(order);
    expect(readChangedOrder(['DURAND', 'NORD', null, 'BC-7', null, 'TER'])).toMatchObject({
      day: null,
      customerReference: null,
    });
    expect(readChangedOrder(['DURAND', 'NORD'])).toBeNull();
    expect(readChangedOrder({ customer: 'DURAND' })).toBeNull();
    expect(readChangedOrder(['DURAND', 1, null, 'BC-7', null, 'TER'])).toBeNull();
  });

  it('matches each filter as the list query does', () => {
    expect(matchesOrderFilters(order, {})).toBe(true);
    expect(matchesOrderFilters(order, { codeClient: 'DURAND' })).toBe(true);
    expect(matchesOrderFilters(order, { codeClient: 'MARTIN' })).toBe(false);
    expect(matchesOrderFilters(order, { codeAgence: 'SUD' })).toBe(false);
    expect(matchesOrderFilters(order, { dateDebut: '2026-11-28', dateFin: '2026-11-28' })).toBe(true);
    expect(matchesOrderFilters(order, { dateDebut: '2026-11-29' })).toBe(false);
    expect(matchesOrderFilters(order, { dateFin: '2026-11-27' })).toBe(false);
    expect(matchesOrderFilters({ ...order, day: null }, { dateFin: '2026-11-27' })).toBe(false);
    expect(matchesOrderFilters(order, { reference: 'BC-7' })).toBe(true);
    expect(matchesOrderFilters(order, { reference: 'CHANTIER-12' })).toBe(true);
    expect(matchesOrderFilters(order, { reference: 'BC-8' })).toBe(false);
    expect(matchesOrderFilters(order, { reference: 'bc-7' })).toBe(true);
    expect(matchesOrderFilters(order, { reference: 'chantier-12' })).toBe(true);
    expect(matchesOrderFilters(order, { codeClient: 'DURAND', codeAgence: 'SUD' })).toBe(false);
  });

  it('takes a row it cannot read as touching every page', () => {
    const scope = orderListScope({ codeClient: 'MARTIN' });
    expect(scope.table).toBe('orders');
    expect(scope.touches(['DURAND', 'NORD', '2026-11-28', 'BC-7', null, 'TER'])).toBe(false);
    expect(scope.touches(['MARTIN', 'NORD', '2026-11-28', 'BC-8', null, 'TER'])).toBe(true);
    expect(scope.touches('garbage')).toBe(true);
  });
});
