import { menuCacheKey, menuLabel } from './menu';

describe('menuLabel', () => {
  it("upper-cases with 'maj', accents included", () => {
    expect(menuLabel('Gros œuvre et béton', 'maj')).toBe('GROS ŒUVRE ET BÉTON');
  });
  it("capitalises with 'min'", () => {
    expect(menuLabel('CIMENTS ET CHAUX', 'min')).toBe('Ciments et chaux');
    expect(menuLabel('électricité', 'min')).toBe('Électricité');
    expect(menuLabel('', 'min')).toBe('');
  });
});

describe('menuCacheKey', () => {
  it('changes with the label case', () => {
    expect(menuCacheKey('maj')).not.toBe(menuCacheKey('min'));
  });
});
