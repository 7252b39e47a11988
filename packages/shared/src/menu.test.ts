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
  it("keeps the ERP's acronyms and numbers with 'min'", () => {
    expect(menuLabel('Plaques BA13', 'min')).toBe('Plaques BA13');
    expect(menuLabel('PVC évacuation', 'min')).toBe('PVC évacuation');
    expect(menuLabel('Multicouche et PER', 'min')).toBe('Multicouche et PER');
    expect(menuLabel('BA13 hydrofuge H1', 'min')).toBe('BA13 hydrofuge H1');
    expect(menuLabel('Gros Œuvre et Béton', 'min')).toBe('Gros œuvre et béton');
    expect(menuLabel('tubes PVC évacuation', 'min')).toBe('Tubes PVC évacuation');
    expect(menuLabel('CIMENTS et chaux', 'min')).toBe('Ciments et chaux');
    expect(menuLabel('Tubes PEHD et McKenzie', 'min')).toBe('Tubes PEHD et McKenzie');
  });
  it("keeps numbers and vowel-less acronyms of a label all in capitals with 'min'", () => {
    expect(menuLabel('PLAQUES BA13', 'min')).toBe('Plaques BA13');
    expect(menuLabel('PVC ÉVACUATION', 'min')).toBe('PVC évacuation');
    expect(menuLabel('GAINES VMC  ET ACCESSOIRES', 'min')).toBe('Gaines VMC  et accessoires');
    expect(menuLabel('CIMENTS ET CHAUX', 'min')).toBe('Ciments et chaux');
    expect(menuLabel('À', 'min')).toBe('À');
  });
  it("keeps the trade's acronyms that hold a vowel in a label all in capitals", () => {
    expect(menuLabel('MULTICOUCHE ET PER', 'min')).toBe('Multicouche et PER');
    expect(menuLabel('PANNEAUX OSB, MDF ET PSE', 'min')).toBe('Panneaux OSB, MDF et PSE');
    expect(menuLabel('TUBES PEHD', 'min')).toBe('Tubes PEHD');
    expect(menuLabel('PERCEUSES ET PERFORATEURS', 'min')).toBe('Perceuses et perforateurs');
  });
});

describe('menuCacheKey', () => {
  it('changes with the label case', () => {
    expect(menuCacheKey('maj')).not.toBe(menuCacheKey('min'));
  });
});
