import { describe, expect, it } from 'vitest';
import { pluralWord, unitLabel, unitQuantity } from './unit-plural';

const nb = (text: string) => text.replaceAll('\u202f', ' ');

describe('unitQuantity', () => {
  it('writes the units of the demo shop as French does', () => {
    expect(nb(unitQuantity(1657, 'Sac'))).toBe('1 657 sacs');
    expect(unitQuantity(1, 'Sac')).toBe('1 sac');
    expect(unitQuantity(2, 'Boîte')).toBe('2 boîtes');
    expect(unitQuantity(3, 'Rouleau')).toBe('3 rouleaux');
    expect(unitQuantity(2.5, 'Mètre carré')).toBe('2,5 mètres carrés');
    expect(unitQuantity(1.5, 'Mètre')).toBe('1,5 mètre');
    expect(unitQuantity(0.25, 'Barre')).toBe('0,25 barre');
    expect(unitQuantity(12, 'Mètre linéaire')).toBe('12 mètres linéaires');
    expect(unitQuantity(4, 'Unité')).toBe('4 unités');
  });

  it('keeps a code in capitals and the words after a preposition', () => {
    expect(unitQuantity(12, 'PLQ')).toBe('12 PLQ');
    expect(unitQuantity(3, 'Sac de 35 kg')).toBe('3 sacs de 35 kg');
    expect(unitQuantity(3, '')).toBe('3');
  });
});

describe('pluralWord', () => {
  it('follows the rules of the plural', () => {
    expect(pluralWord('lot')).toBe('lots');
    expect(pluralWord('métal')).toBe('métaux');
    expect(pluralWord('pneu')).toBe('pneus');
    expect(pluralWord('tuyau')).toBe('tuyaux');
    expect(pluralWord('colis')).toBe('colis');
    expect(pluralWord('prix')).toBe('prix');
    expect(pluralWord('m²')).toBe('m²');
  });

  it('gives the singular label in lower case', () => {
    expect(unitLabel('Plaque', false)).toBe('plaque');
    expect(unitLabel('Plaque', true)).toBe('plaques');
  });
});
