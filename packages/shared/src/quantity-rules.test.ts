import { describe, expect, it } from 'vitest';
import {
  QUANTITY_MESSAGES,
  WHOLE_UNITS,
  checkQuantity,
  defaultUnitDecimals,
  firstQuantity,
  nearestAllowed,
  stockNote,
} from './quantity-rules';

const nb = (text: string) => text.replaceAll('\u202f', ' ');
const byTen = { decimales: 0, minimum: null, multiple: 10 };
const metres = { decimales: 2, minimum: null, multiple: null };

describe('checkQuantity', () => {
  it('raises a fraction of a whole unit, and says so', () => {
    expect(checkQuantity(1.5, WHOLE_UNITS, 'Sac', true)).toEqual({
      ok: true,
      quantity: 2,
      message: 'Vendu à l’unité : quantité portée à 2',
    });
  });

  it('refuses it on the server, naming the quantity to order', () => {
    expect(checkQuantity(2.5, WHOLE_UNITS, 'Sac', false)).toEqual({
      ok: false,
      message: 'Vendu à l’unité : commandez 3',
    });
  });

  it('raises to the multiple', () => {
    expect(checkQuantity(15, byTen, 'Sac', true)).toEqual({
      ok: true,
      quantity: 20,
      message: 'Vendu par 10 : quantité portée à 20',
    });
    expect(checkQuantity(20, byTen, 'Sac', false)).toEqual({ ok: true, quantity: 20, message: null });
  });

  it('raises to the minimum', () => {
    const rule = { decimales: 0, minimum: 5, multiple: null };
    expect(checkQuantity(3, rule, 'Sac', true)).toEqual({
      ok: true,
      quantity: 5,
      message: 'Minimum de commande 5 sacs : quantité portée à 5',
    });
  });

  it('keeps the decimals a measuring unit allows', () => {
    expect(checkQuantity(2.5, metres, 'Mètre', false)).toEqual({ ok: true, quantity: 2.5, message: null });
    expect(checkQuantity(2.555, metres, 'Mètre', true)).toEqual({
      ok: true,
      quantity: 2.56,
      message: 'Au plus 2 décimales : quantité portée à 2,56',
    });
  });

  it('refuses what cannot be raised', () => {
    expect(checkQuantity(0, WHOLE_UNITS, 'Sac', true)).toEqual({
      ok: false,
      message: QUANTITY_MESSAGES.positive,
    });
    expect(checkQuantity(-2, WHOLE_UNITS, 'Sac', true).ok).toBe(false);
    expect(checkQuantity(Number.NaN, WHOLE_UNITS, 'Sac', true)).toEqual({
      ok: false,
      message: QUANTITY_MESSAGES.invalid,
    });
    expect(checkQuantity(100_000, WHOLE_UNITS, 'Sac', true)).toEqual({
      ok: false,
      message: QUANTITY_MESSAGES.tooLarge,
    });
    expect(checkQuantity(99_995, byTen, 'Sac', true)).toEqual({
      ok: false,
      message: QUANTITY_MESSAGES.tooLarge,
    });
    expect(nb(QUANTITY_MESSAGES.tooLarge)).toBe('Quantité trop grande : 99 999 au maximum');
  });
});

describe('nearestAllowed and firstQuantity', () => {
  it('combines the unit, the minimum and the multiple', () => {
    expect(nearestAllowed(0.4, { decimales: 0, minimum: 12, multiple: 5 })).toBe(15);
    expect(nearestAllowed(1, { decimales: 0, minimum: null, multiple: 2.5 })).toBe(5);
    expect(firstQuantity(WHOLE_UNITS)).toBe(1);
    expect(firstQuantity(byTen)).toBe(10);
    expect(firstQuantity(metres)).toBe(1);
  });
});

describe('defaultUnitDecimals', () => {
  it('gives 2 to the measuring units, 0 to the others', () => {
    expect(['M', 'ML', 'M2', 'M3', 'KG', 't', 'L'].map(defaultUnitDecimals)).toEqual([2, 2, 2, 2, 2, 2, 2]);
    expect(['SAC', 'U', 'BTE', 'PLQ', 'BAR', 'XYZ'].map(defaultUnitDecimals)).toEqual([0, 0, 0, 0, 0, 0]);
  });
});

describe('stockNote', () => {
  it('refuses an unavailable article unless it may be ordered', () => {
    expect(stockNote({ state: 'indisponible', quantity: 0, delay: null }, 1, 'Sac')).toEqual({
      ok: false,
      message: 'Article indisponible',
    });
    expect(stockNote({ state: 'indisponible', quantity: 0, delay: 10 }, 1, 'Sac')).toEqual({
      ok: true,
      note: 'Sur commande (délai 10 jours)',
    });
  });

  it('says what is in stock and what will be ordered', () => {
    const note = stockNote({ state: 'enStock', quantity: 654, delay: null }, 99_999, 'Plaque');
    expect(note.ok && nb(note.note!)).toBe(
      'En stock : 654 plaques ; 99 345 plaques à commander au fournisseur',
    );
    expect(stockNote({ state: 'enStock', quantity: 654, delay: null }, 654, 'Plaque')).toEqual({
      ok: true,
      note: null,
    });
    expect(stockNote({ state: 'surCommande', quantity: null, delay: 1 }, 3, 'Sac')).toEqual({
      ok: true,
      note: 'Sur commande (délai 1 jour)',
    });
  });
});
